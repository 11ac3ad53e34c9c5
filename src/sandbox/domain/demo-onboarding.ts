import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db';
import { findUserProfile, setUserProfile } from '../store/onboarding';
import { insertUser } from '../store/tenants';
import { emailFor, fixturePhone, personName } from './fixtures';
import { createFlow, openFlow, submitFlowPayoutMethod } from './flows';
import { submitTaxForm } from './onboarding-users';

/**
 * Onboarding's part of a tenant: a user in each verification state (unverified, in review, verified), each
 * compliance state (no tax form, a W-9 of an individual and of a business, a W-8BEN), and flows in progress (one
 * half done, one for a new payee not yet opened). A TIN is never kept: the forms keep their last four digits.
 */
export interface DemoOnboarding {
  users: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    status: string;
    tax_form: string;
  }[];
  flows: { id: string; link: string; user_id: string | null }[];
}

const STATES = [
  { status: 'unverified', form: 'none' },
  { status: 'in_review', form: 'none' },
  { status: 'verified', form: 'w9-individual' },
  { status: 'verified', form: 'w9-business' },
  { status: 'unverified', form: 'w8ben' },
] as const;

const ADDRESS = {
  line_1: '500 Howard Street',
  city: 'San Francisco',
  state: 'CA',
  country: 'US',
  postcode: '94105',
};

export function seedOnboarding(db: Db, orgId: string, nowMs: number, origin: string): DemoOnboarding {
  const created = new Date(nowMs).toISOString();
  const users = STATES.map((state) => {
    const person = personName();
    const user = { id: randomUUID(), ...person, email: emailFor(person.first_name, person.last_name) };
    insertUser(db, { ...user, ...fixturePhone(), org_id: orgId, status: state.status, created });
    const row = findUserProfile(db, orgId, user.id);
    if (row && state.form !== 'none') {
      const tin = state.form === 'w9-business' ? '461234567' : '521874963';
      submitTaxForm(
        db,
        row,
        state.form === 'w8ben'
          ? {
              w8ben: {
                name: `${person.first_name} ${person.last_name}`,
                citizenship_country: 'GB',
                date_of_birth: '1988-02-03',
                foreign_tax_id: 'AB123456C',
                address: { line_1: '10 Downing Street', city: 'London', country: 'GB', postcode: 'SW1A 2AA' },
                signature: {
                  consent: true,
                  name: `${person.first_name} ${person.last_name}`,
                  email: user.email,
                },
              },
            }
          : {
              w9: {
                entity_type: state.form === 'w9-business' ? 'business' : 'individual',
                ...(state.form === 'w9-business' ? { business_name: `${person.last_name} Studio LLC` } : {}),
                first_name: person.first_name,
                last_name: person.last_name,
                date_of_birth: '1985-07-08',
                tin,
                address: ADDRESS,
              },
            },
        nowMs,
      );
    }
    if (state.status === 'in_review') setUserProfile(db, user.id, { status: 'in_review' });
    return { ...user, status: state.status, tax_form: state.form };
  });
  const caller = { db, tenant: { orgId, clientId: '' }, appId: undefined, nowMs };
  const unverified = users[0];
  // A flow for a user asks them to sign in (require_auth), so that it lasts as long as a new payee's: 72 hours.
  const halfDone = createFlow(
    caller,
    { user_id: unverified?.id, steps: ['manage-payouts', 'compliance'], require_auth: true },
    origin,
  );
  const open = openFlow(db, new URL(halfDone.link).pathname.split('/').pop() ?? '', nowMs);
  submitFlowPayoutMethod(
    db,
    open,
    { platform: 'paypal', email: unverified?.email ?? 'payee@example.com' },
    nowMs,
  );
  const flows = [
    halfDone,
    createFlow(caller, { steps: ['compliance', 'manage-payouts'], metadata: { source: 'demo' } }, origin),
  ];
  return { users, flows: flows.map((f) => ({ id: f.id, link: f.link, user_id: f.user_id })) };
}

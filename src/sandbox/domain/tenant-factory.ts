import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../store/db';
import {
  insertApp,
  insertBankAccount,
  insertCustomer,
  insertOrganization,
  insertUser,
} from '../store/tenants';
import { hashApiKey, newApiKey } from './auth';
import { demoPlan } from './demo-data';
import {
  companyName,
  complianceRecord,
  emailFor,
  FIXTURE_ROUTING_NUMBERS,
  fixtureLast4,
  fixturePhone,
  personName,
} from './fixtures';
import { payoutMethodView } from './payout-method';
import { populate } from './populate';

export interface TenantOptions {
  /** Fixed credentials (the demo tenant); random otherwise. */
  clientId?: string;
  apiKey?: string;
  organizationId?: string;
  name?: string;
  /** false: the organization has no compliance record (to test the copy's refusal). */
  compliance?: boolean;
  /** More people and transfers, as the demo has them (for tests that need volume). */
  volume?: { users: number; transfers: number };
}

export interface CreatedTenant {
  client_id: string;
  api_key: string;
  organization: { id: string; name: string };
  apps: { id: string; name: string }[];
  users: {
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    payout_methods: {
      id: string;
      platform: 'ach';
      mask: string;
      account_type: string;
      description: string;
    }[];
  }[];
  customers: { id: string; name: string }[];
}

/**
 * Makes an organization with 2 apps, 2 users with stored ACH accounts (the first has two), and a payment customer;
 * with `volume`, that many more users and transfers as the demo has them (the demo's names, a seed of this tenant's).
 * Every id is a fresh UUID; only the last four digits of any account exist anywhere.
 */
export function createTenant(db: Db, options: TenantOptions = {}, now = new Date()): CreatedTenant {
  const created = now.toISOString();
  const name = options.name ?? companyName();
  const apiKey = options.apiKey ?? newApiKey();
  const organization = { id: options.organizationId ?? randomUUID(), name };
  const clientId = options.clientId ?? randomUUID();
  const compliance = options.compliance === false ? null : JSON.stringify(complianceRecord(name));

  return db.transaction((): CreatedTenant => {
    insertOrganization(db, {
      ...organization,
      client_id: clientId,
      key_hash: hashApiKey(apiKey),
      compliance,
      balance: 0,
      created,
    });
    const apps = [`${name} Marketplace`, `${name} Payouts`].map((appName) => {
      const app = { id: randomUUID(), name: appName };
      insertApp(db, { ...app, org_id: organization.id, compliance: null, balance: 0, created });
      return app;
    });
    const users = [2, 1].map((accountCount, index) => {
      const person = personName();
      const user = { id: randomUUID(), ...person, email: emailFor(person.first_name, person.last_name) };
      insertUser(db, { ...user, ...fixturePhone(), org_id: organization.id, status: 'verified', created });
      const payout_methods = Array.from({ length: accountCount }, (_, n) => {
        const account = {
          id: randomUUID(),
          last4: fixtureLast4(),
          account_type: n === 0 ? ('checking' as const) : ('savings' as const),
          routing_number: FIXTURE_ROUTING_NUMBERS[(index + n) % FIXTURE_ROUTING_NUMBERS.length] as string,
        };
        insertBankAccount(db, { ...account, org_id: organization.id, user_id: user.id, stored: 1, created });
        return payoutMethodView(account);
      });
      return { ...user, payout_methods };
    });
    const person = personName();
    const customer = { id: randomUUID(), ...person, email: emailFor(person.first_name, person.last_name) };
    insertCustomer(db, {
      ...customer,
      ...fixturePhone(),
      business_name: null,
      org_id: organization.id,
      created,
    });
    const more = options.volume
      ? populate(
          db,
          { orgId: organization.id, apps },
          demoPlan(now.getTime(), options.volume, randomInt(2 ** 31)),
        )
      : { users: [], customers: [] };
    return {
      client_id: clientId,
      api_key: apiKey,
      organization,
      apps,
      users: [...users, ...more.users],
      customers: [
        { id: customer.id, name: `${customer.first_name} ${customer.last_name}` },
        ...more.customers,
      ],
    };
  })();
}

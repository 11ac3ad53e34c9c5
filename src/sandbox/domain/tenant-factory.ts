import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../store/db';
import {
  defaultMethodOf,
  insertApp,
  insertBankAccount,
  insertCustomer,
  insertOrganization,
  insertUser,
} from '../store/tenants';
import { type HelperCaller, hashApiKey, newApiKey } from './auth';
import { demoPlan } from './demo-data';
import { type DemoOnboarding, seedOnboarding } from './demo-onboarding';
import {
  companyName,
  complianceRecord,
  emailFor,
  FIXTURE_ROUTING_NUMBERS,
  fixtureLast4,
  fixturePhone,
  personName,
} from './fixtures';
import { openingBalance } from './ledger';
import { addPayoutMethod, payoutMethodsOf } from './payout-method';
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
  /** Users in each verification and tax-form state, and flows in progress (demo-onboarding.ts). */
  onboarding?: boolean;
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
    /** The user's status at the service: a volume tenant has disabled users too, as the demo does. */
    status: string;
    /** Bank accounts first (`platform: 'ach'`), then wallets (PayPal, Venmo, Cash App); the default marked. */
    payout_methods: {
      id: string;
      platform: 'ach' | 'paypal' | 'venmo' | 'cash_app';
      description: string;
      mask?: string;
      account_type?: string;
      email?: string;
      phone_number?: string;
      handle?: string;
      cash_tag?: string;
      is_default?: boolean;
    }[];
  }[];
  customers: { id: string; name: string }[];
  onboarding?: DemoOnboarding;
}

/** What the first app's wallet starts with: enough for a test's payouts, a file of a thousand of them included. */
export const TENANT_WALLET_CENTS = 10_000_000;

/** The origin a seeded flow's link names when made (a reader's own origin replaces it in every answer). */
const FLOW_ORIGIN = 'http://127.0.0.1:8080';

/**
 * Makes an organization with 2 apps (the first with $100,000.00 in its wallet), 2 users with stored ACH accounts (the
 * first has two, and Venmo; the second PayPal, its default, and Cash App), and a payment customer;
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
    const apps = [`${name} Marketplace`, `${name} Payouts`].map((appName, index) => {
      const app = { id: randomUUID(), name: appName };
      insertApp(db, { ...app, org_id: organization.id, compliance: null, balance: 0, created });
      if (index === 0) openingBalance(db, organization.id, app, TENANT_WALLET_CENTS, Date.parse(created));
      return app;
    });
    // Each person of the tenant by a name of their own: a file or a picker finds a person by name.
    const names = new Set<string>();
    const namedAnew = () => {
      const person = personName(names);
      names.add(`${person.first_name} ${person.last_name}`);
      return person;
    };
    const users = [2, 1].map((accountCount, index) => {
      const person = namedAnew();
      const user = { id: randomUUID(), ...person, email: emailFor(person.first_name, person.last_name) };
      insertUser(db, { ...user, ...fixturePhone(), org_id: organization.id, status: 'verified', created });
      for (let n = 0; n < accountCount; n++) {
        const account = {
          id: randomUUID(),
          last4: fixtureLast4(),
          account_type: n === 0 ? ('checking' as const) : ('savings' as const),
          routing_number: FIXTURE_ROUTING_NUMBERS[(index + n) % FIXTURE_ROUTING_NUMBERS.length] as string,
        };
        insertBankAccount(db, { ...account, org_id: organization.id, user_id: user.id, stored: 1, created });
      }
      // Each kind of payout method, somewhere: Venmo for the first user; PayPal (the default) and Cash App for the
      // second, at addresses of the user's own name (never a magic failing one).
      const handle = `${user.first_name}-${user.last_name}-${index + 1}`.toLowerCase();
      const wallets =
        index === 0
          ? [{ platform: 'venmo' as const, handle }]
          : [
              { platform: 'paypal' as const, email: user.email, is_default: true },
              { platform: 'cash_app' as const, cash_tag: `$${handle.replaceAll('-', '').slice(0, 19)}` },
            ];
      for (const wallet of wallets) addPayoutMethod(db, organization.id, user.id, wallet, created);
      return {
        ...user,
        status: 'verified',
        payout_methods: payoutMethodsOf(db, { id: user.id, default_method_id: defaultMethodOf(db, user.id) }),
      };
    });
    const person = namedAnew();
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
    const onboarding = options.onboarding
      ? seedOnboarding(db, organization.id, now.getTime(), FLOW_ORIGIN)
      : undefined;
    return {
      ...(onboarding ? { onboarding } : {}),
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

/** What POST /sandbox/tenants takes: a compliance record or none, and volume as the demo has it. */
export interface TestTenantRequest {
  compliance?: boolean | undefined;
  onboarding?: boolean | undefined;
  users?: number | undefined;
  transfers?: number | undefined;
}

/** A sandbox helper: a fresh tenant for a test; transfers need a user to make them, so they bring one at least. */
export function createTestTenant({ db, nowMs }: HelperCaller, request: TestTenantRequest): CreatedTenant {
  const volume =
    request.users || request.transfers
      ? { users: Math.max(request.users ?? 0, request.transfers ? 1 : 0), transfers: request.transfers ?? 0 }
      : undefined;
  return createTenant(
    db,
    { compliance: request.compliance, volume, onboarding: request.onboarding === true },
    new Date(nowMs),
  );
}

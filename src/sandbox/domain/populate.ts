import { randomUUID } from 'node:crypto';
import { insertAddress } from '../store/addresses';
import type { Db } from '../store/db';
import { insertBankAccount, insertCustomer, insertUser } from '../store/tenants';
import { appendStatusHistory, insertTransfer } from '../store/transfers';
import type { DemoAccount, DemoPlan } from './demo-data';
import { randomHex, uuidV7 } from './ids';
import { paymentTakenBackBy, postPayment, takeBackPayment } from './payment-money';
import { payoutMethodView } from './payout-method';

export interface PopulatedUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  status: string;
  payout_methods: ReturnType<typeof payoutMethodView>[];
}

/**
 * Writes a plan's people, accounts, addresses and transfers into an organization whose apps exist (a plan's app index
 * maps onto them in turn). Each transfer gets its whole status history and its transaction; money that arrived and
 * stayed (completed, not returned) goes into the app's and the organization's balance, so that balances agree with
 * the transfers. Runs in the caller's transaction.
 */
export function populate(
  db: Db,
  target: { orgId: string; apps: { id: string; name: string }[] },
  plan: Pick<DemoPlan, 'users' | 'customers' | 'transfers'>,
): { users: PopulatedUser[]; customers: { id: string; name: string }[] } {
  const { orgId } = target;
  const iso = (ms: number) => new Date(ms).toISOString();
  const users = plan.users.map((person) => {
    const id = randomUUID();
    const created = iso(person.createdMs);
    insertUser(db, {
      id,
      org_id: orgId,
      first_name: person.first_name ?? '',
      last_name: person.last_name ?? '',
      email: person.email,
      country_code: person.country_code,
      phone_number: person.phone_number,
      status: person.status,
      created,
    });
    const accounts = person.accounts.map((account) => {
      const stored = { id: randomUUID(), ...account };
      insertBankAccount(db, { ...stored, org_id: orgId, user_id: id, stored: 1, created });
      return stored;
    });
    for (const address of person.addresses) {
      insertAddress(db, {
        id: randomUUID(),
        user_id: id,
        ...address,
        line_2: null,
        line_3: null,
        created,
        created_ms: person.createdMs,
      });
    }
    return { id, name: `${person.first_name} ${person.last_name}`, accounts, person };
  });
  const customers = plan.customers.map((person) => {
    const id = randomUUID();
    insertCustomer(db, {
      id,
      org_id: orgId,
      first_name: person.first_name,
      last_name: person.last_name,
      business_name: person.business_name,
      email: person.email,
      country_code: person.country_code,
      phone_number: person.phone_number,
      created: iso(person.createdMs),
    });
    const name = person.business_name ?? `${person.first_name} ${person.last_name}`;
    return { id, name };
  });

  for (const transfer of plan.transfers) {
    const user = transfer.payer.kind === 'user' ? users[transfer.payer.index] : undefined;
    const customer = transfer.payer.kind === 'customer' ? customers[transfer.payer.index] : undefined;
    const app = target.apps[transfer.app % target.apps.length];
    const first = transfer.history[0];
    const last = transfer.history.at(-1);
    if ((!user && !customer) || !app || !first || !last) continue;
    const storedAccount =
      transfer.storedAccount === null ? undefined : user?.accounts[transfer.storedAccount];
    let accountId: string | undefined = storedAccount?.id;
    if (accountId === undefined) {
      const oneOff = transfer.oneOff as DemoAccount;
      accountId = uuidV7(first.atMs);
      insertBankAccount(db, {
        id: accountId,
        org_id: orgId,
        user_id: user?.id ?? null,
        stored: 0,
        ...oneOff,
        created: iso(first.atMs),
      });
    }
    const id = uuidV7(first.atMs);
    const metadata = transfer.metadata === null ? null : JSON.stringify(transfer.metadata);
    insertTransfer(db, {
      id,
      org_id: orgId,
      app_id: app.id,
      user_id: user?.id ?? null,
      customer_id: customer?.id ?? null,
      status: last.status,
      type: 'payment',
      amount: transfer.amount,
      account_id: accountId ?? null,
      external_id: `ach_${randomHex(24)}`,
      platform: 'ach',
      metadata,
      outcome: transfer.outcome,
      failure_code: transfer.failure?.code ?? null,
      failure_message: transfer.failure?.message ?? null,
      created: iso(first.atMs),
      created_ms: first.atMs,
      status_changed_ms: last.atMs,
    });
    for (const step of transfer.history) {
      appendStatusHistory(db, { transfer_id: id, status: step.status, at: iso(step.atMs) });
    }
    // Its line from the moment it was made, and one of its own that takes the money back if it did not stay.
    const payment = { id, org_id: orgId, app_id: app.id, amount: transfer.amount, metadata };
    const names = { payer: user?.name ?? customer?.name ?? '', app: app.name };
    postPayment(db, payment, names, first.atMs);
    if (paymentTakenBackBy(last.status)) takeBackPayment(db, payment, names, last.status, last.atMs);
  }

  return {
    users: users.map(({ id, person, accounts }) => ({
      id,
      first_name: person.first_name ?? '',
      last_name: person.last_name ?? '',
      email: person.email,
      status: person.status,
      payout_methods: accounts.map(payoutMethodView),
    })),
    customers,
  };
}

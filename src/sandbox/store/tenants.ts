import { searchTermsOf } from '../../lib/people-search';
import type { Db } from './db';
import { sql } from './prepare';

export interface OrganizationRow {
  id: string;
  name: string;
  client_id: string;
  key_hash: Buffer;
  compliance: string | null;
  balance: number;
  created: string;
}
export interface AppRow {
  id: string;
  org_id: string;
  name: string;
  compliance: string | null;
  balance: number;
  created: string;
  /** created, in_review or approved (onboarding-migrations.ts; approved before apps could be made). */
  status?: string;
  metadata?: string | null;
}
export interface UserRow {
  id: string;
  org_id: string;
  first_name: string;
  last_name: string;
  email: string;
  country_code: string | null;
  phone_number: string | null;
  status: string;
  created: string;
  /** The payout method a `default` payout goes to (the first one when unset). */
  default_method_id?: string | null;
  /** The user's own Dots wallet, in cents: what a payout without `fund` pays from. */
  wallet?: number;
}
/** A person (first and last name) or a business (business name), as the vendor's payment customers are. */
export interface CustomerRow {
  id: string;
  org_id: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  email: string;
  country_code: string | null;
  phone_number: string | null;
  created: string;
}
export interface BankAccountRow {
  id: string;
  org_id: string;
  user_id: string | null;
  stored: number;
  last4: string;
  routing_number: string;
  account_type: 'checking' | 'savings';
  created: string;
}

export function insertOrganization(db: Db, row: OrganizationRow): void {
  sql(
    db,
    `INSERT INTO organizations (id, name, client_id, key_hash, compliance, balance, created)
     VALUES (@id, @name, @client_id, @key_hash, @compliance, @balance, @created)`,
  ).run(row);
}

export function insertApp(db: Db, row: AppRow): void {
  sql(
    db,
    `INSERT INTO apps (id, org_id, name, compliance, balance, created)
     VALUES (@id, @org_id, @name, @compliance, @balance, @created)`,
  ).run(row);
}

/** Indexes a person by the terms that find them (lib/people-search.ts), for the lists' search. */
function indexPerson(db: Db, kind: 'user' | 'customer', orgId: string, seq: number, row: object): void {
  const insert = sql(
    db,
    'INSERT OR IGNORE INTO search_terms (org_id, kind, term, person_seq) VALUES (?, ?, ?, ?)',
  );
  for (const term of searchTermsOf(row)) insert.run(orgId, kind, term, seq);
}

export function insertUser(db: Db, row: UserRow): void {
  const { lastInsertRowid } = sql(
    db,
    `INSERT INTO users (id, org_id, first_name, last_name, email, country_code, phone_number, status, created)
     VALUES (@id, @org_id, @first_name, @last_name, @email, @country_code, @phone_number, @status, @created)`,
  ).run(row);
  indexPerson(db, 'user', row.org_id, Number(lastInsertRowid), row);
}

export function insertCustomer(db: Db, row: CustomerRow): void {
  const { lastInsertRowid } = sql(
    db,
    `INSERT INTO customers (id, org_id, first_name, last_name, business_name, email, country_code, phone_number,
       created)
     VALUES (@id, @org_id, @first_name, @last_name, @business_name, @email, @country_code, @phone_number, @created)`,
  ).run(row);
  indexPerson(db, 'customer', row.org_id, Number(lastInsertRowid), row);
}

export function insertBankAccount(db: Db, row: BankAccountRow): void {
  sql(
    db,
    `INSERT INTO bank_accounts (id, org_id, user_id, stored, last4, routing_number, account_type, created)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    row.id,
    row.org_id,
    row.user_id,
    row.stored,
    row.last4,
    row.routing_number,
    row.account_type,
    row.created,
  );
}

export function findOrganizationByClientId(db: Db, clientId: string): OrganizationRow | undefined {
  return sql<OrganizationRow>(db, 'SELECT * FROM organizations WHERE client_id = ?').get(clientId);
}

export interface ClientCredentials {
  orgId: string;
  clientId: string;
  keyHash: Buffer;
}

/** The credentials of a client id, for authentication on every request. */
export function findClientCredentials(db: Db, clientId: string): ClientCredentials | undefined {
  const row = sql<Pick<OrganizationRow, 'id' | 'client_id' | 'key_hash'>>(
    db,
    'SELECT id, client_id, key_hash FROM organizations WHERE client_id = ?',
  ).get(clientId);
  return row && { orgId: row.id, clientId: row.client_id, keyHash: row.key_hash };
}

export function getOrganization(db: Db, orgId: string): OrganizationRow | undefined {
  return sql<OrganizationRow>(db, 'SELECT * FROM organizations WHERE id = ?').get(orgId);
}

/** Rows of one tenant only: another organization's id reads as absent, by construction. */
export function findApp(db: Db, orgId: string, appId: string): AppRow | undefined {
  return sql<AppRow>(db, 'SELECT * FROM apps WHERE id = ? AND org_id = ?').get(appId, orgId);
}

/** An app of any tenant (sandbox helpers, which take no credentials). */
export function findAppAnyTenant(db: Db, appId: string): AppRow | undefined {
  return sql<AppRow>(db, 'SELECT * FROM apps WHERE id = ?').get(appId);
}

export function findUser(db: Db, orgId: string, userId: string): UserRow | undefined {
  return sql<UserRow>(db, 'SELECT * FROM users WHERE id = ? AND org_id = ? AND deleted_ms IS NULL').get(
    userId,
    orgId,
  );
}

/** An app as a payment names it. */
export interface NamedApp {
  id: string;
  name: string;
}

/** A user or a payment customer as a payment names them. */
export interface NamedPerson {
  id: string;
  first_name: string;
  last_name: string;
}

/** The app a payment credits: the one named, or else the organization's first. */
export function creditedAppOf(db: Db, orgId: string, appId: string | undefined): NamedApp | undefined {
  return appId
    ? sql<NamedApp>(db, 'SELECT id, name FROM apps WHERE id = ? AND org_id = ?').get(appId, orgId)
    : sql<NamedApp>(db, 'SELECT id, name FROM apps WHERE org_id = ? ORDER BY seq LIMIT 1').get(orgId);
}

export function namedUser(db: Db, orgId: string, userId: string): NamedPerson | undefined {
  return sql<NamedPerson>(db, 'SELECT id, first_name, last_name FROM users WHERE id = ? AND org_id = ?').get(
    userId,
    orgId,
  );
}

/** A payment customer as a payment names them: a business by its name, a person by theirs. */
export function namedCustomer(db: Db, orgId: string, customerId: string): NamedPerson | undefined {
  return sql<NamedPerson>(
    db,
    `SELECT id, COALESCE(business_name, first_name, '') AS first_name,
       CASE WHEN business_name IS NULL THEN COALESCE(last_name, '') ELSE '' END AS last_name
     FROM customers WHERE id = ? AND org_id = ?`,
  ).get(customerId, orgId);
}

/** The payout method a user marked as their default, if any. */
export function defaultMethodOf(db: Db, userId: string): string | null {
  return (
    sql<string | null>(db, 'SELECT default_method_id FROM users WHERE id = ?').pluck().get(userId) ?? null
  );
}

export function listStoredAccounts(db: Db, userId: string): BankAccountRow[] {
  return sql<BankAccountRow>(
    db,
    'SELECT * FROM bank_accounts WHERE user_id = ? AND stored = 1 ORDER BY seq',
  ).all(userId);
}

export function findBankAccount(db: Db, orgId: string, accountId: string): BankAccountRow | undefined {
  return sql<BankAccountRow>(db, 'SELECT * FROM bank_accounts WHERE id = ? AND org_id = ?').get(
    accountId,
    orgId,
  );
}

/** A user's status (a test makes a user disabled as the service would). */
export function setUserStatus(db: Db, userId: string, status: string): boolean {
  return sql(db, 'UPDATE users SET status = ? WHERE id = ?').run(status, userId).changes === 1;
}

export function setAppCompliance(db: Db, appId: string, compliance: string): void {
  sql(db, 'UPDATE apps SET compliance = ? WHERE id = ?').run(compliance, appId);
}

/** Every app of the organization, oldest first (the treasury's wallets). */
export function listApps(db: Db, orgId: string): AppRow[] {
  return sql<AppRow>(
    db,
    'SELECT id, org_id, name, compliance, balance, created FROM apps WHERE org_id = ? ORDER BY seq',
  ).all(orgId);
}

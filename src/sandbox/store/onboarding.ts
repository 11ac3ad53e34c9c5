import type { Db } from './db';
import { sql } from './prepare';
import type { AppRow, UserRow } from './tenants';

/** The SQL of onboarding: users' profile, verification and tax form, flows, payment customers' and apps' extras. */

export interface UserProfileRow extends UserRow {
  date_of_birth: string | null;
  auto_payout: number;
  metadata: string | null;
  adjustment_1099: string | null;
  exclude_list: string | null;
  /** The tax form as stored: JSON without its TIN (`tin_last4` only). */
  tax_form: string | null;
  deleted_ms: number | null;
  verification_code: string | null;
  verification_sent_ms: number | null;
  verification_failures: number;
  verification_locked_until_ms: number | null;
}

export function findUserProfile(db: Db, orgId: string, userId: string): UserProfileRow | undefined {
  return sql<UserProfileRow>(
    db,
    'SELECT * FROM users WHERE id = ? AND org_id = ? AND deleted_ms IS NULL',
  ).get(userId, orgId);
}

/** A user of any tenant, by id (the hosted flow's pages and the helpers, which have no tenant). */
export function findUserProfileById(db: Db, userId: string): UserProfileRow | undefined {
  return sql<UserProfileRow>(db, 'SELECT * FROM users WHERE id = ? AND deleted_ms IS NULL').get(userId);
}

/** Who else of the organization has this email or this phone (a deleted user frees both). */
export function usersHolding(
  db: Db,
  orgId: string,
  email: string,
  countryCode: string,
  phone: string,
  /** A user whose own details these are (an update): not counted. */
  exceptUserId = '',
): { email: boolean; phone: boolean } {
  const email_ = sql<number>(
    db,
    'SELECT count(*) FROM users WHERE org_id = ? AND email = ? COLLATE NOCASE AND deleted_ms IS NULL AND id <> ?',
  )
    .pluck()
    .get(orgId, email, exceptUserId);
  const phone_ = sql<number>(
    db,
    'SELECT count(*) FROM users WHERE org_id = ? AND country_code = ? AND phone_number = ? AND deleted_ms IS NULL AND id <> ?',
  )
    .pluck()
    .get(orgId, countryCode, phone, exceptUserId);
  return { email: (email_ ?? 0) > 0, phone: (phone_ ?? 0) > 0 };
}

export function setUserProfile(
  db: Db,
  userId: string,
  fields: Partial<
    Pick<
      UserProfileRow,
      | 'date_of_birth'
      | 'auto_payout'
      | 'metadata'
      | 'adjustment_1099'
      | 'exclude_list'
      | 'tax_form'
      | 'default_method_id'
      | 'status'
      | 'first_name'
      | 'last_name'
      | 'email'
      | 'country_code'
      | 'phone_number'
    >
  >,
): void {
  const names = Object.keys(fields).filter((name) => /^[a-z_0-9]+$/.test(name));
  if (names.length === 0) return;
  sql(db, `UPDATE users SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`).run({
    ...fields,
    id: userId,
  });
}

export function markUserDeleted(db: Db, userId: string, nowMs: number): void {
  sql(db, 'UPDATE users SET deleted_ms = ? WHERE id = ?').run(nowMs, userId);
  sql(
    db,
    "DELETE FROM search_terms WHERE kind = 'user' AND person_seq = (SELECT seq FROM users WHERE id = ?)",
  ).run(userId);
}

/** Transfers of the user still on their way (a delete waits for them). */
export function pendingTransfersOf(db: Db, userId: string): number {
  return (
    sql<number>(
      db,
      "SELECT count(*) FROM transfers WHERE user_id = ? AND status IN ('created', 'pending', 'processing')",
    )
      .pluck()
      .get(userId) ?? 0
  );
}

export function setVerification(
  db: Db,
  userId: string,
  state: Pick<
    UserProfileRow,
    'verification_code' | 'verification_sent_ms' | 'verification_failures' | 'verification_locked_until_ms'
  >,
): void {
  sql(
    db,
    `UPDATE users SET verification_code = @verification_code, verification_sent_ms = @verification_sent_ms,
       verification_failures = @verification_failures, verification_locked_until_ms = @verification_locked_until_ms
     WHERE id = @id`,
  ).run({ ...state, id: userId });
}

export interface FlowRow {
  seq: number;
  id: string;
  org_id: string;
  user_id: string | null;
  token: string;
  csrf: string;
  steps: string;
  options: string;
  completed_steps: string;
  metadata: string | null;
  created: string;
  created_ms: number;
  expires_ms: number | null;
}

export function insertFlow(db: Db, row: Omit<FlowRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO flows (id, org_id, user_id, token, csrf, steps, options, completed_steps, metadata, created,
       created_ms, expires_ms)
     VALUES (@id, @org_id, @user_id, @token, @csrf, @steps, @options, @completed_steps, @metadata, @created,
       @created_ms, @expires_ms)`,
  ).run(row);
}

export function findFlow(db: Db, orgId: string, flowId: string): FlowRow | undefined {
  return sql<FlowRow>(db, 'SELECT * FROM flows WHERE id = ? AND org_id = ?').get(flowId, orgId);
}

export function findFlowByToken(db: Db, token: string): FlowRow | undefined {
  return sql<FlowRow>(db, 'SELECT * FROM flows WHERE token = ?').get(token);
}

export function pageOfFlows(
  db: Db,
  filter: { orgId: string; userId?: string | undefined },
  page: { limit: number; after?: number | undefined; before?: number | undefined },
): { rows: FlowRow[]; more: boolean } {
  const where = ['org_id = @orgId'];
  if (filter.userId) where.push('user_id = @userId');
  if (page.after !== undefined) where.push('seq < @cursor');
  if (page.before !== undefined) where.push('seq > @cursor');
  const direction = page.before !== undefined ? 'ASC' : 'DESC';
  const rows = sql<FlowRow>(
    db,
    `SELECT * FROM flows WHERE ${where.join(' AND ')} ORDER BY seq ${direction} LIMIT @take`,
  ).all({ ...filter, cursor: page.after ?? page.before, take: page.limit + 1 });
  const kept = rows.slice(0, page.limit);
  return { rows: page.before !== undefined ? kept.reverse() : kept, more: rows.length > page.limit };
}

export function flowSeq(db: Db, orgId: string, flowId: string): number | undefined {
  return sql<number>(db, 'SELECT seq FROM flows WHERE id = ? AND org_id = ?').pluck().get(flowId, orgId);
}

/** A flow's options as they are now (a payee who confirmed it is them, on a flow that requires it). */
export function setFlowOptions(db: Db, flowId: string, options: string): void {
  sql(db, 'UPDATE flows SET options = ? WHERE id = ?').run(options, flowId);
}

export function setFlowProgress(db: Db, flowId: string, completed: string, userId: string | null): void {
  sql(db, 'UPDATE flows SET completed_steps = ?, user_id = COALESCE(?, user_id) WHERE id = ?').run(
    completed,
    userId,
    flowId,
  );
}

export interface AppExtrasRow extends AppRow {
  status: string;
  metadata: string | null;
  kyb_token: string | null;
  kyb_expires_ms: number | null;
}

export function findAppExtras(db: Db, orgId: string, appId: string): AppExtrasRow | undefined {
  return sql<AppExtrasRow>(db, 'SELECT * FROM apps WHERE id = ? AND org_id = ?').get(appId, orgId);
}

export function setAppStatusAndMetadata(
  db: Db,
  appId: string,
  status: string,
  metadata: string | null,
): void {
  sql(db, 'UPDATE apps SET status = ?, metadata = ? WHERE id = ?').run(status, metadata, appId);
}

export function setKybLink(db: Db, appId: string, token: string, expiresMs: number): void {
  sql(db, 'UPDATE apps SET kyb_token = ?, kyb_expires_ms = ? WHERE id = ?').run(token, expiresMs, appId);
}

export function setCustomerExtras(
  db: Db,
  customerId: string,
  extras: { middle_name: string | null; address: string | null; metadata: string | null },
): void {
  sql(
    db,
    'UPDATE customers SET middle_name = @middle_name, address = @address, metadata = @metadata WHERE id = @id',
  ).run({ ...extras, id: customerId });
}

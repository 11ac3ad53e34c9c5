import type { ApRole, PayableStatus } from '../../lib/ap-states';
import type { Bill } from '../../lib/wire/resources';
import type { Db } from './db';

export type { ApRole, PayableStatus };

import { pageFrom, sql } from './prepare';

/** Accounts payable's SQL (tables: accounts-payable-schema.ts). JSON columns are read and written as text. */

export interface ApUserRow {
  id: number;
  org_id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: ApRole;
  created: string;
}

export interface VendorRow {
  seq: number;
  id: string;
  org_id: string;
  app_id: string;
  name: string;
  contact_email: string | null;
  external_id: string | null;
  address: string;
  created: string;
  created_ms: number;
  deleted: number;
}

export interface VendorMethodRow {
  seq: number;
  id: string;
  org_id: string;
  vendor_id: string;
  name: string;
  routing_number: string;
  last4: string;
  account_type: 'checking' | 'savings';
  created: string;
  deleted: number;
}

export interface PolicyRow {
  seq: number;
  id: string;
  org_id: string;
  app_id: string;
  description: string | null;
  priority: number;
  payable_conditions: string;
  approval_conditions: string;
  created: string;
}

export interface PayableRow {
  seq: number;
  id: string;
  org_id: string;
  app_id: string;
  number: string;
  description: string | null;
  external_id: string | null;
  vendor_id: string | null;
  payment_method_id: string | null;
  amount: number | null;
  /** The vendor's words for where a bill's money comes from. */
  funding_source: NonNullable<Bill['funding_source']>;
  items: string | null;
  file: Buffer | null;
  status: PayableStatus;
  created_by: number;
  policy_id: string | null;
  steps: string;
  next_approvers: string | null;
  action_history: string;
  status_history: string;
  transfer_history: string;
  transfer_id: string | null;
  created: string;
  created_ms: number;
  updated: string;
}

// AP users

export function upsertApUser(db: Db, row: Omit<ApUserRow, 'id'>): ApUserRow {
  sql(
    db,
    `INSERT INTO ap_users (org_id, first_name, last_name, email, role, created) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (org_id, email) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
       role = excluded.role`,
  ).run(row.org_id, row.first_name, row.last_name, row.email, row.role, row.created);
  return sql<ApUserRow>(db, 'SELECT * FROM ap_users WHERE org_id = ? AND email = ?').get(
    row.org_id,
    row.email,
  ) as ApUserRow;
}

export function apUsersOf(db: Db, orgId: string): ApUserRow[] {
  return sql<ApUserRow>(db, 'SELECT * FROM ap_users WHERE org_id = ? ORDER BY id').all(orgId);
}

export function findApUser(db: Db, orgId: string, id: number): ApUserRow | undefined {
  return sql<ApUserRow>(db, 'SELECT * FROM ap_users WHERE org_id = ? AND id = ?').get(orgId, id);
}

// Vendors and their payment methods

export function insertVendor(db: Db, row: Omit<VendorRow, 'seq' | 'deleted'>): void {
  sql(
    db,
    `INSERT INTO ap_vendors (id, org_id, app_id, name, contact_email, external_id, address, created, created_ms)
     VALUES (@id, @org_id, @app_id, @name, @contact_email, @external_id, @address, @created, @created_ms)`,
  ).run(row);
}

export function findVendor(db: Db, orgId: string, id: string): VendorRow | undefined {
  return sql<VendorRow>(db, 'SELECT * FROM ap_vendors WHERE org_id = ? AND id = ? AND deleted = 0').get(
    orgId,
    id,
  );
}

export function deleteVendorRow(db: Db, id: string): void {
  sql(db, 'UPDATE ap_vendors SET deleted = 1 WHERE id = ?').run(id);
  sql(db, 'UPDATE ap_payment_methods SET deleted = 1 WHERE vendor_id = ?').run(id);
}

/** Bills of a vendor that are not over (neither paid nor canceled): they keep the vendor. */
export function openPayablesOfVendor(db: Db, vendorId: string): number {
  return sql<number>(
    db,
    `SELECT count(*) FROM ap_payables WHERE vendor_id = ? AND status NOT IN ('canceled', 'payment_completed')`,
  )
    .pluck()
    .get(vendorId) as number;
}

export function vendorsOf(db: Db, orgId: string): VendorRow[] {
  return sql<VendorRow>(db, 'SELECT * FROM ap_vendors WHERE org_id = ? AND deleted = 0 ORDER BY seq').all(
    orgId,
  );
}

export function insertVendorMethod(db: Db, row: Omit<VendorMethodRow, 'seq' | 'deleted'>): void {
  sql(
    db,
    `INSERT INTO ap_payment_methods (id, org_id, vendor_id, name, routing_number, last4, account_type, created)
     VALUES (@id, @org_id, @vendor_id, @name, @routing_number, @last4, @account_type, @created)`,
  ).run(row);
}

export function vendorMethods(db: Db, vendorId: string): VendorMethodRow[] {
  return sql<VendorMethodRow>(
    db,
    'SELECT * FROM ap_payment_methods WHERE vendor_id = ? AND deleted = 0 ORDER BY seq',
  ).all(vendorId);
}

export function findVendorMethod(db: Db, orgId: string, id: string): VendorMethodRow | undefined {
  return sql<VendorMethodRow>(
    db,
    'SELECT * FROM ap_payment_methods WHERE org_id = ? AND id = ? AND deleted = 0',
  ).get(orgId, id);
}

export function deleteVendorMethodRow(db: Db, id: string): void {
  sql(db, 'UPDATE ap_payment_methods SET deleted = 1 WHERE id = ?').run(id);
}

/** One page of rows of a table, newest first, by keyset on (created_ms, seq), with extra conditions. */
function page<Row extends { created_ms: number; seq: number }>(
  db: Db,
  table: 'ap_vendors' | 'ap_payables',
  where: string[],
  params: Record<string, unknown>,
  options: { limit: number; after?: Row | undefined; before?: Row | undefined },
): { rows: Row[]; more: boolean } {
  const cursor = options.after ?? options.before;
  const conditions = [...where];
  const values: Record<string, unknown> = { ...params, take: options.limit + 1 };
  if (cursor) {
    conditions.push(`(created_ms, seq) ${options.before ? '>' : '<'} (@cursorMs, @cursorSeq)`);
    values.cursorMs = cursor.created_ms;
    values.cursorSeq = cursor.seq;
  }
  const direction = options.before ? 'ASC' : 'DESC';
  const rows = sql<Row>(
    db,
    `SELECT * FROM ${table} WHERE ${conditions.join(' AND ')}
     ORDER BY created_ms ${direction}, seq ${direction} LIMIT @take`,
  ).all(values);
  return pageFrom(rows, options.limit, options.before !== undefined);
}

export function pageOfVendors(
  db: Db,
  orgId: string,
  options: { limit: number; after?: VendorRow; before?: VendorRow; search?: string | undefined },
) {
  const where = ['org_id = @orgId', 'deleted = 0'];
  if (options.search) where.push("lower(name) LIKE '%' || lower(@search) || '%'");
  return page<VendorRow>(db, 'ap_vendors', where, { orgId, search: options.search ?? null }, options);
}

// Approval policies

export function insertPolicy(db: Db, row: Omit<PolicyRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO ap_policies (id, org_id, app_id, description, priority, payable_conditions, approval_conditions,
       created) VALUES (@id, @org_id, @app_id, @description, @priority, @payable_conditions, @approval_conditions,
       @created)`,
  ).run(row);
}

export function policiesOf(db: Db, orgId: string): PolicyRow[] {
  return sql<PolicyRow>(db, 'SELECT * FROM ap_policies WHERE org_id = ? ORDER BY priority, seq').all(orgId);
}

export function findPolicy(db: Db, orgId: string, id: string): PolicyRow | undefined {
  return sql<PolicyRow>(db, 'SELECT * FROM ap_policies WHERE org_id = ? AND id = ?').get(orgId, id);
}

export function setPolicyPriority(db: Db, id: string, priority: number): void {
  sql(db, 'UPDATE ap_policies SET priority = ? WHERE id = ?').run(priority, id);
}

export function deletePolicyRow(db: Db, id: string): void {
  sql(db, 'DELETE FROM ap_policies WHERE id = ?').run(id);
}

// Payables

export function insertPayable(db: Db, row: Omit<PayableRow, 'seq'>): void {
  sql(
    db,
    `INSERT INTO ap_payables (id, org_id, app_id, number, description, external_id, vendor_id, payment_method_id,
       amount, funding_source, items, file, status, created_by, policy_id, steps, next_approvers, action_history,
       status_history, transfer_history, transfer_id, created, created_ms, updated)
     VALUES (@id, @org_id, @app_id, @number, @description, @external_id, @vendor_id, @payment_method_id, @amount,
       @funding_source, @items, @file, @status, @created_by, @policy_id, @steps, @next_approvers, @action_history,
       @status_history, @transfer_history, @transfer_id, @created, @created_ms, @updated)`,
  ).run(row);
}

/** A bill without its PDF's bytes (`has_file` says whether it has one): lists and views never carry the file. */
const PAYABLE_COLUMNS = `seq, id, org_id, app_id, number, description, external_id, vendor_id, payment_method_id,
  amount, funding_source, items, NULL AS file, file IS NOT NULL AS has_file, status, created_by, policy_id, steps,
  next_approvers, action_history, status_history, transfer_history, transfer_id, created, created_ms, updated`;

export type PayableListRow = PayableRow & { has_file: number };

export function findPayable(db: Db, orgId: string, id: string): PayableListRow | undefined {
  return sql<PayableListRow>(
    db,
    `SELECT ${PAYABLE_COLUMNS} FROM ap_payables WHERE org_id = ? AND id = ?`,
  ).get(orgId, id);
}

export function payableFile(db: Db, orgId: string, id: string): Buffer | null | undefined {
  const row = sql<{ file: Buffer | null }>(
    db,
    'SELECT file FROM ap_payables WHERE org_id = ? AND id = ?',
  ).get(orgId, id);
  return row === undefined ? undefined : row.file;
}

/** Writes the changed columns of a bill (`updated` always). */
export function updatePayable(db: Db, id: string, changes: Partial<Omit<PayableRow, 'seq' | 'id'>>): void {
  const columns = Object.keys(changes);
  if (columns.length === 0) return;
  sql(db, `UPDATE ap_payables SET ${columns.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id`).run({
    ...changes,
    id,
  });
}

export interface PayableFilter {
  status?: readonly PayableStatus[] | undefined;
  vendorId?: string | undefined;
  /** Only bills whose open step waits for this AP user. */
  waitingFor?: number | undefined;
}

export function pageOfPayables(
  db: Db,
  orgId: string,
  filter: PayableFilter,
  options: { limit: number; after?: PayableRow; before?: PayableRow },
): { rows: PayableListRow[]; more: boolean } {
  const where = ['org_id = @orgId'];
  const params: Record<string, unknown> = { orgId };
  if (filter.status && filter.status.length > 0) {
    where.push(`status IN (${filter.status.map((_, i) => `@s${i}`).join(', ')})`);
    filter.status.forEach((status, i) => {
      params[`s${i}`] = status;
    });
  }
  if (filter.vendorId) {
    where.push('vendor_id = @vendorId');
    params.vendorId = filter.vendorId;
  }
  if (filter.waitingFor !== undefined) {
    where.push('next_approvers LIKE @waitingFor');
    params.waitingFor = `%,${filter.waitingFor},%`;
  }
  const rows = page<PayableRow>(
    db,
    'ap_payables',
    where.map((w) => w),
    params,
    options,
  );
  return rows as { rows: PayableListRow[]; more: boolean };
}

export function linkPayableTransfer(db: Db, transferId: string, payableId: string): void {
  sql(db, 'INSERT INTO ap_payable_transfers (transfer_id, payable_id) VALUES (?, ?)').run(
    transferId,
    payableId,
  );
}

export function payableOfTransfer(db: Db, transferId: string): PayableListRow | undefined {
  return sql<PayableListRow>(
    db,
    `SELECT ${PAYABLE_COLUMNS} FROM ap_payables WHERE id = (SELECT payable_id FROM ap_payable_transfers WHERE transfer_id = ?)`,
  ).get(transferId);
}

export function hasAccountsPayable(db: Db, orgId: string): boolean {
  return sql(db, 'SELECT 1 FROM ap_vendors WHERE org_id = ? LIMIT 1').get(orgId) !== undefined;
}

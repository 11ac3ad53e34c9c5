/**
 * Accounts payable's tables (one migration, listed last in migrations.ts). A bill keeps its approval steps, action
 * history, status history and transfer attempts as JSON of its own row: they are read and written only with it.
 * `next_approvers` (`,3,7,`) names who the open step waits for, so that "waiting for me" is one indexed filter.
 */
export const ACCOUNTS_PAYABLE_TABLES = `
  CREATE TABLE ap_users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'viewer', 'payer', 'ap_approver', 'ap_creator')),
    created TEXT NOT NULL,
    UNIQUE (org_id, email)
  );
  CREATE TABLE ap_vendors (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    name TEXT NOT NULL,
    contact_email TEXT,
    external_id TEXT,
    address TEXT NOT NULL,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX ap_vendors_by_org ON ap_vendors(org_id, created_ms, seq) WHERE deleted = 0;
  CREATE TABLE ap_payment_methods (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    vendor_id TEXT NOT NULL REFERENCES ap_vendors(id),
    name TEXT NOT NULL,
    routing_number TEXT NOT NULL,
    last4 TEXT NOT NULL,
    account_type TEXT NOT NULL CHECK (account_type IN ('checking', 'savings')),
    created TEXT NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX ap_payment_methods_by_vendor ON ap_payment_methods(vendor_id, seq);
  CREATE TABLE ap_policies (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    description TEXT,
    priority INTEGER NOT NULL,
    payable_conditions TEXT NOT NULL,
    approval_conditions TEXT NOT NULL,
    created TEXT NOT NULL
  );
  CREATE INDEX ap_policies_by_org ON ap_policies(org_id, priority);
  CREATE TABLE ap_payables (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    number TEXT NOT NULL,
    description TEXT,
    external_id TEXT,
    vendor_id TEXT REFERENCES ap_vendors(id),
    payment_method_id TEXT REFERENCES ap_payment_methods(id),
    amount INTEGER,
    funding_source TEXT NOT NULL CHECK (funding_source IN ('dots_balance', 'ach')),
    items TEXT,
    file BLOB,
    status TEXT NOT NULL CHECK (status IN ('created', 'submitted_for_approval', 'approved', 'rejected', 'canceled',
      'payment_initiated', 'payment_completed', 'payment_failed')),
    created_by INTEGER NOT NULL REFERENCES ap_users(id),
    policy_id TEXT,
    steps TEXT NOT NULL DEFAULT '[]',
    next_approvers TEXT,
    action_history TEXT NOT NULL DEFAULT '[]',
    status_history TEXT NOT NULL DEFAULT '[]',
    transfer_history TEXT NOT NULL DEFAULT '[]',
    transfer_id TEXT,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    updated TEXT NOT NULL
  );
  CREATE INDEX ap_payables_by_org ON ap_payables(org_id, created_ms, seq);
  CREATE INDEX ap_payables_by_status ON ap_payables(org_id, status, created_ms, seq);
  CREATE INDEX ap_payables_by_vendor ON ap_payables(vendor_id, status);
  CREATE TABLE ap_payable_transfers (
    transfer_id TEXT PRIMARY KEY,
    payable_id TEXT NOT NULL REFERENCES ap_payables(id)
  ) WITHOUT ROWID;
`;

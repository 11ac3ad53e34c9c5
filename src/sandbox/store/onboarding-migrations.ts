/**
 * The store of onboarding: what users, their verification and tax forms, hosted flows, payment customers and apps
 * add. A TIN is never a column: a tax form is kept without it, by its last four digits. A verification code is the
 * service's own secret (a test helper reads it back; no answer of /v2 ever does).
 */
export const onboardingMigrations: readonly string[] = [
  `
  ALTER TABLE users ADD COLUMN date_of_birth TEXT;
  ALTER TABLE users ADD COLUMN auto_payout INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN metadata TEXT;
  ALTER TABLE users ADD COLUMN adjustment_1099 TEXT;
  ALTER TABLE users ADD COLUMN exclude_list TEXT;
  ALTER TABLE users ADD COLUMN tax_form TEXT;
  ALTER TABLE users ADD COLUMN deleted_ms INTEGER;
  ALTER TABLE users ADD COLUMN verification_code TEXT;
  ALTER TABLE users ADD COLUMN verification_sent_ms INTEGER;
  ALTER TABLE users ADD COLUMN verification_failures INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE users ADD COLUMN verification_locked_until_ms INTEGER;
  CREATE INDEX users_by_email ON users(org_id, email COLLATE NOCASE);
  CREATE INDEX users_by_phone ON users(org_id, country_code, phone_number);

  ALTER TABLE customers ADD COLUMN middle_name TEXT;
  ALTER TABLE customers ADD COLUMN address TEXT;
  ALTER TABLE customers ADD COLUMN metadata TEXT;

  ALTER TABLE apps ADD COLUMN status TEXT NOT NULL DEFAULT 'approved';
  ALTER TABLE apps ADD COLUMN metadata TEXT;
  ALTER TABLE apps ADD COLUMN kyb_token TEXT;
  ALTER TABLE apps ADD COLUMN kyb_expires_ms INTEGER;

  CREATE TABLE flows (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT REFERENCES users(id),
    token TEXT NOT NULL UNIQUE,
    csrf TEXT NOT NULL,
    steps TEXT NOT NULL,
    options TEXT NOT NULL,
    completed_steps TEXT NOT NULL DEFAULT '[]',
    metadata TEXT,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER
  );
  CREATE INDEX flows_by_org ON flows(org_id, seq);
  CREATE INDEX flows_by_user ON flows(user_id, seq);
  `,
];

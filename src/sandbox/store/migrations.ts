import type Database from 'better-sqlite3';
import { searchTermsOf } from '../../lib/people-search';
import { ACCOUNTS_PAYABLE_TABLES } from './accounts-payable-schema';
import { eventMigrations } from './event-migrations';
import { newLinkToken } from './link-token';
import { onboardingMigrations } from './onboarding-migrations';

/** A migration is SQL, or, where rows must be made by the code's own rules, a function run in its transaction. */
export type Migration = string | ((db: Database.Database) => void);

/**
 * Schema migrations, oldest first. Never edit one that has shipped: append a new one.
 * Money columns are integer cents. Times are ISO 8601 UTC strings with milliseconds plus, where rows are ordered or
 * aged by time, an integer `*_ms` column. `seq` columns give a total insertion order for ties.
 */
export const migrations: readonly Migration[] = [
  `
  CREATE TABLE organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    client_id TEXT NOT NULL UNIQUE,
    key_hash BLOB NOT NULL,
    compliance TEXT,
    balance INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
  );
  CREATE TABLE apps (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    name TEXT NOT NULL,
    compliance TEXT,
    balance INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
  );
  CREATE INDEX apps_by_org ON apps(org_id, seq);
  CREATE TABLE users (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    status TEXT NOT NULL,
    created TEXT NOT NULL
  );
  CREATE INDEX users_by_org ON users(org_id, seq);
  CREATE TABLE customers (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    created TEXT NOT NULL
  );
  CREATE INDEX customers_by_org ON customers(org_id, seq);
  -- Bank accounts keep only what a response may show: the last four digits, never the full number.
  -- stored = 1: a payout method on file for the user; 0: a one-off account recorded by a payment.
  CREATE TABLE bank_accounts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT REFERENCES users(id),
    stored INTEGER NOT NULL,
    last4 TEXT NOT NULL,
    routing_number TEXT NOT NULL,
    account_type TEXT NOT NULL,
    created TEXT NOT NULL
  );
  CREATE INDEX bank_accounts_by_user ON bank_accounts(user_id, stored, seq);
  CREATE TABLE addresses (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users(id),
    line_1 TEXT NOT NULL,
    line_2 TEXT,
    line_3 TEXT,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country TEXT NOT NULL,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX addresses_by_user ON addresses(user_id, created_ms, seq);
  CREATE TABLE transfers (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    user_id TEXT,
    customer_id TEXT,
    status TEXT NOT NULL,
    type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    account_id TEXT,
    external_id TEXT,
    platform TEXT,
    metadata TEXT,
    outcome TEXT NOT NULL DEFAULT 'success',
    failure_code TEXT,
    failure_message TEXT,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    status_changed_ms INTEGER NOT NULL
  );
  CREATE INDEX transfers_by_org ON transfers(org_id, created_ms, seq);
  CREATE INDEX transfers_by_user ON transfers(org_id, user_id, created_ms, seq);
  CREATE INDEX transfers_by_status ON transfers(status, status_changed_ms);
  CREATE TABLE transfer_status_history (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    transfer_id TEXT NOT NULL REFERENCES transfers(id),
    status TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX status_history_by_transfer ON transfer_status_history(transfer_id, seq);
  CREATE TABLE transactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    transfer_id TEXT NOT NULL REFERENCES transfers(id),
    type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    source_name TEXT NOT NULL,
    destination_name TEXT NOT NULL,
    metadata TEXT,
    created TEXT NOT NULL
  );
  CREATE INDEX transactions_by_transfer ON transactions(transfer_id, id);
  CREATE TABLE idempotency_keys (
    org_id TEXT NOT NULL REFERENCES organizations(id),
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    transfer_id TEXT NOT NULL REFERENCES transfers(id),
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (org_id, key)
  );
  `,
  // A stored copy of each transfer's answer, emptied by triggers on any change to what it was made of (dropped again
  // by migration 5: stores that ran it still pass through it).
  `
  ALTER TABLE transfers ADD COLUMN body TEXT;
  CREATE TRIGGER transfer_body_stale_on_transfer
    AFTER UPDATE OF id, org_id, app_id, user_id, customer_id, status, type, amount, account_id, external_id, platform,
      metadata, outcome, failure_code, failure_message, created, created_ms, status_changed_ms ON transfers
    WHEN OLD.body IS NOT NULL
    BEGIN UPDATE transfers SET body = NULL WHERE seq = NEW.seq; END;
  CREATE TRIGGER transfer_body_stale_on_new_transaction AFTER INSERT ON transactions
    BEGIN UPDATE transfers SET body = NULL WHERE id = NEW.transfer_id AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_changed_transaction AFTER UPDATE ON transactions
    BEGIN UPDATE transfers SET body = NULL WHERE id IN (OLD.transfer_id, NEW.transfer_id) AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_removed_transaction AFTER DELETE ON transactions
    BEGIN UPDATE transfers SET body = NULL WHERE id = OLD.transfer_id AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_new_status AFTER INSERT ON transfer_status_history
    BEGIN UPDATE transfers SET body = NULL WHERE id = NEW.transfer_id AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_changed_status AFTER UPDATE ON transfer_status_history
    BEGIN UPDATE transfers SET body = NULL WHERE id IN (OLD.transfer_id, NEW.transfer_id) AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_removed_status AFTER DELETE ON transfer_status_history
    BEGIN UPDATE transfers SET body = NULL WHERE id = OLD.transfer_id AND body IS NOT NULL; END;
  `,
  // The tables a payment or an address writes, rebuilt without AUTOINCREMENT (SQLite's own way to change a column:
  // copy into a new table, drop, rename): AUTOINCREMENT made every insert read and rewrite a row of sqlite_sequence.
  // Without it a new row takes the largest seq plus one, the same order, since the sandbox never deletes these rows.
  // Same columns in the same order, same indexes and triggers; migrate() checks foreign keys at the end.
  `
  DROP TRIGGER transfer_body_stale_on_transfer;
  DROP TRIGGER transfer_body_stale_on_new_transaction;
  DROP TRIGGER transfer_body_stale_on_changed_transaction;
  DROP TRIGGER transfer_body_stale_on_removed_transaction;
  DROP TRIGGER transfer_body_stale_on_new_status;
  DROP TRIGGER transfer_body_stale_on_changed_status;
  DROP TRIGGER transfer_body_stale_on_removed_status;

  CREATE TABLE new_bank_accounts (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT REFERENCES users(id),
    stored INTEGER NOT NULL,
    last4 TEXT NOT NULL,
    routing_number TEXT NOT NULL,
    account_type TEXT NOT NULL,
    created TEXT NOT NULL
  );
  INSERT INTO new_bank_accounts SELECT * FROM bank_accounts;
  DROP TABLE bank_accounts;
  ALTER TABLE new_bank_accounts RENAME TO bank_accounts;
  CREATE INDEX bank_accounts_by_user ON bank_accounts(user_id, stored, seq);

  CREATE TABLE new_addresses (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users(id),
    line_1 TEXT NOT NULL,
    line_2 TEXT,
    line_3 TEXT,
    city TEXT NOT NULL,
    state TEXT NOT NULL,
    postcode TEXT NOT NULL,
    country TEXT NOT NULL,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  INSERT INTO new_addresses SELECT * FROM addresses;
  DROP TABLE addresses;
  ALTER TABLE new_addresses RENAME TO addresses;
  CREATE INDEX addresses_by_user ON addresses(user_id, created_ms, seq);

  CREATE TABLE new_transfers (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    user_id TEXT,
    customer_id TEXT,
    status TEXT NOT NULL,
    type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    account_id TEXT,
    external_id TEXT,
    platform TEXT,
    metadata TEXT,
    outcome TEXT NOT NULL DEFAULT 'success',
    failure_code TEXT,
    failure_message TEXT,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    status_changed_ms INTEGER NOT NULL,
    body TEXT
  );
  INSERT INTO new_transfers SELECT * FROM transfers;
  DROP TABLE transfers;
  ALTER TABLE new_transfers RENAME TO transfers;
  CREATE INDEX transfers_by_org ON transfers(org_id, created_ms, seq);
  CREATE INDEX transfers_by_user ON transfers(org_id, user_id, created_ms, seq);
  CREATE INDEX transfers_by_status ON transfers(status, status_changed_ms);

  CREATE TABLE new_transfer_status_history (
    seq INTEGER PRIMARY KEY,
    transfer_id TEXT NOT NULL REFERENCES transfers(id),
    status TEXT NOT NULL,
    at TEXT NOT NULL
  );
  INSERT INTO new_transfer_status_history SELECT * FROM transfer_status_history;
  DROP TABLE transfer_status_history;
  ALTER TABLE new_transfer_status_history RENAME TO transfer_status_history;
  CREATE INDEX status_history_by_transfer ON transfer_status_history(transfer_id, seq);

  CREATE TABLE new_transactions (
    id INTEGER PRIMARY KEY,
    transfer_id TEXT NOT NULL REFERENCES transfers(id),
    type TEXT NOT NULL,
    amount INTEGER NOT NULL,
    source_name TEXT NOT NULL,
    destination_name TEXT NOT NULL,
    metadata TEXT,
    created TEXT NOT NULL
  );
  INSERT INTO new_transactions SELECT * FROM transactions;
  DROP TABLE transactions;
  ALTER TABLE new_transactions RENAME TO transactions;
  CREATE INDEX transactions_by_transfer ON transactions(transfer_id, id);

  CREATE TRIGGER transfer_body_stale_on_transfer
    AFTER UPDATE OF id, org_id, app_id, user_id, customer_id, status, type, amount, account_id, external_id, platform,
      metadata, outcome, failure_code, failure_message, created, created_ms, status_changed_ms ON transfers
    WHEN OLD.body IS NOT NULL
    BEGIN UPDATE transfers SET body = NULL WHERE seq = NEW.seq; END;
  CREATE TRIGGER transfer_body_stale_on_new_transaction AFTER INSERT ON transactions
    BEGIN UPDATE transfers SET body = NULL WHERE id = NEW.transfer_id AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_changed_transaction AFTER UPDATE ON transactions
    BEGIN UPDATE transfers SET body = NULL WHERE id IN (OLD.transfer_id, NEW.transfer_id) AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_removed_transaction AFTER DELETE ON transactions
    BEGIN UPDATE transfers SET body = NULL WHERE id = OLD.transfer_id AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_new_status AFTER INSERT ON transfer_status_history
    BEGIN UPDATE transfers SET body = NULL WHERE id = NEW.transfer_id AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_changed_status AFTER UPDATE ON transfer_status_history
    BEGIN UPDATE transfers SET body = NULL WHERE id IN (OLD.transfer_id, NEW.transfer_id) AND body IS NOT NULL; END;
  CREATE TRIGGER transfer_body_stale_on_removed_status AFTER DELETE ON transfer_status_history
    BEGIN UPDATE transfers SET body = NULL WHERE id = OLD.transfer_id AND body IS NOT NULL; END;
  `,
  // Two fewer B-trees for every payment to write:
  // - a one-off account of a payment (stored = 0) is never listed, so only stored ones are indexed by user;
  // - an idempotency key is only ever found by its primary key, so the table is that key's B-tree alone, not a
  //   B-tree of rowids beside an index of the key. Same columns in the same order (SQLite's rebuild, as in 3).
  `
  DROP INDEX bank_accounts_by_user;
  CREATE INDEX stored_bank_accounts_by_user ON bank_accounts(user_id, seq) WHERE stored = 1;

  CREATE TABLE new_idempotency_keys (
    org_id TEXT NOT NULL REFERENCES organizations(id),
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    transfer_id TEXT NOT NULL REFERENCES transfers(id),
    created_ms INTEGER NOT NULL,
    PRIMARY KEY (org_id, key)
  ) WITHOUT ROWID;
  INSERT INTO new_idempotency_keys SELECT * FROM idempotency_keys;
  DROP TABLE idempotency_keys;
  ALTER TABLE new_idempotency_keys RENAME TO idempotency_keys;
  `,
  // A transfer's answer is composed by one query when it is read (transfers.ts, TRANSFER_JSON), no longer stored
  // beside its rows: the stored copy and the triggers that kept it true go.
  `
  DROP TRIGGER transfer_body_stale_on_transfer;
  DROP TRIGGER transfer_body_stale_on_new_transaction;
  DROP TRIGGER transfer_body_stale_on_changed_transaction;
  DROP TRIGGER transfer_body_stale_on_removed_transaction;
  DROP TRIGGER transfer_body_stale_on_new_status;
  DROP TRIGGER transfer_body_stale_on_changed_status;
  DROP TRIGGER transfer_body_stale_on_removed_status;
  ALTER TABLE transfers DROP COLUMN body;
  `,
  // The settle clock looks, every second, for transfers that can still move: those waiting in created or pending, and
  // completed ones that will be returned. This index holds only those, so the look costs nothing however many
  // transfers have settled (it scanned every completed transfer).
  `
  CREATE INDEX transfers_settling ON transfers(status_changed_ms)
    WHERE status IN ('created', 'pending') OR (status = 'completed' AND outcome LIKE 'reverse:%');
  `,
  // Directories (the vendor's lists of users, payment customers and apps) and their search, an extension: people
  // get the vendor's phone fields; a payment customer may be a business (a business name, no person's names); every
  // person is indexed by the terms that find them (lib/people-search.ts), so that a search is a range of one index.
  (db) => {
    db.exec(`
      ALTER TABLE users ADD COLUMN country_code TEXT;
      ALTER TABLE users ADD COLUMN phone_number TEXT;
      CREATE INDEX users_by_org_status ON users(org_id, status, seq);

      CREATE TABLE new_customers (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        first_name TEXT,
        last_name TEXT,
        business_name TEXT,
        email TEXT NOT NULL,
        country_code TEXT,
        phone_number TEXT,
        created TEXT NOT NULL
      );
      INSERT INTO new_customers (seq, id, org_id, first_name, last_name, email, created)
        SELECT seq, id, org_id, first_name, last_name, email, created FROM customers;
      DROP TABLE customers;
      ALTER TABLE new_customers RENAME TO customers;
      CREATE INDEX customers_by_org ON customers(org_id, seq);

      CREATE TABLE search_terms (
        org_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        term TEXT NOT NULL,
        person_seq INTEGER NOT NULL,
        PRIMARY KEY (org_id, kind, term, person_seq)
      ) WITHOUT ROWID;
    `);
    const index = db.prepare(
      'INSERT OR IGNORE INTO search_terms (org_id, kind, term, person_seq) VALUES (?, ?, ?, ?)',
    );
    for (const kind of ['user', 'customer'] as const) {
      const table = kind === 'user' ? 'users' : 'customers';
      for (const row of db.prepare(`SELECT * FROM ${table}`).all() as Record<string, never>[]) {
        for (const term of searchTermsOf(row)) index.run(row.org_id, kind, term, row.seq);
      }
    }
  },
  // Money out: payout methods besides bank accounts, a user's default method and wallet, payouts on transfers (the
  // link they came from, whether the app's wallet funded them), payout links and their history, payout batches and
  // their items, payout requests, and the payout keys already used (a payout's key is refused when used again).
  `
  ALTER TABLE users ADD COLUMN default_method_id TEXT;
  ALTER TABLE users ADD COLUMN wallet INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE transfers ADD COLUMN payout_link_id TEXT;
  ALTER TABLE transfers ADD COLUMN funded INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE transfers ADD COLUMN payout_batch_id TEXT;
  ALTER TABLE transfers ADD COLUMN idempotency_key TEXT;
  CREATE INDEX transfers_by_key ON transfers(org_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
  CREATE INDEX payouts_by_app ON transfers(app_id, status) WHERE type = 'payout';

  CREATE TABLE payout_methods (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT NOT NULL REFERENCES users(id),
    platform TEXT NOT NULL CHECK (platform IN ('paypal', 'venmo', 'cash_app')),
    email TEXT,
    phone_number TEXT,
    handle TEXT,
    cash_tag TEXT,
    created TEXT NOT NULL
  );
  CREATE INDEX payout_methods_by_user ON payout_methods(user_id, seq);

  CREATE TABLE payout_links (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    user_id TEXT,
    payee TEXT,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('created', 'delivery_pending', 'delivery_failed', 'sent', 'delivered',
      'claimed', 'reversed', 'canceled', 'expired', 'failed')),
    delivery_method TEXT NOT NULL CHECK (delivery_method IN ('link', 'sms', 'email', 'all')),
    deliveries INTEGER NOT NULL DEFAULT 0,
    memo TEXT,
    description TEXT,
    metadata TEXT,
    tax_exempt INTEGER NOT NULL DEFAULT 0,
    funding_source TEXT NOT NULL DEFAULT 'dots_balance',
    funds_held INTEGER NOT NULL DEFAULT 0,
    idempotency_key TEXT,
    claimed_user_id TEXT,
    transfer_id TEXT,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
  );
  CREATE INDEX payout_links_by_org ON payout_links(org_id, created_ms, seq);
  CREATE UNIQUE INDEX payout_links_by_key ON payout_links(org_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
  CREATE TABLE payout_link_events (
    seq INTEGER PRIMARY KEY,
    link_id TEXT NOT NULL REFERENCES payout_links(id),
    status TEXT NOT NULL,
    note TEXT,
    at TEXT NOT NULL
  );
  CREATE INDEX payout_link_events_by_link ON payout_link_events(link_id, seq);

  CREATE TABLE payout_batches (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    app_id TEXT NOT NULL REFERENCES apps(id),
    idempotency_key TEXT,
    status TEXT NOT NULL CHECK (status IN ('created', 'processing', 'paying_out', 'completed')),
    metadata TEXT,
    item_count INTEGER NOT NULL,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX payout_batches_by_org ON payout_batches(org_id, created_ms, seq);
  CREATE UNIQUE INDEX payout_batches_by_key ON payout_batches(org_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
  CREATE TABLE payout_batch_items (
    batch_id TEXT NOT NULL REFERENCES payout_batches(id),
    position INTEGER NOT NULL,
    user_id TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request TEXT NOT NULL,
    transfer_id TEXT,
    error_code TEXT,
    error_message TEXT,
    done INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (batch_id, position)
  ) WITHOUT ROWID;

  CREATE TABLE payout_requests (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    org_id TEXT NOT NULL REFERENCES organizations(id),
    user_id TEXT,
    payee TEXT,
    amount INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('created', 'approved', 'rejected')),
    memo TEXT,
    metadata TEXT,
    payout_link_id TEXT,
    created TEXT NOT NULL,
    created_ms INTEGER NOT NULL
  );
  CREATE INDEX payout_requests_by_org ON payout_requests(org_id, created_ms, seq);

  CREATE TABLE payout_keys (
    org_id TEXT NOT NULL REFERENCES organizations(id),
    key TEXT NOT NULL,
    transfer_id TEXT NOT NULL,
    PRIMARY KEY (org_id, key)
  ) WITHOUT ROWID;
  `,
  // A payout link's URL carries a random token of its own (192 bits), never its id, which every member reads from the
  // list: the URL claims the link's money for whoever opens it. Links made before get one now.
  (db) => {
    db.exec('ALTER TABLE payout_links ADD COLUMN token TEXT');
    const set = db.prepare('UPDATE payout_links SET token = ? WHERE id = ?');
    for (const { id } of db.prepare('SELECT id FROM payout_links').all() as { id: string }[]) {
      set.run(newLinkToken(), id);
    }
    db.exec('CREATE UNIQUE INDEX payout_links_by_token ON payout_links(token)');
  },
  // The ledger: every wallet (the organization's, each app's, each user's) changes only by lines of transactions, one
  // line per wallet touched, signed in cents from that wallet's side; a wallet's balance is the sum of its lines, and
  // the balance columns (organizations.balance: its own wallet and its apps'; apps.balance; users.wallet) are caches
  // written in the same statements (domain/ledger.ts). A line may have no transfer (a test tenant's opening balance, a
  // payout link's hold and its release). Lines made before carried no wallet: they stay, outside every balance, and
  // each wallet's balance so far becomes one opening line. Then what wallet moves need: the app's ACH account, its
  // refill settings, the keys of transfers already used (refused again, as the vendor's), and transfer batches.
  (db) => {
    db.exec(`
      CREATE TABLE new_transactions (
        id INTEGER PRIMARY KEY,
        transfer_id TEXT REFERENCES transfers(id),
        type TEXT NOT NULL,
        amount INTEGER NOT NULL,
        source_name TEXT NOT NULL,
        destination_name TEXT NOT NULL,
        metadata TEXT,
        created TEXT NOT NULL,
        org_id TEXT,
        wallet_kind TEXT CHECK (wallet_kind IN ('organization', 'app', 'user')),
        wallet_id TEXT,
        created_ms INTEGER
      );
      INSERT INTO new_transactions (id, transfer_id, type, amount, source_name, destination_name, metadata, created,
          org_id, created_ms)
        SELECT x.id, x.transfer_id, x.type, x.amount, x.source_name, x.destination_name, x.metadata, x.created,
          t.org_id, t.created_ms
        FROM transactions x JOIN transfers t ON t.id = x.transfer_id;
      DROP TABLE transactions;
      ALTER TABLE new_transactions RENAME TO transactions;
      CREATE INDEX transactions_by_transfer ON transactions(transfer_id, id);
      CREATE INDEX ledger_by_org ON transactions(org_id, created_ms, id);
      CREATE INDEX ledger_by_org_type ON transactions(org_id, type, created_ms, id);
      CREATE INDEX ledger_by_wallet ON transactions(wallet_id, created_ms, id, amount);

      ALTER TABLE transfers ADD COLUMN movement TEXT;
      CREATE INDEX transfers_by_movement ON transfers(org_id, movement, created_ms, seq) WHERE movement IS NOT NULL;

      CREATE TABLE app_settings (
        app_id TEXT PRIMARY KEY REFERENCES apps(id),
        ach_account_id TEXT,
        ach_account_name TEXT,
        payout_options_exclude_list TEXT NOT NULL DEFAULT '[]',
        auto_refill_active INTEGER NOT NULL DEFAULT 0,
        refill_amount INTEGER,
        refill_threshold INTEGER
      ) WITHOUT ROWID;

      CREATE TABLE transfer_keys (
        org_id TEXT NOT NULL REFERENCES organizations(id),
        key TEXT NOT NULL,
        transfer_id TEXT NOT NULL,
        PRIMARY KEY (org_id, key)
      ) WITHOUT ROWID;

      CREATE TABLE transfer_batches (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        org_id TEXT NOT NULL REFERENCES organizations(id),
        app_id TEXT NOT NULL REFERENCES apps(id),
        idempotency_key TEXT,
        status TEXT NOT NULL CHECK (status IN ('pending', 'completed')),
        metadata TEXT,
        created TEXT NOT NULL,
        created_ms INTEGER NOT NULL
      );
      CREATE INDEX transfer_batches_by_org ON transfer_batches(org_id, created_ms, seq);
      CREATE UNIQUE INDEX transfer_batches_by_key ON transfer_batches(org_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
      CREATE TABLE transfer_batch_items (
        batch_id TEXT NOT NULL REFERENCES transfer_batches(id),
        position INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        amount INTEGER NOT NULL,
        idempotency_key TEXT,
        tax_exempt INTEGER,
        metadata TEXT,
        transfer_id TEXT,
        error TEXT,
        done INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (batch_id, position)
      ) WITHOUT ROWID;
    `);
    const opening = db.prepare(
      `INSERT INTO transactions (transfer_id, type, amount, source_name, destination_name, metadata, created, org_id,
         wallet_kind, wallet_id, created_ms)
       VALUES (NULL, 'balance', ?, 'Opening balance', ?, '{"opening_balance":true}', ?, ?, ?, ?, ?)`,
    );
    const nowMs = Date.now();
    const now = new Date(nowMs).toISOString();
    type Wallet = { org_id: string; id: string; name: string; balance: number };
    for (const app of db
      .prepare('SELECT org_id, id, name, balance FROM apps WHERE balance <> 0')
      .all() as Wallet[]) {
      opening.run(app.balance, app.name, now, app.org_id, 'app', app.id, nowMs);
    }
    const users = db
      .prepare(
        "SELECT org_id, id, first_name || ' ' || last_name AS name, wallet AS balance FROM users WHERE wallet <> 0",
      )
      .all() as Wallet[];
    for (const user of users) opening.run(user.balance, user.name, now, user.org_id, 'user', user.id, nowMs);
    // The organization's own wallet: what its balance held beyond its apps' (nothing, until now).
    const own = db
      .prepare(
        `SELECT o.id AS org_id, o.id, o.name, o.balance - COALESCE((SELECT sum(a.balance) FROM apps a
           WHERE a.org_id = o.id), 0) AS balance FROM organizations o`,
      )
      .all() as Wallet[];
    for (const org of own) {
      if (org.balance !== 0)
        opening.run(org.balance, org.name, now, org.org_id, 'organization', org.id, nowMs);
    }
  },
  // Users, verification, tax forms, flows and apps' compliance (store/onboarding-migrations.ts).
  ...onboardingMigrations,
  // Accounts payable: vendors, their payment methods, approval policies, AP users and bills.
  ACCOUNTS_PAYABLE_TABLES,
  // A payment's line is written with its transfer (domain/payment-money.ts): payments still on their way get theirs
  // now, dated when they were made, with the caches (a line from before the ledger, outside every wallet, is not one);
  // what an app may spend subtracts them, found by app and status.
  `
  CREATE INDEX payments_by_app ON transfers(app_id, status, amount) WHERE type = 'payment';
  CREATE TEMP TABLE payments_without_line AS
    SELECT t.id, t.org_id, t.app_id, t.amount, t.metadata, t.created, t.created_ms,
      COALESCE(
        (SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = t.user_id),
        (SELECT trim(COALESCE(c.business_name, c.first_name, '') || ' ' ||
           CASE WHEN c.business_name IS NULL THEN COALESCE(c.last_name, '') ELSE '' END)
         FROM customers c WHERE c.id = t.customer_id),
        'The payer') AS payer,
      COALESCE((SELECT a.name FROM apps a WHERE a.id = t.app_id), 'The app''s wallet') AS app
    FROM transfers t
    WHERE t.type = 'payment' AND t.status IN ('created', 'pending', 'flagged')
      AND NOT EXISTS (SELECT 1 FROM transactions x WHERE x.transfer_id = t.id AND x.wallet_id IS NOT NULL);
  INSERT INTO transactions (transfer_id, type, amount, source_name, destination_name, metadata, created, org_id,
      wallet_kind, wallet_id, created_ms)
    SELECT id, 'payment', amount, payer, app, metadata, created, org_id, 'app', app_id, created_ms
    FROM payments_without_line;
  UPDATE apps SET balance = balance + (SELECT sum(p.amount) FROM payments_without_line p WHERE p.app_id = apps.id)
    WHERE id IN (SELECT app_id FROM payments_without_line);
  UPDATE organizations SET balance = balance +
      (SELECT sum(p.amount) FROM payments_without_line p WHERE p.org_id = organizations.id)
    WHERE id IN (SELECT org_id FROM payments_without_line);
  DROP TABLE payments_without_line;
  `,
  // A transfer's transactions and status history are found by its integer key, not its random UUID: a page of
  // transfers made one after another then reads their children from a few neighbouring index pages instead of a
  // scattered page each, which kept the list's cost growing with the store (bench/growth.ts, 1k to 1M transfers).
  // A line without a transfer has no key; a row of a transfer that comes without its key is refused (the writers look
  // it up in the same statement: store/ledger.ts, store/transfers.ts).
  `
  ALTER TABLE transactions ADD COLUMN transfer_seq INTEGER;
  UPDATE transactions SET transfer_seq = (SELECT t.seq FROM transfers t WHERE t.id = transactions.transfer_id)
    WHERE transfer_id IS NOT NULL;
  CREATE INDEX transactions_by_transfer_seq ON transactions(transfer_seq, id);
  CREATE TRIGGER transaction_needs_its_transfer_seq BEFORE INSERT ON transactions
    WHEN NEW.transfer_id IS NOT NULL AND NEW.transfer_seq IS NULL
    BEGIN SELECT RAISE(ABORT, 'a transaction of a transfer carries the transfer''s seq'); END;
  ALTER TABLE transfer_status_history ADD COLUMN transfer_seq INTEGER;
  UPDATE transfer_status_history
    SET transfer_seq = (SELECT t.seq FROM transfers t WHERE t.id = transfer_status_history.transfer_id);
  DROP INDEX status_history_by_transfer;
  CREATE INDEX status_history_by_transfer_seq ON transfer_status_history(transfer_seq, seq);
  CREATE TRIGGER status_history_needs_its_transfer_seq BEFORE INSERT ON transfer_status_history
    WHEN NEW.transfer_seq IS NULL
    BEGIN SELECT RAISE(ABORT, 'a status change carries its transfer''s seq'); END;
  `,
  // Events (an extension): subscriptions, the outbox its triggers write, deliveries (store/event-migrations.ts).
  ...eventMigrations,
];

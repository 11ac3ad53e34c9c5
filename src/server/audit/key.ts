import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The key the audit trail's hashes are made with. It never goes into the database whose rows it protects. */
export interface AuditKey {
  secret: Buffer;
  /** Where it came from, for a message: `AUDIT_KEY`, a file's path, or `memory`. */
  source: string;
}

const MIN_KEY_CHARS = 32;

function fromText(text: string, source: string): AuditKey {
  const trimmed = text.trim();
  if (trimmed.length < MIN_KEY_CHARS) {
    throw new Error(`The audit key (${source}) must be at least ${MIN_KEY_CHARS} characters`);
  }
  return { secret: Buffer.from(trimmed, 'utf8'), source };
}

/** The key file made beside a SQLite database: `.data/console.db` → `.data/console.db.audit-key`. */
export function keyFileBeside(databaseFile: string): string {
  return `${databaseFile}.audit-key`;
}

/**
 * The audit key: AUDIT_KEY, else the file AUDIT_KEY_FILE, else (SQLite) a file beside the database made at first
 * start. Servers that share a PostgreSQL database must share the key too, so with DATABASE_URL one of the first two is
 * required; a throw-away in-memory database gets a throw-away key.
 */
export function auditKeyFrom(
  env: NodeJS.ProcessEnv,
  database: { url?: string | undefined; file?: string | undefined },
  /** false for a command that reads an existing trail: a key made now could verify nothing. */
  options: { create?: boolean } = {},
): AuditKey {
  const given = env.AUDIT_KEY;
  if (given?.trim()) return fromText(given, 'AUDIT_KEY');
  const file = env.AUDIT_KEY_FILE?.trim();
  if (file) return fromText(readFileSync(file, 'utf8'), file);
  if (database.url) {
    throw new Error(
      'With DATABASE_URL, set AUDIT_KEY (or AUDIT_KEY_FILE): every console server that shares the database needs the same audit key, kept outside it',
    );
  }
  const dbFile = database.file ?? '.data/console.db';
  if (dbFile === ':memory:') return { secret: randomBytes(32), source: 'memory' };
  const path = keyFileBeside(dbFile);
  if (!existsSync(path) && options.create === false) {
    throw new Error(
      `No audit key at ${path} (nor AUDIT_KEY, AUDIT_KEY_FILE): give the key the trail was written with`,
    );
  }
  if (!existsSync(path)) {
    mkdirSync(dirname(path), { recursive: true });
    // Written whole under another name, then linked into place: of two servers starting at once on one file, the
    // second finds the first's key complete (a link never replaces a file).
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return fromText(readFileSync(path, 'utf8'), path);
}

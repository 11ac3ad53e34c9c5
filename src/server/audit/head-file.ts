import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A head of the audit chain: its last row's sequence number and hash, as `SEQ:HASH`. */
export interface AuditHead {
  seq: number;
  hash: string;
}

export function formatHead(head: AuditHead): string {
  return `${head.seq}:${head.hash}`;
}

export function parseHead(text: string): AuditHead | null {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: match[2] as string } : null;
}

/**
 * Where the chain's head is kept outside the database: AUDIT_HEAD_FILE, else beside the key file (the one SQLite's
 * key file sits beside the database: `.data/console.db.audit-head`; AUDIT_KEY_FILE's: `<that file>.head`). Null when
 * there is no such place (a key given in AUDIT_KEY without AUDIT_HEAD_FILE, an in-memory database): the head is then
 * only in the server's log, printed at each start.
 */
export function auditHeadFileFrom(
  env: NodeJS.ProcessEnv,
  database: { url?: string | undefined; file?: string | undefined },
): string | null {
  const given = env.AUDIT_HEAD_FILE?.trim();
  if (given) return given;
  if (env.AUDIT_KEY?.trim()) return null;
  const keyFile = env.AUDIT_KEY_FILE?.trim();
  if (keyFile) return `${keyFile}.head`;
  if (database.url) return null;
  const dbFile = database.file ?? '.data/console.db';
  return dbFile === ':memory:' ? null : `${dbFile}.audit-head`;
}

/**
 * The head file: the last head this server saw committed, rewritten after each line it appends. A line's request
 * does not wait for it and nothing is synced: heads noted while a write is under way are folded into the next write
 * (the latest wins), and each write goes to a file of its own and is renamed into place, so the file always holds
 * one whole head. It may lag the database by the lines of the last moment (a crash), which is harmless: the chain
 * must pass through any head noted, not end at it. It is never ahead of what committed.
 */
export class AuditHeadFile {
  readonly path: string;
  private latest = 0;
  private pending: AuditHead | null = null;
  private writing: Promise<void> | null = null;
  private failed = false;

  constructor(path: string) {
    this.path = path;
  }

  /** The head noted in the file, or null when there is none yet (a first start, a deleted file: say so). */
  read(): AuditHead | null {
    if (!existsSync(this.path)) return null;
    const head = parseHead(readFileSync(this.path, 'utf8'));
    if (!head) throw new Error(`The audit head file ${this.path} does not hold a head (SEQ:HASH)`);
    return head;
  }

  /** A head that committed: written soon, unless a later one was noted already. */
  note(head: AuditHead): void {
    if (head.seq <= this.latest) return;
    this.latest = head.seq;
    this.pending = head;
    this.writing ??= this.drain();
  }

  /** Waits until every head noted so far is in the file. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      while (this.pending) {
        const head = this.pending;
        this.pending = null;
        const draft = `${this.path}.${process.pid}.${randomBytes(4).toString('hex')}`;
        await writeFile(draft, `${formatHead(head)}\n`, { mode: 0o600 });
        await rename(draft, this.path);
      }
    } catch (error) {
      // Said once: the trail itself is unharmed, only its copy of the head outside the database is not kept.
      if (!this.failed)
        console.error(`[audit] the head file ${this.path} cannot be written: ${(error as Error).message}`);
      this.failed = true;
      this.pending = null;
    } finally {
      this.writing = null;
    }
  }
}

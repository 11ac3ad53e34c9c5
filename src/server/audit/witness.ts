import type { ConsoleDb } from '../db/database';
import { auditRowHash } from '../db/repositories/team/audit-trail';
import { type AuditHead, type AuditHeadFile, formatHead } from './head-file';

/** Thrown by an append that would write on a chain that no longer passes through the head this server last saw. */
export class AuditChainBroken extends Error {
  constructor(why: string) {
    super(
      `The audit trail was cut or rewritten in the database: ${why}. Nothing is written until it is looked into`,
    );
    this.name = 'AuditChainBroken';
  }
}

/**
 * The last head this server wrote or noted (in memory, and in the head file when it keeps one), and the check each
 * append makes against it inside its transaction: the chain the append would continue must still pass through that
 * head. A database writer who deletes the last lines and moves the head row back (or wipes the trail) would otherwise
 * see the running server append on the rewound head and carry the head file onto the new chain. Such an append is
 * refused (the request answers 503), said loudly once, and every later one is refused too, until the trail is looked
 * into and the server restarted: a broken chain is never written on, nor its head noted.
 *
 * The check costs nothing on one server (the head it noted is the row before); when other servers appended since, it
 * reads that one row's hash.
 */
export class AuditWitness {
  private last: AuditHead | null = null;
  private why: string | null = null;
  private readonly file: AuditHeadFile | null;
  private readonly onBreak: (why: string, last: AuditHead) => void;

  constructor(file: AuditHeadFile | null, onBreak: (why: string, last: AuditHead) => void) {
    this.file = file;
    this.onBreak = onBreak;
  }

  /** Why the chain was found broken under this server, or null while it holds. */
  get broken(): string | null {
    return this.why;
  }

  /** The head this server last wrote or noted (null before it knows one). */
  get head(): AuditHead | null {
    return this.last;
  }

  /** A head the chain must pass through from now on: the one verified at start, or the head file's when it did not. */
  adopt(head: AuditHead | null): void {
    if (head && (!this.last || head.seq >= this.last.seq)) this.last = head;
  }

  /** A head that committed: remembered, and kept in the head file. Never while the chain is broken under us. */
  note(head: AuditHead): void {
    if (this.why) return;
    if (!this.last || head.seq > this.last.seq) this.last = head;
    this.file?.note(head);
  }

  /**
   * Inside an append's transaction, with the head row as it stood before it (`previous`: the sequence number and hash
   * of the row the new one follows): refuses when that chain no longer passes through the head last seen.
   */
  async vouch(trx: ConsoleDb, previous: AuditHead): Promise<void> {
    if (this.why) throw new AuditChainBroken(this.why);
    const last = this.last;
    if (!last || last.seq === 0) return;
    let why: string | null = null;
    if (previous.seq < last.seq) {
      why = `its head is at row ${previous.seq}, behind row ${last.seq} which this server wrote or noted (${formatHead(last)})`;
    } else if (previous.seq === last.seq) {
      if (previous.hash !== last.hash) why = `row ${last.seq} is not the row this server wrote or noted`;
    } else {
      const hash = await auditRowHash(trx, last.seq);
      if (hash !== last.hash)
        why = `row ${last.seq}, which this server wrote or noted (${formatHead(last)}), is ${hash === null ? 'gone' : 'another row'}`;
    }
    if (!why) return;
    this.why = why;
    this.onBreak(why, last);
    throw new AuditChainBroken(why);
  }
}

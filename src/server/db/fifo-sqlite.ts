import {
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
  SqliteAdapter,
  SqliteDialect,
} from 'kysely';

/**
 * One holder at a time, each waiter let in in the order it asked, one wake per hand-over. Kysely's own lock for a
 * single connection wakes every waiter at each release, and all but one go back to sleep: with thousands of queries
 * waiting (events arriving faster than they were applied) each release cost as much as the queue was long, and the
 * server fell further behind the more it was behind (two fifths of its time in that lock at 1,000 events a second).
 */
export class FifoLock {
  private held = false;
  private waiting: (() => void)[] = [];
  private head = 0;

  take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting[this.head];
    if (!next) {
      this.held = false;
      this.waiting = [];
      this.head = 0;
      return;
    }
    this.waiting[this.head] = undefined as never;
    this.head++;
    // Still held: the next waiter has it now.
    next();
  }
}

/** SQLite's one connection, lent to one query or transaction at a time through the FIFO lock. */
class FifoDriver implements Driver {
  private readonly lock = new FifoLock();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.take();
    try {
      return await this.inner.acquireConnection();
    } catch (error) {
      this.lock.give();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.lock.give();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: Parameters<Driver['beginTransaction']>[1]) {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The driver takes its turns itself (FifoDriver), so Kysely adds no lock of its own around it. */
class SelfLockingSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect whose one connection is taken in turns, first come first served. */
export class FifoSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new FifoDriver(super.createDriver());
  }

  override createAdapter(): DialectAdapter {
    return new SelfLockingSqliteAdapter();
  }
}

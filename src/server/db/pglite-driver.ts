// A Kysely driver for PGlite. PGlite is one in-process connection, so every query
// and transaction is serialised here; the importer's own transactions go through
// PGlite's transaction lock, which also makes readers wait for a whole batch.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

async function executeOn<R>(client: PGlite | Transaction, query: CompiledQuery): Promise<QueryResult<R>> {
  if (query.parameters.length === 0 && query.sql.includes(';')) {
    // Several statements (a migration) need the simple query protocol.
    const results = await client.exec(query.sql);
    return { rows: (results.at(-1)?.rows ?? []) as R[] };
  }
  const result = await client.query<R>(query.sql, [...query.parameters]);
  return result.affectedRows !== undefined && result.affectedRows > 0
    ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
    : { rows: result.rows };
}

/** A connection inside a PGlite transaction opened elsewhere (db/client.ts bulkTransaction): its queries, not its begin or commit. */
export function pgliteTransactionConnection(tx: Transaction): DatabaseConnection {
  return {
    executeQuery: (query) => executeOn(tx, query),
    async *streamQuery() {
      throw new Error('Streaming queries are not supported on PGlite');
    },
  };
}

class PgliteConnection implements DatabaseConnection {
  /** Set while a Kysely transaction runs inside PGlite's own transaction lock. */
  transaction: Transaction | undefined;
  private finishTransaction: ((outcome: 'commit' | 'rollback') => void) | undefined;
  private transactionSettled: Promise<unknown> | undefined;

  constructor(private readonly pglite: PGlite) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return executeOn(this.transaction ?? this.pglite, query);
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }

  /** Opens pglite.transaction() and keeps it open until commit or rollback is asked for. */
  async begin(): Promise<void> {
    let opened!: () => void;
    const ready = new Promise<void>((resolve) => (opened = resolve));
    this.transactionSettled = this.pglite
      .transaction(async (tx) => {
        this.transaction = tx;
        const outcome = await new Promise<'commit' | 'rollback'>((resolve) => {
          this.finishTransaction = resolve;
          opened();
        });
        if (outcome === 'rollback') await tx.rollback();
      })
      .finally(() => {
        this.transaction = undefined;
        this.finishTransaction = undefined;
      });
    await Promise.race([ready, this.transactionSettled]);
  }

  async end(outcome: 'commit' | 'rollback'): Promise<void> {
    this.finishTransaction?.(outcome);
    await this.transactionSettled;
  }
}

/** Runs Kysely on PGlite: one connection, handed out to one caller at a time. */
class PgliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;
  private readonly connection: PgliteConnection;

  constructor(pglite: PGlite) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    await this.connection.begin();
  }

  async commitTransaction(): Promise<void> {
    await this.connection.end('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.connection.end('rollback');
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {}
}

export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

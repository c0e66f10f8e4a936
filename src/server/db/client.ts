// Opens the database: PGlite under DATA_DIR by default, a PostgreSQL server when
// DATABASE_URL is set. Both speak PostgreSQL; queries go through one Kysely instance.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SingleConnectionProvider,
  Transaction,
  type DatabaseConnection,
  type Dialect,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CopyBuffer } from './copy-format.ts';
import { PgliteDialect, pgliteTransactionConnection } from './pglite-driver.ts';
import { lockDataDir } from './pglite-lock.ts';
import type { Database } from './schema.ts';

/**
 * A transaction for writes, on one connection: Kysely's typed queries, COPY of prepared rows
 * (which Kysely cannot send), and plain SQL (docs/decisions/081-writers-per-job.md).
 */
export interface BulkTransaction {
  /** Typed queries in this transaction; `sql` through it for what the builders cannot say. */
  readonly kysely: Transaction<Database>;
  /** Plain SQL in this transaction, for a statement no builder says (a `set local`); every other statement goes through `kysely`. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  copy(buffer: CopyBuffer): Promise<void>;
}

/**
 * Kysely's typed Transaction over a connection already inside a transaction that bulkTransaction
 * opened (and commits): its queries go to that connection, as COPY does, never to the pool.
 */
function transactionBinder(kysely: Kysely<Database>, dialect: Dialect): (connection: DatabaseConnection) => Transaction<Database> {
  // Begin, commit and destroy are refused on a Transaction: its driver is never asked.
  const driver = dialect.createDriver();
  return (connection) =>
    new Transaction<Database>({
      config: { dialect },
      dialect,
      driver,
      executor: kysely.getExecutor().withConnectionProvider(new SingleConnectionProvider(connection)),
    });
}

/** What Kysely's own Postgres connection reports: the rows, and the rows a write changed. */
function clientConnection(client: pg.PoolClient): DatabaseConnection {
  return {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const result = await client.query(query.sql, [...query.parameters]);
      const wrote = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(result.command) && result.rowCount !== null;
      return wrote ? { rows: result.rows as R[], numAffectedRows: BigInt(result.rowCount!) } : { rows: result.rows as R[] };
    },
    async *streamQuery() {
      throw new Error('Streaming queries are not supported in a bulk transaction');
    },
  };
}

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  readonly kysely: Kysely<Database>;
  /** Runs fn in one transaction: either all of its writes become visible, or none. */
  bulkTransaction<T>(fn: (tx: BulkTransaction) => Promise<T>, options?: TransactionOptions): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

export interface TransactionOptions {
  /**
   * The commit returns before the transaction reaches the disk (synchronous_commit off, for this
   * transaction alone): the caller waits for the disk itself before it answers anyone who must
   * not lose the write (the live engine's ball, whose fans hear it at once).
   */
  asyncCommit?: boolean;
}

export interface DbOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; 'memory://' for an in-memory database. */
  dataDir: string;
  /** PGlite only: start from this data folder (a `dumpDataDir` tarball) instead of an empty database. */
  loadDataDir?: Blob | undefined;
}

const POOL_IDLE_MS = 5 * 60_000;

function copySql(buffer: CopyBuffer, source: string): string {
  return `copy ${buffer.table} (${buffer.columns.join(', ')}) from ${source}`;
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Db> {
  let location = dataDir;
  let unlock = () => undefined as void;
  if (!dataDir.startsWith('memory://')) {
    location = path.resolve(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
    unlock = lockDataDir(path.resolve(dataDir));
  }
  // Dates stay 'YYYY-MM-DD' strings on both engines (no time-zone shifts through Date).
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(location, { parsers: { [DATE_OID]: (value: string) => value }, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    unlock();
    throw error;
  }
  const dialect = new PgliteDialect(pglite);
  const kysely = new Kysely<Database>({ dialect });
  const bind = transactionBinder(kysely, dialect);
  return {
    kind: 'pglite',
    kysely,
    bulkTransaction: (fn, options) =>
      pglite.transaction(async (tx) => {
        if (options?.asyncCommit) await tx.query('set local synchronous_commit to off');
        return fn({
          kysely: bind(pgliteTransactionConnection(tx)),
          query: async <R>(text: string, params: unknown[] = []) =>
            (await tx.query<R>(text, params)).rows,
          copy: async (buffer) => {
            if (buffer.size === 0) return;
            await tx.query(copySql(buffer, `'/dev/blob'`), [], { blob: new Blob([buffer.text()]) });
          },
        });
      }),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      await kysely.destroy();
      await pglite.close();
      unlock();
    },
    dumpDataDir: async () => {
      await pglite.exec('checkpoint');
      return pglite.dumpDataDir('none');
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  // Dates stay 'YYYY-MM-DD' strings, as PGlite returns them.
  // Idle connections are kept for minutes, not pg's 10 s: a live ball comes every half a minute,
  // and a quiet server otherwise opened new connections for each one (a connect, a login and a
  // backend with cold catalog caches, before the ball's event could be pushed). Idle connections
  // do not keep a process alive (a script that forgot close() still ends).
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: POOL_IDLE_MS, allowExitOnIdle: true, types: { getTypeParser } });
  const dialect = new PostgresDialect({ pool });
  const kysely = new Kysely<Database>({ dialect });
  const bind = transactionBinder(kysely, dialect);
  return {
    kind: 'postgres',
    kysely,
    bulkTransaction: async (fn, options) => {
      const client = await pool.connect();
      try {
        // One round trip for both (a simple query may hold several statements).
        await client.query(options?.asyncCommit ? 'begin; set local synchronous_commit to off' : 'begin');
        const result = await fn({
          kysely: bind(clientConnection(client)),
          query: async <R>(text: string, params: unknown[] = []) =>
            (await client.query(text, params)).rows as R[],
          copy: async (buffer) => {
            if (buffer.size === 0) return;
            const stream = client.query(copyFrom(copySql(buffer, 'stdin')));
            // The text is whole: written at once, without a readable stream piped in (a live ball
            // makes three small COPYs, where that machinery cost more than the rows).
            stream.end(buffer.text());
            await finished(stream);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await kysely.destroy();
    },
  };
}

const DATE_OID = 1082;
const DATE_ARRAY_OID = 1182;
const TEXT_ARRAY_OID: number = 1009;
function getTypeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === DATE_OID) return (value: string) => value;
  // date[] (matches.dates) too: pg's own array parser would make Date objects of its items.
  if (oid === DATE_ARRAY_OID) return pg.types.getTypeParser(TEXT_ARRAY_OID, 'text');
  return pg.types.getTypeParser(oid, format as 'text');
}

export async function openDatabase(options: DbOptions): Promise<Db> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir, options.loadDataDir);
}

import crypto from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'

/** A drizzle schema: the tables an app queries through `orm`. */
export type Schema = Record<string, unknown>
export type Orm<S extends Schema> = PgDatabase<PgQueryResultHKT, S>

/** What runs SQL: the database, or the one connection holding a lock. */
export interface Executor {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  exec(script: string): Promise<void>
  /**
   * Runs `fn` once what was written is committed: after COMMIT inside a transaction (never when it
   * rolls back), at once outside one (each statement commits on its own). Realtime publications
   * go out this way, so no one is told of money that did not move. `fn` must not throw.
   */
  afterCommit(fn: () => void): void
}

/** Runs the callbacks a transaction collected, once it committed. */
function runCommitted(callbacks: Array<() => void>): void {
  for (const fn of callbacks) {
    try {
      fn()
    } catch (err) {
      console.error(
        JSON.stringify({ level: 'error', msg: 'after-commit callback failed', err: (err as Error).message }),
      )
    }
  }
}

const immediately = (fn: () => void) => runCommitted([fn])

/**
 * One database handle for both drivers, PGlite embedded and PostgreSQL: `query` for SQL, `orm` for
 * drizzle (typed against PgDatabase so one path serves both). int8 comes back as `bigint` on both
 * drivers, numeric as string. `SqlDatabase` is the handle without drizzle, for code that only runs
 * SQL (the game server).
 */
export interface SqlDatabase extends Executor {
  kind: 'pglite' | 'postgres'
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>
  /** Runs `fn` in one database transaction; it rolls back when `fn` throws. */
  transaction<T>(fn: (tx: Executor) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** Serialises start-up work across nodes on one connection that holds an advisory lock (embedded: no lock needed). */
  withLock<T>(key: number, fn: (conn: Executor) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** The embedded database's data dir as a tarball (test templates); absent on PostgreSQL. */
  dump?(): Promise<Blob>
}

export interface TransactionOptions {
  /**
   * `false`: the commit does not wait for its WAL flush (`SET LOCAL synchronous_commit = off`),
   * for work whose loss in a crash is harmless because it is done again (event consumers'
   * batches). Sent with BEGIN in one round trip.
   */
  synchronousCommit?: false
}

const ASYNC_COMMIT = 'SET LOCAL synchronous_commit = off'

export interface Database<S extends Schema = Schema> extends SqlDatabase {
  orm: Orm<S>
}

const INT8 = 20
const parseInt8 = (value: string) => BigInt(value)

export interface OpenOptions<S extends Schema = Schema> {
  /** The tables `orm` knows (drizzle's relational queries read them). */
  schema?: S
  databaseUrl?: string
  dataDir?: string
  /** A dumped PGlite data dir to start from (tests clone one migrated template). */
  loadDataDir?: Blob
  poolSize?: number
}

export async function openDatabase<S extends Schema = Schema>(options: OpenOptions<S>): Promise<Database<S>> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.schema)
  return openPglite(options)
}

async function openPglite<S extends Schema>(options: OpenOptions<S>): Promise<Database<S>> {
  const schema = options.schema ?? ({} as S)
  const client = await PGlite.create({
    dataDir: options.loadDataDir ? undefined : options.dataDir,
    loadDataDir: options.loadDataDir,
    parsers: { [INT8]: parseInt8 },
    relaxedDurability: !options.dataDir,
  })
  const executor: Executor = {
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query<T>(text, params)).rows
    },
    async exec(script) {
      await client.exec(script)
    },
    afterCommit: immediately,
  }
  return {
    kind: 'pglite',
    orm: drizzlePglite({ client, schema }) as unknown as Orm<S>,
    ...executor,
    async transaction(fn, options) {
      const committed: Array<() => void> = []
      const result = await client.transaction(async (tx) => {
        if (options?.synchronousCommit === false) await tx.exec(ASYNC_COMMIT)
        return fn({
          query: async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows,
          exec: async (script: string) => {
            await tx.exec(script)
          },
          afterCommit: (f) => committed.push(f),
        })
      })
      runCommitted(committed)
      return result
    },
    // One connection in one process: nothing else can race the migration.
    withLock: (_key, fn) => fn(executor),
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
  }
}

/** Statements kept prepared on each connection (beyond that many texts, one-off statements). */
const PREPARED_MAX = 2_000
const preparedNames = new Map<string, string>()

/**
 * A query with parameters runs as a named prepared statement: parsed and planned once per
 * connection, then only bound and executed (bench:games: PostgreSQL CPU per spin 1.9 → 1.6 ms).
 * The name is derived from the text, so one text is one statement on every connection.
 */
function prepared(text: string, values: unknown[]): pg.QueryConfig {
  if (!values.length) return { text, values }
  let name = preparedNames.get(text)
  if (!name && preparedNames.size < PREPARED_MAX) {
    name = `q${crypto.createHash('sha1').update(text).digest('base64url')}`
    preparedNames.set(text, name)
  }
  return name ? { name, text, values } : { text, values }
}

async function openPostgres<S extends Schema>(
  url: string,
  max: number,
  schema = {} as S,
): Promise<Database<S>> {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8
        ? parseInt8
        : (pg.types.getTypeParser as (o: number, f?: string) => unknown)(
            oid,
            format,
          )) as typeof pg.types.getTypeParser,
  }
  const pool = new pg.Pool({ connectionString: url, max, types })
  // A connection the server drops (restart, failover, admin termination) must not crash the
  // process: the pool replaces it, and queries in flight fail with their own error.
  const report = (err: Error) =>
    console.error(JSON.stringify({ level: 'error', msg: 'database connection error', err: err.message }))
  pool.on('error', report)
  pool.on('connect', (client) => client.on('error', report))
  // Fail fast with a clear message when the server is not there.
  const probe = await pool.connect()
  probe.release()
  return {
    kind: 'postgres',
    orm: drizzlePg({ client: pool, schema }) as unknown as Orm<S>,
    // Not pool.query: it ends the connection after any error, so every refused statement (an
    // overdraft, a limit, a duplicate) cost a new connection, its prepared statements and compiled
    // functions for the next query (about 12 ms instead of 1 for a spin after a refusal). A
    // statement the server refused leaves the connection usable; only a broken one is dropped.
    async query<T>(text: string, params: unknown[] = []) {
      const conn = await pool.connect()
      try {
        const rows = (await conn.query(prepared(text, params))).rows as T[]
        conn.release()
        return rows
      } catch (error) {
        conn.release(error instanceof pg.DatabaseError ? undefined : (error as Error))
        throw error
      }
    },
    async exec(script) {
      await pool.query(script)
    },
    afterCommit: immediately,
    async transaction(fn, options) {
      const conn = await pool.connect()
      const committed: Array<() => void> = []
      let released = false
      try {
        // A simple query may hold several statements: BEGIN and its settings take one round trip.
        await conn.query(options?.synchronousCommit === false ? `BEGIN; ${ASYNC_COMMIT}` : 'BEGIN')
        const result = await fn({
          query: async <T>(text: string, params: unknown[] = []) =>
            (await conn.query(prepared(text, params))).rows as T[],
          exec: async (script: string) => {
            await conn.query(script)
          },
          afterCommit: (f) => committed.push(f),
        })
        await conn.query('COMMIT')
        conn.release()
        released = true
        runCommitted(committed)
        return result
      } catch (error) {
        if (!released) await conn.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        if (!released) conn.release()
      }
    },
    async withLock(key, fn) {
      const conn = await pool.connect()
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key])
        return await fn({
          query: async <T>(text: string, params: unknown[] = []) =>
            (await conn.query(text, params)).rows as T[],
          exec: async (script: string) => {
            await conn.query(script)
          },
          afterCommit: immediately,
        })
      } finally {
        await conn.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined)
        conn.release()
      }
    },
    close: () => pool.end(),
  }
}

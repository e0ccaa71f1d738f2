import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  /** Which engine answers: reported by /readyz and the start-up log. */
  engine: 'postgresql' | 'pglite';
  close(): Promise<void>;
};

/** The extensions the migrations create; PGlite loads them when it opens a data directory. */
export const pgliteExtensions = { cube, btree_gist };

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * Every connection to PostgreSQL runs without JIT compilation (ADR 025). PostgreSQL compiles a
 * statement whose estimated cost passes `jit_above_cost`; a generic plan estimates a
 * parameter's `limit` as a tenth of the table, so on a million members the page of suggestions
 * (1.5 ms to run) was compiled at every call, for 700 ms. Our statements read and write a few
 * rows by index: none gains from compiling.
 */
const NO_JIT = '-c jit=off';

/** PostgreSQL when a URL is given, otherwise the embedded PGlite in `<dataDir>/db`. */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told when PostgreSQL closes an idle connection (a restart, a failover, an administrator). */
  onConnectionLost?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: NO_JIT });
    const db = drizzle(pool, { schema });
    // Connections of their own, so that the generic plan applies to named statements only.
    const prepared = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 4,
      options: `${NO_JIT} -c plan_cache_mode=force_generic_plan`,
    });
    // An idle connection the server closes is an 'error' event on its pool, which without a
    // listener ends the process; the pool drops that connection and opens another when needed.
    for (const each of [pool, prepared]) {
      each.on('error', (error) => options.onConnectionLost?.(error));
    }
    databasePoolsOf.set(db, { main: pool, prepared });
    preparedRunners.set(db, {
      // The pool's own query: checking a client out and back in around each statement kept
      // every batch of the chat insert alive for seconds (3 MB/s promoted, mark-compacts).
      query: (config) => prepared.query(config),
      async withClient(use) {
        const client = await prepared.connect();
        try {
          return await use(client);
        } finally {
          client.release();
        }
      },
    });
    return {
      db,
      engine: 'postgresql',
      close: async () => {
        await Promise.all([pool.end(), prepared.end()]);
      },
    };
  }
  const dir = path.join(options.dataDir, 'db');
  await fs.mkdir(dir, { recursive: true });
  return openPglite(await PGlite.create(dir, { extensions: pgliteExtensions }));
}

/** Wraps an open PGlite (tests load a pre-migrated one) in the same driver as PostgreSQL. */
export function openPglite(pglite: PGlite): DatabaseHandle {
  const config = createPgConfig(pglite);
  // Drizzle passes its type parsers as `types`; node-postgres tolerates that in a Parse message,
  // PGlite's serializer expects parameter OIDs and throws inside an event handler, which hangs
  // every parameterised query in a transaction. Only OID lists reach it.
  const connection = config.connection as unknown as { parse(query: { types?: unknown }): void };
  const parse = connection.parse.bind(connection);
  connection.parse = (query) =>
    parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
  // Every client of this pool shares the one PGlite connection: one client at a time.
  const pool = new pg.Pool({ ...(config as pg.PoolConfig), max: 1 });
  const db = drizzle(pool, { schema });
  // One connection for everything: the generic plan is asked for around each named statement.
  const withClient: PreparedRunner['withClient'] = async (use) => {
    const client = await pool.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      return await use(client);
    } finally {
      await client.query('reset plan_cache_mode').finally(() => client.release());
    }
  };
  databasePoolsOf.set(db, { main: pool });
  preparedRunners.set(db, {
    query: (config) => withClient((client) => client.query(config)),
    withClient,
  });
  return {
    db,
    engine: 'pglite',
    close: async () => {
      await pool.end();
      await pglite.close();
    },
  };
}

const databasePoolsOf = new WeakMap<Database, Record<string, pg.Pool>>();

/**
 * The connection pools of a database by name, for their figures (ADR 063): on PostgreSQL `main`
 * and `prepared` (the named statements' own connections), on PGlite `main`, its one connection.
 */
export function databasePools(db: Database): Record<string, pg.Pool> {
  return databasePoolsOf.get(db) ?? { main: db.$client };
}

export async function migrateDatabase(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}

const dialect = new PgDialect();
/** By text: each statement's name, and the first copy of its text, which every later one shares. */
const statements = new Map<string, { name: string; text: string }>();

/**
 * Where each database runs its named prepared statements: on a connection that always uses the
 * statement's generic plan (ADR 024), planned once, not a custom plan at every call.
 */
type PreparedRunner = {
  /** `rowMode: 'array'`: each row an array of its columns (node-postgres's option). */
  query(config: pg.QueryConfig<unknown[]> & { rowMode?: 'array' }): Promise<pg.QueryResult>;
  /** One connection of that kind for several statements (a statement, then its plan). */
  withClient<T>(use: (client: pg.PoolClient) => Promise<T>): Promise<T>;
};
const preparedRunners = new WeakMap<Database, PreparedRunner>();

function preparedRunner(db: Database): PreparedRunner {
  const runner = preparedRunners.get(db);
  if (!runner) throw new Error('not a database opened by openDatabase or openPglite');
  return runner;
}

function namedQuery(query: SQL): pg.QueryConfig<unknown[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let statement = statements.get(text);
  if (statement === undefined) {
    statement = { name: `prepared_${statements.size + 1}`, text };
    statements.set(text, statement);
  }
  // The shared text: a statement kept for a while (a viewer's pages, ADR 053) holds no copy.
  return { name: statement.name, text: statement.text, values: params };
}

/**
 * Runs a query as a named prepared statement, so PostgreSQL parses and plans it once per
 * connection rather than on every call (it halved PostgreSQL's CPU for a page of suggestions).
 * For hot reads built from a bounded set of shapes only: each distinct text is kept on every
 * connection. Rows come with the driver's own type parsing (timestamps as Date, json parsed).
 */
export async function queryPrepared<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = await preparedRunner(db).query(namedQuery(query));
  return result.rows as Row[];
}

/**
 * A `queryPrepared` statement built once and run many times, its placeholders
 * (`sql.placeholder`) filled at each run: for a hot statement whose text and most values stay the
 * same between calls (a viewer's pages of suggestions, a batch of chat messages), so drizzle does
 * not build it again each time.
 */
export function preparedRows<Row>(db: Database, query: SQL) {
  return buildOnce<Row>(db, query, undefined);
}

/**
 * `preparedRows` with each row an array of its columns in the statement's order: no object is
 * made per row only to be read once.
 */
export function preparedArrays<Row extends unknown[]>(db: Database, query: SQL) {
  return buildOnce<Row>(db, query, 'array');
}

function buildOnce<Row>(db: Database, query: SQL, rowMode: 'array' | undefined) {
  const runner = preparedRunner(db);
  const { name, text, values = [] } = namedQuery(query);
  return async (placeholders: Record<string, unknown>): Promise<Row[]> => {
    const filled = fillPlaceholders(values, placeholders);
    const result = await runner.query(
      rowMode ? { name, text, values: filled, rowMode } : { name, text, values: filled },
    );
    return result.rows as Row[];
  };
}

/** node-postgres's own conversion of a parameter to its text form (arrays, dates, buffers). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } })
  .utils;

/**
 * `EXPLAIN (ANALYZE)` of a query as `queryPrepared` runs it: the same named statement, on the
 * same kind of connection, so the plan shown is the plan the server runs (a plain `explain`
 * shows a custom plan made for the parameters' values, which the server never uses). With its
 * costs, without which PostgreSQL leaves out what JIT compiling took. Runs the query twice:
 * for reads only.
 */
export async function explainPrepared(db: Database, query: SQL): Promise<string[]> {
  const named = namedQuery(query);
  return preparedRunner(db).withClient(async (client) => {
    await client.query(named);
    const literals = (named.values ?? []).map((value) => {
      const text = prepareValue(value);
      return text === null ? 'null' : client.escapeLiteral(String(text));
    });
    const plan = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute ${named.name}(${literals.join(', ')})`,
    );
    return plan.rows.map((row) => row['QUERY PLAN']);
  });
}

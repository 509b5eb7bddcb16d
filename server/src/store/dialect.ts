/**
 * Everything the config store's SQL does differently on SQLite and on PostgreSQL, in one place.
 * The repositories write each query once with Kysely's builder; this module compiles it for an
 * engine (Kysely's SQLite and PostgreSQL query compilers: `?` or `$1` placeholders) and supplies
 * the few fragments whose text differs. What needs no difference, and why:
 * - upserts: both engines take `INSERT … ON CONFLICT (…) DO UPDATE SET … = excluded.…` and
 *   `ON CONFLICT DO NOTHING`; RETURNING works on both (SQLite ≥ 3.35);
 * - booleans are INTEGER 0/1 columns on both (storeRows.ts flag/isSet), JSON documents TEXT
 *   columns (JSON.stringify / JSON.parse), file bytes a BLOB / BYTEA that both drivers take and
 *   answer as a Buffer; epoch milliseconds are BIGINT on PostgreSQL, answered as strings and read
 *   through num().
 * What differs (each below): case-insensitive comparison and order (SQLite's NOCASE columns,
 * PostgreSQL's lower() with unique indexes on lower(column)), row locks (FOR UPDATE) and advisory
 * locks, OFFSET without LIMIT, the insertion order (rowid, or the identity column seq), JSON
 * field access and order, the position of a character, how a transaction begins, and the catalog.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type CompiledQuery,
  type Expression,
  type RawBuilder,
} from 'kysely';
import type { ConfigDatabase } from './schema';

export type Engine = 'sqlite' | 'postgres';

/** Advisory-lock namespaces on PostgreSQL (the first key of the two-key form). */
const LOCK_MIGRATIONS = 0x57b_0001;
const LOCK_LOGIN = 0x57b_0002;
const LOCK_TENANT_ADMINISTRATORS = 0x57b_0003;

export interface StoreDialect {
  engine: Engine;
  /** A Kysely that compiles for the engine and never connects (the connections run the SQL). */
  db: Kysely<ConfigDatabase>;
  /**
   * How a transaction starts. SQLite takes the write lock at BEGIN IMMEDIATE, so a second
   * process on the file waits there (busy_timeout) rather than failing at its first write.
   */
  begin: string;
  /** An expression compared and sorted without regard to (ASCII) case. */
  caseless(value: Expression<string> | string): RawBuilder<string>;
  /** A select that locks its rows until the transaction ends (PostgreSQL), as the text is on SQLite. */
  forUpdate: boolean;
  /** The LIMIT that means "all rows" before an OFFSET (SQLite wants one; PostgreSQL none). */
  allRows: number | null;
  /** The order rows were inserted in (past reports of the same millisecond). */
  insertionOrder: RawBuilder<unknown>;
  /** A top-level field of a JSON text column, as text (null when absent). */
  jsonText(column: string, field: string): RawBuilder<string | null>;
  /**
   * The ORDER BY keys of a top-level JSON field as SQLite orders json_extract's values: absent or
   * null first, then numbers (and booleans) by value, then text without regard to case.
   */
  jsonOrder(column: string, field: string): RawBuilder<unknown>[];
  /** 1-based position of `needle` in `text`, 0 when absent. */
  indexOf(text: Expression<string>, needle: string): RawBuilder<number>;
  /** The store's tables (schema_migrations included), by name. */
  tables: CompiledQuery<{ name: string }>;
  /** The tables with a column of that name. */
  tablesWithColumn(column: string): CompiledQuery<{ name: string }>;
  /** Held by a sign-in attempt on one account and client until its transaction ends; null: none needed. */
  loginLock(key: string): CompiledQuery | null;
  /** Held by a change of one tenant's administrators until its transaction ends; null: none needed. */
  administratorsLock(tid: string): CompiledQuery | null;
  /** Taken and released around the migrations on one connection (replicas starting together). */
  migrationLock: { take: CompiledQuery; release: CompiledQuery } | null;
}

const compileOnly = (engine: Engine): Kysely<ConfigDatabase> =>
  new Kysely<ConfigDatabase>({
    dialect: {
      createAdapter: () => (engine === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        engine === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        engine === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });

/** The JSON path of a top-level field, quoted so that no field name is read as path syntax. */
const jsonPath = (field: string): string => `$."${field.replace(/"/g, '')}"`;

const sqliteDb = compileOnly('sqlite');
export const SQLITE: StoreDialect = {
  engine: 'sqlite',
  db: sqliteDb,
  begin: 'BEGIN IMMEDIATE',
  caseless: (value) => sql<string>`${value} COLLATE NOCASE`,
  forUpdate: false,
  allRows: -1,
  insertionOrder: sql`rowid`,
  // Field names go in as JSON paths (parameters), never into the SQL text.
  jsonText: (column, field) => sql<string | null>`json_extract(${sql.ref(column)}, ${jsonPath(field)})`,
  jsonOrder: (column, field) => [sql`json_extract(${sql.ref(column)}, ${jsonPath(field)}) COLLATE NOCASE`],
  indexOf: (text, needle) => sql<number>`instr(${text}, ${needle})`,
  tables: sql<{
    name: string;
  }>`SELECT name FROM pragma_table_list WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`.compile(
    sqliteDb,
  ),
  tablesWithColumn: (column) =>
    sql<{ name: string }>`SELECT m.name AS name FROM sqlite_master m, pragma_table_info(m.name) c
      WHERE m.type = 'table' AND c.name = ${column} ORDER BY m.name`.compile(sqliteDb),
  // One process owns the file; loginAttempt's in-process queue already runs attempts one at a time.
  loginLock: () => null,
  // BEGIN IMMEDIATE already runs one writer at a time.
  administratorsLock: () => null,
  migrationLock: null,
};

const postgresDb = compileOnly('postgres');
export const POSTGRES: StoreDialect = {
  engine: 'postgres',
  db: postgresDb,
  begin: 'BEGIN',
  caseless: (value) => sql<string>`lower(${value})`,
  forUpdate: true,
  allRows: null,
  insertionOrder: sql.ref('seq'),
  jsonText: (column, field) => sql<string | null>`${sql.ref(column)}::jsonb ->> ${field}::text`,
  jsonOrder: (column, field) => {
    const value = sql`${sql.ref(column)}::jsonb -> ${field}::text`;
    return [
      sql`CASE COALESCE(jsonb_typeof(${value}), 'null') WHEN 'null' THEN 0 WHEN 'number' THEN 1 WHEN 'boolean' THEN 1 ELSE 2 END`,
      sql`CASE jsonb_typeof(${value}) WHEN 'number' THEN (${value})::text::numeric
        WHEN 'boolean' THEN CASE WHEN (${value})::text = 'true' THEN 1 ELSE 0 END END`,
      sql`lower(${sql.ref(column)}::jsonb ->> ${field}::text)`,
    ];
  },
  indexOf: (text, needle) => sql<number>`strpos(${text}, ${needle})`,
  tables: sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.compile(
    postgresDb,
  ),
  tablesWithColumn: (column) =>
    sql<{ name: string }>`SELECT table_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = ${column} ORDER BY table_name`.compile(
      postgresDb,
    ),
  // Held until the transaction ends; hashtext collisions only make two accounts wait for each other.
  loginLock: (key) => sql`SELECT pg_advisory_xact_lock(${LOCK_LOGIN}, hashtext(${key}))`.compile(postgresDb),
  administratorsLock: (tid) =>
    sql`SELECT pg_advisory_xact_lock(${LOCK_TENANT_ADMINISTRATORS}, hashtext(${tid}))`.compile(postgresDb),
  migrationLock: {
    take: sql`SELECT pg_advisory_lock(${LOCK_MIGRATIONS}, 0)`.compile(postgresDb),
    release: sql`SELECT pg_advisory_unlock(${LOCK_MIGRATIONS}, 0)`.compile(postgresDb),
  },
};

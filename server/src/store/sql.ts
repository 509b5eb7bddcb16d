/**
 * How a repository runs its queries: written once with Kysely's builder against the typed tables
 * (schema.ts), compiled for the connection's engine (dialect.ts), run by the connection
 * (connections.ts). A query whose shape never changes is `prepared`: built once with named
 * parameters and compiled once per engine, so the hot paths (a request's session lookup, a policy
 * document read) pay neither Kysely's build nor its compile per call; a query whose shape depends
 * on the call (search fields, sort columns, the fields changed) is built and compiled per call.
 */
import {
  sql,
  type Compilable,
  type CompiledQuery,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Connection, Row } from './connections';
import type { Engine, StoreDialect } from './dialect';
import type { ConfigDatabase } from './schema';

/** A named parameter of a prepared query, in the compiled query's parameters until bound. */
class Param {
  constructor(readonly name: string) {}
}

interface Compiled {
  sql: string;
  /** Per parameter of the SQL: the name of the argument bound to it, or a fixed value. */
  slots: readonly (Param | { value: unknown })[];
}

/**
 * Constants of a query's text go in as literals (`.limit(sql.lit(1))`), not parameters: SQLite
 * plans `LIMIT ?` without the early stop of `LIMIT 1` (a policy document read took 2.5 times as long).
 */
export class PreparedQuery<A, R> {
  private readonly compiled: Partial<Record<Engine, Compiled>> = {};

  constructor(
    private readonly build: (db: Kysely<ConfigDatabase>, args: A, dialect: StoreDialect) => Compilable<R>,
  ) {}

  /** The SQL for the dialect and the parameters for `args`. */
  bind(dialect: StoreDialect, args: A): { sql: string; parameters: unknown[] } {
    let compiled = this.compiled[dialect.engine];
    if (!compiled) {
      const names = new Proxy({}, { get: (_target, name) => new Param(String(name)) }) as A;
      const query = this.build(dialect.db, names, dialect).compile();
      compiled = {
        sql: query.sql,
        slots: query.parameters.map((p) => (p instanceof Param ? p : { value: p })),
      };
      this.compiled[dialect.engine] = compiled;
    }
    const values = args as Record<string, unknown>;
    return {
      sql: compiled.sql,
      parameters: compiled.slots.map((slot) => (slot instanceof Param ? values[slot.name] : slot.value)),
    };
  }
}

/**
 * A query of fixed shape. `args` holds stand-ins for the call's arguments: use them as values
 * only (not as arrays to expand, nor to choose the query's shape).
 */
export const prepared = <A, R>(
  build: (db: Kysely<ConfigDatabase>, args: A, dialect: StoreDialect) => Compilable<R>,
): PreparedQuery<A, R> => new PreparedQuery(build);

type Query<R> = Compilable<R> | CompiledQuery<R>;

/** A connection with typed query methods: what every repository holds. */
export class Sql {
  constructor(readonly connection: Connection) {}

  get dialect(): StoreDialect {
    return this.connection.dialect;
  }
  /** The builder (compiles for this engine; never runs anything itself). */
  get db(): Kysely<ConfigDatabase> {
    return this.connection.dialect.db;
  }
  get inTransaction(): boolean {
    return this.connection.inTransaction;
  }

  private text<A, R>(
    query: PreparedQuery<A, R> | Query<R>,
    args?: A,
  ): { sql: string; parameters: readonly unknown[] } {
    if (query instanceof PreparedQuery) return query.bind(this.dialect, args as A);
    return 'compile' in query ? query.compile() : query;
  }

  all<A, R>(query: PreparedQuery<A, R>, args: A): Promise<R[]>;
  all<R>(query: Query<R>): Promise<R[]>;
  // Not async: the connection's promise is answered as it is (one promise per query on the hot paths).
  all<A, R>(query: PreparedQuery<A, R> | Query<R>, args?: A): Promise<R[]> {
    const { sql, parameters } = this.text(query, args);
    return this.connection.all(sql, parameters) as Promise<R[]>;
  }

  first<A, R>(query: PreparedQuery<A, R>, args: A): Promise<R | undefined>;
  first<R>(query: Query<R>): Promise<R | undefined>;
  first<A, R>(query: PreparedQuery<A, R> | Query<R>, args?: A): Promise<R | undefined> {
    const { sql, parameters } = this.text(query, args);
    return this.connection.get(sql, parameters) as Promise<R | undefined>;
  }

  /** Answers the number of rows changed. */
  run<A>(query: PreparedQuery<A, unknown>, args: A): Promise<number>;
  run(query: Query<unknown>): Promise<number>;
  run<A>(query: PreparedQuery<A, unknown> | Query<unknown>, args?: A): Promise<number> {
    const { sql, parameters } = this.text(query, args);
    return this.connection.run(sql, parameters);
  }

  /** Runs fn atomically, on this transaction when inside one already. */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return this.connection.transaction((connection) =>
      fn(connection === this.connection ? this : new Sql(connection)),
    );
  }
}

export type { Row };

/**
 * `value LIKE pattern ESCAPE '\'`, the pattern's wildcards escaped by likeEscape (storeRows.ts):
 * the same text on both engines.
 */
export const like = (value: Expression<unknown>, pattern: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${value} LIKE ${pattern} ESCAPE '\\'`;

/** `OFFSET n` with no limit (SQLite wants a LIMIT before it: -1 there, none on PostgreSQL). */
export function skip<QB extends SelectQueryBuilder<ConfigDatabase, never, unknown>>(
  query: QB,
  dialect: StoreDialect,
  offset: number,
): QB {
  const limited = dialect.allRows === null ? query : query.limit(sql.lit(dialect.allRows));
  return limited.offset(offset) as QB;
}

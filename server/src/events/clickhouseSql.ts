/**
 * The SQL of the ClickHouse event store, in the subset that Debian's clickhouse-server 18.16 and
 * current releases both accept. 18.16 has no query parameters, so a value enters SQL text, always
 * through one function, `sqlValue` (property-tested against injection in clickhouseSql.test.ts);
 * names enter only through `sqlName`, from a fixed allow-list. The scan's conditions come from
 * eventSql.ts through a dialect whose placeholders are replaced by escaped values at the end
 * (`inline`). The aggregate has its own statement: 18.16 has no WITH … AS (subquery) and reads
 * `GROUP BY 1` as a constant, so groups are named by alias and a top-N with series is a JOIN.
 */
import { ALL_FIELDS, LOG_TYPES, type LogType } from '@workbench/common/api/contract/logSchema';
import type { AggregateMeasure, EventAggregate, EventCursor, EventScan } from './eventStore';
import { scanConditions, type SqlDialect, type SqlValue } from './eventSql';
import { fieldValueError, validateAggregate } from './queryValidation';
import { CODE_LISTS } from './codeIndexes';
import { EventStoreInputError } from './eventStore';

/**
 * What a sort by a field orders by: the value, a code by its place in the vocabulary (as
 * DuckDB's ENUM orders it), so `risk` goes Low to High. Events without a value sort last.
 */
export function sortKeySql(field: string, value = sqlName(field)): string {
  const codes = CODE_LISTS.get(field);
  return codes ? `indexOf([${codes.map((c) => sqlValue(c)).join(', ')}], assumeNotNull(${value}))` : value;
}

/** ORDER BY of a block or scan: (field, with no value last,) time, id. */
export function orderSql(query: { sortField?: string; order?: 'asc' | 'desc' }): string {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const field = query.sortField;
  return `ORDER BY ${field === undefined ? '' : `isNull(${sqlName(field)}) ASC, ${sortKeySql(field)} ${direction}, `}time ${direction}, id ${direction}`;
}

/** A value that may enter a statement: text, a whole number, or a point in time (as epoch ms). */
export type ClickHouseValue = string | number | bigint | Date;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The one way a value enters SQL text. Text becomes a quoted literal in which `\` and `'` are
 * escaped with `\` (ClickHouse's string literal grammar, 18.16 and current: every other byte
 * stands for itself, so nothing else can end the literal); a whole number its decimal digits (a
 * negative one in parentheses, so `- -1` can never become a `--` comment); a Date its epoch
 * milliseconds (times are Int64 ms columns). Anything else (fractions, NaN, numbers past Int64)
 * is refused.
 */
export function sqlValue(value: ClickHouseValue): string {
  if (typeof value === 'string') return `'${value.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  if (value instanceof Date) {
    const ms = value.getTime();
    if (!Number.isSafeInteger(ms)) throw new Error('An invalid date cannot be a SQL value.');
    return sqlValue(ms);
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Only whole numbers can be SQL values, got ${value}.`);
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'bigint') {
    if (value < INT64_MIN || value > INT64_MAX) throw new Error('A SQL value must fit a 64-bit integer.');
    return value < 0n ? `(${value})` : String(value);
  }
  throw new Error(`Not a SQL value: ${typeof value}.`);
}

/** The names a statement may contain: columns, tables and this store's own. */
const NAMES: ReadonlySet<string> = new Set([
  'id',
  'tid',
  'time',
  ...ALL_FIELDS,
  ...LOG_TYPES.flatMap((t) => [tableName(t), localTableName(t)]),
  'load_progress',
]);

/** A name from the allow-list (columns, tables), or a database name of plain letters, digits, `_`. */
export function sqlName(name: string, kind: 'name' | 'database' = 'name'): string {
  if (kind === 'database' ? !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name) : !NAMES.has(name))
    throw new Error(
      `"${name}" is not a ${kind === 'database' ? 'database' : 'column or table'} name of the event store.`,
    );
  return name;
}

/** The table a log type is read from: the Distributed table over the shards. */
export function tableName(logType: LogType): string {
  return `events_${logType}`;
}

/** Each shard's own MergeTree table of a log type. */
export function localTableName(logType: LogType): string {
  return `events_${logType}_local`;
}

/** Placeholders are `{pN}`: nothing else in the builders' SQL has braces. */
const PLACEHOLDER = /\{p(\d+)\}/g;

/**
 * Replaces every placeholder by its value through sqlValue, in one pass (values are never rescanned).
 * A placeholder right before a quote is refused: SQL reads a literal's closing quote and the next
 * one as an escaped quote, so the literal would run on into the statement.
 */
export function inline(sql: string, params: readonly SqlValue[]): string {
  if (/\{p\d+\}'/.test(sql)) throw new Error('A placeholder cannot stand right before a quote.');
  return sql.replace(PLACEHOLDER, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === undefined) throw new Error(`No value for placeholder ${n}.`);
    return sqlValue(value);
  });
}

/**
 * ClickHouse's dialect of eventSql.ts. Codes are String columns (18.16 has no LowCardinality
 * without an experimental setting; an Enum would need an ALTER per vocabulary change), so a code
 * compares as text. `lowerUTF8`, as DuckDB's `lower`, folds non-ASCII letters too.
 */
export function clickhouseDialect(
  database: string,
  table: (logType: LogType) => string = tableName,
): SqlDialect {
  const db = sqlName(database, 'database');
  return {
    table: (logType) => `${db}.${sqlName(table(logType))}`,
    placeholder: (n) => `{p${n}}`,
    fieldValue: (_field, placeholder) => placeholder,
    key: (field) => sqlName(field),
    integer: (placeholder) => `toInt64(${placeholder})`,
    divide: (a, b) => `intDiv(${a}, ${b})`,
    contains: (column, needle) => `position(lowerUTF8(${sqlName(column)}), ${needle}) > 0`,
    like: (column, pattern) => `lowerUTF8(${sqlName(column)}) LIKE ${pattern}`,
    falseValue: '0',
  };
}

/** A scan's WHERE (eventSql's conditions, and the keyset cursor's), values inlined. */
export function whereSql(
  query: EventScan & { after?: EventCursor; limit?: number },
  dialect: SqlDialect,
): string {
  const scan = scanConditions(query, dialect);
  let where = scan.where;
  if (query.after && query.sortField !== undefined) {
    // As DuckDB's keyset on (field, time, id), events without a value last in both orders.
    const t = scan.bind(BigInt(query.after.time));
    const i = scan.bind(BigInt(query.after.id));
    const after = query.order === 'asc' ? '>' : '<';
    const field = sqlName(query.sortField);
    const ties = `(time ${after} ${t} OR (time = ${t} AND id ${after} ${i}))`;
    const value = query.after.value ?? null;
    if (value === null) where += ` AND ${field} IS NULL AND ${ties}`;
    else {
      const error = fieldValueError(query.sortField, value);
      if (error) throw new EventStoreInputError('after', `The cursor's sort value: ${error}`);
      const v = scan.bind(typeof value === 'number' ? BigInt(value) : String(value));
      const key = sortKeySql(query.sortField);
      const at = sortKeySql(query.sortField, v);
      where += ` AND (${field} IS NULL OR ${key} ${after} ${at} OR (${key} = ${at} AND ${ties}))`;
    }
  } else if (query.after) {
    const t = scan.bind(BigInt(query.after.time));
    const i = scan.bind(BigInt(query.after.id));
    where +=
      query.order === 'asc'
        ? ` AND time >= ${t} AND (time > ${t} OR id > ${i})`
        : ` AND time <= ${t} AND (time < ${t} OR id < ${i})`;
  }
  return inline(where, scan.params);
}

/**
 * A measure as SQL. `avg` rounds half away from zero, as DuckDB's round does (ClickHouse's
 * `round` of a Float rounds half to even in current releases).
 */
function measureSql(measure: AggregateMeasure): string {
  switch (measure.kind) {
    case 'count':
      return 'toInt64(count())';
    case 'sum':
      return `toInt64(sum(${measure.fields.map((f) => `coalesce(${sqlName(f)}, 0)`).join(' + ')}))`;
    case 'avg': {
      const f = sqlName(measure.field);
      return `if(count(${f}) = 0, 0, toInt64(if(avg(${f}) < 0, -floor(-avg(${f}) + 0.5), floor(avg(${f}) + 0.5))))`;
    }
    case 'distinct':
      return `toInt64(uniqExact(${sqlName(measure.field)}))`;
  }
}

/**
 * The statement of a report's aggregate (EventAggregate): columns key, (series,) value, in the
 * aggregate's order; values inlined.
 */
export function aggregateStatement(
  query: EventAggregate,
  dialect: SqlDialect,
): { sql: string; hasSeries: boolean } {
  validateAggregate(query);
  const { where: scanWhere, params, bind } = scanConditions({ ...query }, dialect);
  const { groupBy } = query;
  const table = dialect.table(query.logType);
  const measure = measureSql(query.measure);
  const series = 'total' in groupBy || groupBy.series === undefined ? null : sqlName(groupBy.series);
  let sql: string;
  if ('total' in groupBy) {
    sql = `SELECT NULL AS key, ${measure} AS value FROM ${table} WHERE ${scanWhere}`;
  } else if ('field' in groupBy) {
    const field = sqlName(groupBy.field);
    const order = groupBy.order === 'key' ? 'key ASC' : 'value DESC, key ASC';
    const limit = bind(BigInt(query.limit));
    const where = `${scanWhere} AND ${field} IS NOT NULL`;
    // assumeNotNull: the key is never NULL here (filtered), and a Nullable key would sort apart.
    const key = `assumeNotNull(${field})`;
    sql =
      series === null
        ? `SELECT ${key} AS key, ${measure} AS value FROM ${table} WHERE ${where} GROUP BY key ORDER BY ${order} LIMIT ${limit}`
        : // The group's total is the measure over its events (a top-N with series is additive).
          `SELECT key, series, value FROM (SELECT ${key} AS key, ${series} AS series, ${measure} AS value FROM ${table} WHERE ${where} GROUP BY key, series)
          ALL INNER JOIN (SELECT ${key} AS key, ${measure} AS total FROM ${table} WHERE ${where} GROUP BY key ORDER BY ${order.replace('value', 'total')} LIMIT ${limit}) USING key
          ORDER BY ${groupBy.order === 'key' ? 'key ASC' : 'total DESC, key ASC'}, series ASC NULLS LAST`;
  } else {
    const bucket = dialect.integer(bind(BigInt(groupBy.bucketMs)));
    const offset = dialect.integer(bind(BigInt(groupBy.offsetMs)));
    sql = `SELECT ${dialect.divide(`time + ${offset}`, bucket)} * ${bucket} - ${offset} AS key,
      ${series === null ? '' : `${series} AS series, `}${measure} AS value
      FROM ${table} WHERE ${scanWhere} GROUP BY key${series === null ? '' : ', series'}
      ORDER BY key${series === null ? '' : ', series ASC NULLS LAST'}`;
  }
  return { sql: inline(sql, params), hasSeries: series !== null };
}

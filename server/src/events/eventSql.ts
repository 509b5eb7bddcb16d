/**
 * The SQL of an event scan's conditions and of a report's aggregate (EventStore.aggregate), for
 * any SQL engine that keeps one table per log type with a column per field: the engine's
 * differences are its dialect (placeholders, how a bound code meets its column, how a code reads
 * as text, integer division, case-insensitive search). DuckDB's store runs it; the report
 * benchmark runs the same definitions on a SQLite copy (server/bench/reports.ts); a ClickHouse
 * store would add a dialect, not a builder.
 *
 * Values never enter SQL text: each is a bound parameter. Column and table names do, but only
 * names from the log schema, checked (validateQuery, validateAggregate) before any SQL is built.
 */
import {
  FIELD_SPECS,
  LOG_TYPE_SCHEMAS,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import { BYTES_FIELD, type LogCondition } from '@workbench/common/api/contract/logQueryLanguage';
import type { AggregateMeasure, EventAggregate, EventScan } from './eventStore';
import { validateAggregate, validateQuery } from './queryValidation';

/** A bound value: integers as bigint (64-bit columns), texts as strings. */
export type SqlValue = bigint | string;

export interface SqlDialect {
  /** The table of a log type. */
  table(logType: LogType): string;
  /** The placeholder of the n-th bound value (1-based). */
  placeholder(n: number): string;
  /** A bound value compared with a field's column (e.g. cast to the column's ENUM type). */
  fieldValue(field: string, placeholder: string): string;
  /** A field read as a report key or series: a code as its text. */
  key(field: string): string;
  /**
   * A bound integer in arithmetic, as a 64-bit integer (DuckDB binds a JavaScript bigint as a
   * 128-bit HUGEINT: a time bucket computed in it took 20 times as long).
   */
  integer(placeholder: string): string;
  /** Integer division of two integer expressions. */
  divide(a: string, b: string): string;
  /** `column` contains `needle` (a bound, lower-cased text), ignoring case. */
  contains(column: string, needle: string): string;
  /**
   * `column` matches a LIKE pattern (a bound, lower-cased text escaped with `\`), ignoring case.
   * Default `lower(column) LIKE pattern ESCAPE '\'` (ClickHouse has no ESCAPE clause: `\` is its
   * only escape, and its `lower` is ASCII only).
   */
  like?(column: string, pattern: string): string;
  /** The false literal (default `false`; ClickHouse 18.16 has none: 0). */
  readonly falseValue?: string;
}

export interface SqlScan {
  where: string;
  params: SqlValue[];
  /** Binds one more value, returning its placeholder. */
  bind: (value: SqlValue) => string;
}

/** The conditions of a scan (tenant, time range, filters, search), checked first. */
export function scanConditions(query: EventScan, dialect: SqlDialect): SqlScan {
  validateQuery(query);
  const params: SqlValue[] = [];
  const bind = (value: SqlValue): string => {
    params.push(value);
    return dialect.placeholder(params.length);
  };
  const bindField = (field: string, value: FieldValue): string =>
    dialect.fieldValue(field, bind(FIELD_SPECS[field].kind === 'integer' ? BigInt(value) : String(value)));
  const where = [
    `tid = ${bind(query.tid)}`,
    `time >= ${bind(BigInt(query.start))}`,
    `time < ${bind(BigInt(query.end))}`,
  ];
  for (const filter of query.filters) {
    const values = filter.values.map((v) => bindField(filter.field, v)).join(', ');
    where.push(
      filter.exclude
        ? `(${filter.field} IS NULL OR ${filter.field} NOT IN (${values}))`
        : `${filter.field} IN (${values})`,
    );
  }
  const contains = (text: string): string => {
    const needle = bind(text.toLowerCase());
    const fields = LOG_TYPE_SCHEMAS[query.logType].searchFields;
    return `(${fields.map((f) => dialect.contains(f, needle)).join(' OR ')})`;
  };
  if (query.search !== undefined && query.search !== '') where.push(contains(query.search));
  if (query.where !== undefined) {
    const byteSum = LOG_TYPE_SCHEMAS[query.logType].fields
      .filter((f) => f === 'bytes_in' || f === 'bytes_out')
      .map((f) => `coalesce(${f}, 0)`)
      .join(' + ');
    const sql = (c: LogCondition): string => {
      switch (c.kind) {
        case 'and':
        case 'or':
          return `(${c.items.map(sql).join(c.kind === 'and' ? ' AND ' : ' OR ')})`;
        case 'not':
          // An event without the field is "not" it (SQL's NULL would leave it out).
          return `(NOT coalesce(${sql(c.item)}, ${dialect.falseValue ?? 'false'}))`;
        case 'text':
          return contains(c.text);
        case 'in':
          return `${c.field} IN (${c.values.map((v) => bindField(c.field, v)).join(', ')})`;
        case 'like': {
          const pattern = bind(likeSql(c.pattern).toLowerCase());
          return dialect.like
            ? dialect.like(c.field, pattern)
            : `lower(${c.field}) LIKE ${pattern} ESCAPE '\\'`;
        }
        case 'compare':
          return c.field === BYTES_FIELD
            ? `(${byteSum}) ${c.op} ${dialect.integer(bind(BigInt(c.value)))}`
            : `${c.field} ${c.op} ${bindField(c.field, c.value)}`;
      }
    };
    where.push(sql(query.where));
  }
  return { where: where.join(' AND '), params, bind };
}

/** A query-language pattern (`*` any characters, `\*` a star) as a LIKE pattern escaped with `\`. */
export function likeSql(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      i += 1;
      out += /[%_\\]/.test(pattern[i]) ? `\\${pattern[i]}` : pattern[i];
    } else if (ch === '*') out += '%';
    else out += /[%_\\]/.test(ch) ? `\\${ch}` : ch;
  }
  return out;
}

/** An aggregate's measure as SQL. */
function measureSql(measure: AggregateMeasure): string {
  switch (measure.kind) {
    case 'count':
      return 'count(*)';
    case 'sum':
      return `sum(${measure.fields.map((f) => `coalesce(${f}, 0)`).join(' + ')})`;
    case 'avg':
      return `coalesce(round(avg(${measure.field})), 0)`;
    case 'distinct':
      return `count(DISTINCT ${measure.field})`;
  }
}

/**
 * The statement of a report's aggregate (see EventAggregate): columns `key`, `series` (with a
 * series only) and `value`, in the aggregate's order.
 */
export function aggregateSql(
  query: EventAggregate,
  dialect: SqlDialect,
): { sql: string; params: SqlValue[]; hasSeries: boolean } {
  validateAggregate(query);
  const { where, params, bind } = scanConditions({ ...query }, dialect);
  const { groupBy } = query;
  const table = dialect.table(query.logType);
  const measure = measureSql(query.measure);
  const series = 'total' in groupBy || groupBy.series === undefined ? null : dialect.key(groupBy.series);
  let sql: string;
  if ('total' in groupBy) {
    sql = `SELECT NULL AS key, ${measure} AS value FROM ${table} WHERE ${where}`;
  } else if ('field' in groupBy) {
    const key = dialect.key(groupBy.field);
    const order = groupBy.order === 'key' ? 'key ASC' : 'value DESC, key ASC';
    const limit = bind(BigInt(query.limit));
    // Events without a value are no group (as a terms aggregation leaves missing values out).
    const grouped = `FROM ${table} WHERE ${where} AND ${groupBy.field} IS NOT NULL`;
    sql =
      series === null
        ? `SELECT ${key} AS key, ${measure} AS value ${grouped} GROUP BY 1 ORDER BY ${order} LIMIT ${limit}`
        : `WITH cells AS (SELECT ${key} AS key, ${series} AS series, ${measure} AS value ${grouped} GROUP BY 1, 2),
          top AS (SELECT key, sum(value) AS value FROM cells GROUP BY key ORDER BY ${order} LIMIT ${limit})
          SELECT cells.key, cells.series, cells.value FROM cells JOIN top ON cells.key = top.key
          ORDER BY ${order.replace(/(key|value)/g, 'top.$1')}, cells.series ASC NULLS LAST`;
  } else {
    const bucket = dialect.integer(bind(BigInt(groupBy.bucketMs)));
    const offset = dialect.integer(bind(BigInt(groupBy.offsetMs)));
    sql = `SELECT ${dialect.divide(`time + ${offset}`, bucket)} * ${bucket} - ${offset} AS key,
      ${series === null ? '' : `${series} AS series, `}${measure} AS value
      FROM ${table} WHERE ${where} GROUP BY ${series === null ? '1' : '1, 2'}
      ORDER BY 1${series === null ? '' : ', 2 ASC NULLS LAST'}`;
  }
  return { sql, params, hasSeries: series !== null };
}

/**
 * Store-neutral checks of what callers ask an event store for: every store (DuckDB, ClickHouse)
 * runs them before it builds any SQL, so names in its SQL come only from the log schema and
 * values only as bound parameters or checked codes.
 */
import {
  FIELD_SPECS,
  LOG_TYPES,
  LOG_TYPE_SCHEMAS,
  type FieldValue,
  type LogType,
} from '@workbench/common/api/contract/logSchema';
import {
  BYTES_FIELD,
  MAX_QUERY_DEPTH,
  MAX_QUERY_TERMS,
  queryFieldsOf,
  type LogCondition,
} from '@workbench/common/api/contract/logQueryLanguage';
import { isSortableLogColumn } from '@workbench/common/api/contract/logColumns';
import { EventStoreInputError, type EventAggregate, type EventScan } from './eventStore';
import { CODE_INDEXES } from './codeIndexes';

const typeFieldSets: Record<string, Set<string>> = Object.fromEntries(
  LOG_TYPES.map((t) => [t, new Set(LOG_TYPE_SCHEMAS[t].fields)]),
);

/** Whether `field` is a field of `logType`. */
export const isFieldOf = (logType: string, field: string): boolean =>
  typeFieldSets[logType]?.has(field) ?? false;

/** Checks a field value against its spec; returns an error message or null. */
export function fieldValueError(field: string, value: FieldValue): string | null {
  const spec = FIELD_SPECS[field];
  if (!spec) return `Unknown field "${field}".`;
  if (spec.kind === 'integer') {
    return typeof value === 'number' && Number.isSafeInteger(value)
      ? null
      : `Field "${field}" must be an integer.`;
  }
  if (typeof value !== 'string') return `Field "${field}" must be a string.`;
  if (spec.kind === 'code' && !(CODE_INDEXES.get(field) as ReadonlyMap<string, number>).has(value))
    return `Field "${field}" has an unknown value "${value}".`;
  return null;
}

/** Checks a query or scan (and its filters' values); throws EventStoreInputError naming the part. */
export function validateQuery(query: EventScan & { limit?: number }): void {
  if (!(LOG_TYPES as readonly string[]).includes(query.logType)) {
    throw new EventStoreInputError('logType', `Unknown log type "${String(query.logType)}".`);
  }
  if (typeof query.tid !== 'string' || query.tid === '')
    throw new EventStoreInputError('tid', 'tid is required.');
  if (!Number.isSafeInteger(query.start) || !Number.isSafeInteger(query.end)) {
    throw new EventStoreInputError('start', 'start and end must be epoch milliseconds.');
  }
  if (query.order !== undefined && query.order !== 'desc' && query.order !== 'asc') {
    throw new EventStoreInputError('order', `order must be desc or asc, got "${String(query.order)}".`);
  }
  if (query.limit !== undefined && (!Number.isSafeInteger(query.limit) || query.limit < 1)) {
    throw new EventStoreInputError('limit', 'limit must be a positive integer.');
  }
  const allowed = typeFieldSets[query.logType];
  if (query.sortField !== undefined) {
    if (!allowed.has(query.sortField) || !isSortableLogColumn(query.sortField)) {
      throw new EventStoreInputError(
        'sortField',
        `"${String(query.sortField)}" is not a sortable field of ${query.logType}.`,
      );
    }
  }
  for (const filter of query.filters) {
    if (!allowed.has(filter.field)) {
      throw new EventStoreInputError(filter.field, `"${filter.field}" is not a field of ${query.logType}.`);
    }
    if (filter.values.length === 0)
      throw new EventStoreInputError(filter.field, `Filter "${filter.field}" has no value.`);
    for (const value of filter.values) {
      const error = fieldValueError(filter.field, value);
      if (error) throw new EventStoreInputError(filter.field, error);
    }
  }
  if (query.where !== undefined) validateCondition(query.logType, query.where);
}

/**
 * Checks a query-language condition: its fields are the type's (or `bytes` where it has byte
 * counts), values fit their fields, comparisons are on numbers, and its size is bounded.
 */
export function validateCondition(logType: string, condition: LogCondition): void {
  const fields = new Set(queryFieldsOf(logType as LogType));
  let terms = 0;
  const fail = (message: string): never => {
    throw new EventStoreInputError('q', message);
  };
  const fieldOf = (field: unknown): string => {
    if (typeof field !== 'string' || !fields.has(field))
      fail(`"${String(field)}" is not a field of ${logType}.`);
    return field as string;
  };
  const visit = (c: LogCondition, depth: number): void => {
    if (depth > MAX_QUERY_DEPTH + 2) fail('The condition is nested too deeply.');
    terms += 1;
    if (terms > 4 * MAX_QUERY_TERMS) fail('The condition has too many terms.');
    switch (c.kind) {
      case 'and':
      case 'or':
        if (!Array.isArray(c.items) || c.items.length === 0) fail(`An ${c.kind.toUpperCase()} needs terms.`);
        c.items.forEach((i) => visit(i, depth + 1));
        return;
      case 'not':
        visit(c.item, depth + 1);
        return;
      case 'text':
        if (typeof c.text !== 'string' || c.text === '') fail('Free text must not be empty.');
        return;
      case 'in': {
        const field = fieldOf(c.field);
        if (field === BYTES_FIELD || !Array.isArray(c.values) || c.values.length === 0)
          fail(`"${field}" needs values to compare with.`);
        for (const value of c.values) {
          const error = fieldValueError(field, value);
          if (error) fail(error);
        }
        return;
      }
      case 'like': {
        const field = fieldOf(c.field);
        if (FIELD_SPECS[field]?.kind !== 'text' || typeof c.pattern !== 'string')
          fail(`"${field}" is not a text field: a pattern applies to text.`);
        return;
      }
      case 'compare': {
        const field = fieldOf(c.field);
        if (field !== BYTES_FIELD && FIELD_SPECS[field].kind !== 'integer')
          fail(`"${field}" is not a number field.`);
        if (!['>', '>=', '<', '<='].includes(c.op)) fail(`Unknown comparison "${String(c.op)}".`);
        if (!Number.isSafeInteger(c.value)) fail(`"${field}" compares with whole numbers.`);
        return;
      }
      default:
        fail('Unknown condition.');
    }
  };
  visit(condition, 0);
}

/** Most buckets one by-date aggregate may have (a month in minutes is 43,200). */
export const MAX_BUCKETS = 50_000;

/** Checks an aggregate: its scan, the fields it groups by and measures, its buckets. */
export function validateAggregate(query: EventAggregate): void {
  validateQuery({ ...query });
  const { groupBy, measure } = query;
  const fieldOfType = (name: string, field: string) => {
    if (!isFieldOf(query.logType, field))
      throw new EventStoreInputError(name, `"${field}" is not a field of ${query.logType}.`);
  };
  if ('field' in groupBy) {
    fieldOfType('groupBy', groupBy.field);
    if (!Number.isSafeInteger(query.limit) || query.limit < 1)
      throw new EventStoreInputError('limit', 'limit must be a positive integer.');
  } else if ('bucketMs' in groupBy) {
    const { bucketMs, offsetMs } = groupBy;
    if (!Number.isSafeInteger(bucketMs) || bucketMs < 1000)
      throw new EventStoreInputError(
        'bucketMs',
        'A bucket is a whole number of milliseconds, at least a second.',
      );
    if (!Number.isSafeInteger(offsetMs) || Math.abs(offsetMs) >= bucketMs + 86_400_000)
      throw new EventStoreInputError('offsetMs', 'The bucket offset must be a whole number of milliseconds.');
    if ((query.end - query.start) / bucketMs > MAX_BUCKETS)
      throw new EventStoreInputError(
        'bucketMs',
        `At most ${MAX_BUCKETS} buckets: choose a coarser granularity.`,
      );
  }
  const series = 'total' in groupBy ? undefined : groupBy.series;
  if (series !== undefined) {
    fieldOfType('series', series);
    if ('field' in groupBy && measure.kind !== 'count' && measure.kind !== 'sum')
      throw new EventStoreInputError('measure', 'A top-N split by series needs a count or a sum.');
  }
  const integerField = (field: string) => {
    if (!isFieldOf(query.logType, field) || FIELD_SPECS[field].kind !== 'integer')
      throw new EventStoreInputError('measure', `"${field}" is not an integer field of ${query.logType}.`);
  };
  if (measure.kind === 'sum') {
    if (measure.fields.length === 0) throw new EventStoreInputError('measure', 'A sum needs a field.');
    measure.fields.forEach(integerField);
  } else if (measure.kind === 'avg') integerField(measure.field);
  else if (measure.kind === 'distinct') fieldOfType('measure', measure.field);
}

/**
 * The log column registry (issue 15): which columns of the logs explorer the server can sort by,
 * and the export's options. One table for the portal (header sort affordances, `sort` in the URL)
 * and the server (the `sort` parameter's check, the keyset cursor's sort value).
 *
 * Sorting: `event_time` (the default) and every field of the log schema except the long free
 * text below, whose order nobody reads (a URL, a user agent, a subject, a JSON before/after) and
 * which would cost a sort of long strings per block. Integer fields sort numerically, text fields
 * by their bytes (so an IP address sorts as text), coded fields in their vocabulary's order (the
 * stored ENUM's order: risk from lowest to highest, as the spec lists them). Events without a value
 * come last in both orders; ties go by time, then id, in the same direction.
 */
import { FIELD_SPECS, tenantFieldsOf, type LogType } from './logSchema';

/** The time column's sort key (the grid's Time column, the API's default `sort`). */
export const LOG_TIME_SORT = 'event_time';

/** Fields of the log schema that do not sort (long free text), each with why. */
export const UNSORTABLE_LOG_FIELDS: Readonly<Record<string, string>> = {
  url: 'long free text',
  user_agent: 'long free text',
  subject: 'free text',
  details: 'free text',
  object: 'free text (JSON)',
  before: 'JSON of a change',
  after: 'JSON of a change',
  groups: 'a list',
  policy_rule: 'an internal rule key',
};

/** Whether the column `field` (a field of the schema, or event_time) can be sorted by. */
export function isSortableLogColumn(field: string): boolean {
  return field === LOG_TIME_SORT || (FIELD_SPECS[field] !== undefined && !(field in UNSORTABLE_LOG_FIELDS));
}

/** The sortable columns of a log type: event_time, then its sortable fields in schema order. */
export function sortableLogColumns(logType: LogType): readonly string[] {
  return [LOG_TIME_SORT, ...tenantFieldsOf(logType).filter(isSortableLogColumn)];
}

/** Export formats: CSV (RFC 4180, CRLF) or NDJSON (one JSON object per line, LF). */
export const LOG_EXPORT_FORMATS = ['csv', 'ndjson'] as const;
export type LogExportFormat = (typeof LOG_EXPORT_FORMATS)[number];
/** Coded values as their codes (as stored, the default) or as the labels the portal shows. */
export const LOG_EXPORT_VALUES = ['codes', 'labels'] as const;
export type LogExportValues = (typeof LOG_EXPORT_VALUES)[number];
/** The media type of each export format. */
export const LOG_EXPORT_MEDIA_TYPES: Readonly<Record<LogExportFormat, string>> = {
  csv: 'text/csv',
  ndjson: 'application/x-ndjson',
};

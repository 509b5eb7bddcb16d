/**
 * What the logs explorer shows of each log route: the columns (the fields of the type, in the
 * order the server's export writes them: common/src/api/contract/logSchema.ts LOG_TYPE_SCHEMAS), the
 * label of each field, the vocabulary of coded fields (labels in cells, the detail panel and the
 * filter menus) and the filter menus of the bar.
 */
import { FIELD_SPECS, tenantFieldsOf } from '@workbench/common/api/contract/logSchema';
import { LOG_ROUTE_TYPES, type LogRoute, type Vocabulary } from '@workbench/common/vocabularies/index';
import { formatBytes } from '@workbench/common/formatting/formatBytes';

/** Byte counts, shown in B..TB (the detail panel adds the exact count after it). */
const BYTE_FIELDS: ReadonlySet<string> = new Set(['bytes_in', 'bytes_out']);

/** The labels of an event's own parts; a field's label is its log-schema spec's. */
const EVENT_LABELS: Readonly<Record<string, string>> = {
  event_time: 'Time',
  id: 'Event id',
  time: 'Time (epoch ms)',
  log_type: 'Log type',
  index: 'Row',
};

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  ...EVENT_LABELS,
  ...Object.fromEntries(Object.values(FIELD_SPECS).map((spec) => [spec.name, spec.label])),
};

/** The vocabulary of each coded field (code → label), from the shared log schema. */
export const FIELD_VOCABULARIES: Readonly<Record<string, Vocabulary>> = Object.fromEntries(
  Object.values(FIELD_SPECS).flatMap((spec) => (spec.vocabulary ? [[spec.name, spec.vocabulary]] : [])),
);

export interface LogRouteFields {
  /** The type's fields in display order (event_time comes first, always): the shared log schema's. */
  fields: readonly string[];
  /** Columns shown while the URL names none. */
  defaultColumns: readonly string[];
  /** The coded fields the filter bar offers, in bar order. */
  filters: readonly string[];
}

const ROUTE_VIEWS: Readonly<Record<LogRoute, Omit<LogRouteFields, 'fields'>>> = {
  web: {
    defaultColumns: ['userid', 'domain', 'category', 'action', 'risk', 'country'],
    filters: [
      'action',
      'category',
      'risk',
      'threat_class',
      'resource_category',
      'casb_profile_type',
      'country',
      // The coded fields the dashboards group by, as menus too (a drill-down filters any field).
      'webroot_cats',
      'ua_type',
      'av_scan_result',
      'heat_alert_type',
      'heat_evasion_technique',
      'lure_category',
    ],
  },
  email: {
    defaultColumns: ['sender', 'recipient', 'subject', 'email_action', 'risk'],
    filters: [
      'email_action',
      'smtp_action',
      'reason',
      'risk',
      'threat_class',
      'inspection_action',
      'file_decrypted',
    ],
  },
  dlp: {
    defaultColumns: ['userid', 'domain', 'dlp_action', 'dlp_rule', 'file_name'],
    filters: ['dlp_action', 'resource_category', 'country'],
  },
  audit: {
    defaultColumns: ['userid', 'audit_action', 'sub_event_type', 'object', 'details'],
    filters: ['audit_action', 'sub_event_type', 'country'],
  },
  firewall: {
    defaultColumns: ['userid', 'src_ip', 'dst_ip', 'dst_port', 'fw_action', 'request_type', 'rule_name'],
    filters: ['fw_action', 'request_type', 'country'],
  },
  saa: {
    defaultColumns: ['userid', 'application', 'domain', 'action', 'country'],
    filters: ['action', 'country'],
  },
};

export const LOG_ROUTE_FIELDS: Readonly<Record<LogRoute, LogRouteFields>> = Object.fromEntries(
  (Object.keys(ROUTE_VIEWS) as LogRoute[]).map((route) => [
    route,
    { ...ROUTE_VIEWS[route], fields: tenantFieldsOf(LOG_ROUTE_TYPES[route]) },
  ]),
) as Record<LogRoute, LogRouteFields>;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A field's value as a user reads it: the vocabulary label of a code, a byte count in B..TB, else the value itself. */
export function fieldText(field: string, value: string | number | undefined): string {
  if (value === undefined || value === null) return '';
  if (BYTE_FIELDS.has(field)) return formatBytes(value);
  const vocabulary = FIELD_VOCABULARIES[field];
  if (vocabulary && typeof value === 'string')
    return vocabulary.find((e) => e.code === value)?.label ?? value;
  return String(value);
}

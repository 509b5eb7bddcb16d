/**
 * The fields of every log type, shared by the server and the portal: what the event store keeps,
 * what the logs API filters on, what the CSV export writes and the columns the logs explorer offers.
 * Store-neutral: the DuckDB store maps each field to a column of the
 * same name; a ClickHouse store would do the same.
 */
import {
  AUDIT_ACTIONS,
  CASB_PROFILE_TYPES,
  COUNTRIES,
  DLP_ACTIONS,
  EMAIL_ACTIONS,
  EMAIL_REASONS,
  FILE_DECRYPTED_RESULTS,
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
  INSPECTION_ACTIONS,
  INSPECTION_TYPES,
  POLICY_ENFORCEMENT_ACTIONS,
  RESOURCE_CATEGORIES,
  RISKS,
  SMTP_ACTIONS,
  THREAT_CLASSES,
  WEB_CATEGORIES,
  LOG_TYPES,
  ANALYSIS_TIME_CATEGORIES,
  AV_SCAN_RESULTS,
  BOOLEAN_CODES,
  HEAT_ALERT_TYPES,
  HEAT_EVASION_TECHNIQUES,
  LURE_CATEGORIES,
  UA_TYPES,
  WEBROOT_CATEGORIES,
  type LogType,
  type Vocabulary,
} from '@workbench/common/vocabularies/index';
import { SUB_EVENT_TYPES } from './auditAreas';

export type FieldKind = 'text' | 'integer' | 'code';

export interface FieldSpec {
  readonly name: string;
  /** What a person reads: column headers, filter menus, details, report axes. */
  readonly label: string;
  readonly kind: FieldKind;
  /** For kind 'code': the allowed values. */
  readonly vocabulary?: Vocabulary;
}

const text = (name: string, label: string): FieldSpec => ({ name, label, kind: 'text' });
const int = (name: string, label: string): FieldSpec => ({ name, label, kind: 'integer' });
const code = (name: string, label: string, vocabulary: Vocabulary): FieldSpec => ({
  name,
  label,
  kind: 'code',
  vocabulary,
});

const PROTOCOLS: Vocabulary = ['http', 'https', 'tcp', 'udp', 'icmp', 'dns', 'smtp', 'ssh', 'rdp'].map(
  (c) => ({
    code: c,
    label: c.toUpperCase(),
  }),
);
const HTTP_METHODS: Vocabulary = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'CONNECT'].map(
  (c) => ({
    code: c,
    label: c,
  }),
);

/** Every field of every log type, one definition per name (a name means the same in every type). */
export const FIELD_SPECS: Readonly<Record<string, FieldSpec>> = Object.fromEntries(
  [
    text('userid', 'User'),
    text('groups', 'Groups'),
    text('src_ip', 'Source IP'),
    int('src_port', 'Source port'),
    text('dst_ip', 'Destination IP'),
    int('dst_port', 'Destination port'),
    text('domain', 'Domain'),
    text('url', 'URL'),
    code('category', 'Category', WEB_CATEGORIES),
    code('action', 'Action', POLICY_ENFORCEMENT_ACTIONS),
    code('risk', 'Risk', RISKS),
    code('threat_class', 'Threat class', THREAT_CLASSES),
    code('country', 'Country', COUNTRIES),
    code('protocol', 'Protocol', PROTOCOLS),
    code('http_method', 'HTTP method', HTTP_METHODS),
    int('status_code', 'Status code'),
    int('bytes_in', 'Bytes in'),
    int('bytes_out', 'Bytes out'),
    text('user_agent', 'User agent'),
    code('resource_category', 'Resource category', RESOURCE_CATEGORIES),
    code('casb_profile_type', 'Cloud app profile', CASB_PROFILE_TYPES),
    text('application', 'Application'),
    text('file_name', 'File name'),
    text('file_type', 'File type'),
    text('sender', 'Sender'),
    text('recipient', 'Recipient'),
    text('subject', 'Subject'),
    code('email_action', 'Email action', EMAIL_ACTIONS),
    code('smtp_action', 'SMTP action', SMTP_ACTIONS),
    code('reason', 'Reason', EMAIL_REASONS),
    code('file_decrypted', 'File decrypted', FILE_DECRYPTED_RESULTS),
    code('inspection_action', 'Inspection action', INSPECTION_ACTIONS),
    code('inspection_type', 'Inspection type', INSPECTION_TYPES),
    code('dlp_action', 'DLP action', DLP_ACTIONS),
    text('dlp_rule', 'DLP rule'),
    code('audit_action', 'Audit action', AUDIT_ACTIONS),
    code('sub_event_type', 'Area', SUB_EVENT_TYPES),
    text('details', 'Details'),
    // The audit trail's object and, for changes, its state before and after (JSON, no secrets).
    text('object', 'Object'),
    text('before', 'Before'),
    text('after', 'After'),
    // The provider trail's tenant acted on (its id; server/src/audit/README.md).
    text('tenant', 'Tenant'),
    code('fw_action', 'Firewall action', FIREWALL_ACTIONS),
    code('request_type', 'Request type', FIREWALL_REQUEST_TYPES),
    text('rule_name', 'Rule'),
    /** The policy rule that decided a web request: `<option>:<key>`, its policy option (policyOptions.ts) and key (e.g. exceptions:<id>, cats:<category id>; docs/logs.md §7). */
    text('policy_rule', 'Policy rule'),
    // The report fields (docs/reports.md §1 Reports; vocabularies in reportFieldVocabularies.ts).
    code('webroot_cats', 'Category (v2)', WEBROOT_CATEGORIES),
    code('av_scan_result', 'AV scan result', AV_SCAN_RESULTS),
    code('is_page_request', 'Page request', BOOLEAN_CODES),
    code('vulnerable_server', 'Vulnerable server', BOOLEAN_CODES),
    code('ua_type', 'Agent type', UA_TYPES),
    text('browser', 'Browser'),
    text('browser_version', 'Browser version'),
    text('casb_cat_name', 'Cloud app category'),
    code('is_casb_ddl', 'On a domain list', BOOLEAN_CODES),
    code('heat_alert_type', 'HEAT alert', HEAT_ALERT_TYPES),
    text('heat_alert_sub_type', 'HEAT alert detail'),
    code('heat_evasion_technique', 'Evasion technique', HEAT_EVASION_TECHNIQUES),
    code('lure_category', 'Lure', LURE_CATEGORIES),
    code('analysis_time_cat', 'Analysis time', ANALYSIS_TIME_CATEGORIES),
    int('risk_score', 'Risk score'),
    int('smtp_code', 'SMTP code'),
    int('time_taken', 'Time taken (ms)'),
    // The inspected file's hash: its analysis reports on the file server (docs/reports.md §5).
    text('sha256', 'File SHA-256'),
  ].map((f) => [f.name, f]),
);

/** Every field name, in storage order. */
export const ALL_FIELDS: readonly string[] = Object.keys(FIELD_SPECS);

export interface LogTypeSchema {
  /** The fields an event of this type has, in display/export order. */
  readonly fields: readonly string[];
  /** The fields the free-text `search` looks in. */
  readonly searchFields: readonly string[];
  /**
   * Fields only the provider's own trail fills (server/src/audit/README.md): the store keeps them,
   * a tenant never sees, filters, sorts or exports them (tenantFieldsOf).
   */
  readonly providerFields?: readonly string[];
}

export const LOG_TYPE_SCHEMAS: Readonly<Record<LogType, LogTypeSchema>> = {
  scan_web: {
    fields: [
      'userid',
      'groups',
      'src_ip',
      'domain',
      'url',
      'category',
      'action',
      'risk',
      'threat_class',
      'country',
      'protocol',
      'http_method',
      'status_code',
      'bytes_in',
      'bytes_out',
      'user_agent',
      'resource_category',
      'casb_profile_type',
      'application',
      'file_name',
      // Appended (a type's columns keep their order; see the DuckDB store's layout check).
      'file_type',
      'webroot_cats',
      'av_scan_result',
      'is_page_request',
      'vulnerable_server',
      'ua_type',
      'browser',
      'browser_version',
      'casb_cat_name',
      'is_casb_ddl',
      'heat_alert_type',
      'heat_alert_sub_type',
      'heat_evasion_technique',
      'lure_category',
      'analysis_time_cat',
      'risk_score',
      // The rule of the tenant's published web policy that decided the request (issue 12).
      'rule_name',
      'policy_rule',
      'sha256',
    ],
    searchFields: ['userid', 'domain', 'url', 'application', 'file_name', 'src_ip'],
  },
  scan_email: {
    fields: [
      'sender',
      'recipient',
      'subject',
      'email_action',
      'smtp_action',
      'reason',
      'risk',
      'threat_class',
      'file_name',
      'file_type',
      'file_decrypted',
      'inspection_action',
      'inspection_type',
      'url',
      'domain',
      'src_ip',
      'country',
      'bytes_in',
      'smtp_code',
      'time_taken',
      'sha256',
    ],
    searchFields: ['sender', 'recipient', 'subject', 'file_name', 'domain'],
  },
  scan_dlp: {
    fields: [
      'userid',
      'groups',
      'domain',
      'url',
      'dlp_action',
      'dlp_rule',
      'file_name',
      'file_type',
      'resource_category',
      'src_ip',
      'country',
      'bytes_out',
      'application',
      'sha256',
    ],
    searchFields: ['userid', 'domain', 'url', 'dlp_rule', 'file_name'],
  },
  scan_audit: {
    fields: [
      'userid',
      'audit_action',
      'sub_event_type',
      'details',
      'object',
      'before',
      'after',
      'src_ip',
      'country',
      'user_agent',
      'tenant',
    ],
    searchFields: ['userid', 'details', 'object', 'src_ip'],
    providerFields: ['tenant'],
  },
  fwaas_logs: {
    fields: [
      'userid',
      'src_ip',
      'src_port',
      'dst_ip',
      'dst_port',
      'protocol',
      'fw_action',
      'request_type',
      'rule_name',
      'domain',
      'application',
      'country',
      'bytes_in',
      'bytes_out',
    ],
    searchFields: ['userid', 'src_ip', 'dst_ip', 'domain', 'rule_name', 'application'],
  },
  saa_logs: {
    fields: [
      'userid',
      'groups',
      'application',
      'domain',
      'dst_ip',
      'dst_port',
      'action',
      'protocol',
      'src_ip',
      'country',
      'user_agent',
      'bytes_in',
      'bytes_out',
    ],
    searchFields: ['userid', 'application', 'domain', 'dst_ip'],
  },
};

const TENANT_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  LOG_TYPES.map((t) => {
    const { fields, providerFields = [] } = LOG_TYPE_SCHEMAS[t];
    return [t, fields.filter((f) => !providerFields.includes(f))];
  }),
);

/** The fields of a log type a tenant reads, filters, sorts and exports: all but the provider's. */
export const tenantFieldsOf = (logType: LogType): readonly string[] => TENANT_FIELDS[logType];

export { LOG_TYPES };
export type { LogType };

/** A field value as stored and returned: text or an integer. */
export type FieldValue = string | number;

/**
 * What the logs explorer shows of each log route: the columns (the fields of the type, in the
 * order the server's export writes them: server/src/events/logSchema.ts LOG_TYPE_SCHEMAS), the
 * label of each field, the vocabulary of coded fields (labels in cells, the detail panel and the
 * filter menus) and the filter menus of the bar.
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
  SUB_EVENT_TYPES,
  THREAT_CLASSES,
  WEB_CATEGORIES,
  type LogRoute,
  type Vocabulary,
} from '@workbench/common/vocabularies/index';

export const FIELD_LABELS: Readonly<Record<string, string>> = {
  event_time: 'Time',
  userid: 'User',
  groups: 'Groups',
  src_ip: 'Source IP',
  src_port: 'Source port',
  dst_ip: 'Destination IP',
  dst_port: 'Destination port',
  domain: 'Domain',
  url: 'URL',
  category: 'Category',
  action: 'Action',
  risk: 'Risk',
  threat_class: 'Threat class',
  country: 'Country',
  protocol: 'Protocol',
  http_method: 'HTTP method',
  status_code: 'Status code',
  bytes_in: 'Bytes in',
  bytes_out: 'Bytes out',
  user_agent: 'User agent',
  resource_category: 'Resource category',
  casb_profile_type: 'Cloud app profile',
  application: 'Application',
  file_name: 'File name',
  file_type: 'File type',
  sender: 'Sender',
  recipient: 'Recipient',
  subject: 'Subject',
  email_action: 'Email action',
  smtp_action: 'SMTP action',
  reason: 'Reason',
  file_decrypted: 'File decrypted',
  inspection_action: 'Inspection action',
  inspection_type: 'Inspection type',
  dlp_action: 'DLP action',
  dlp_rule: 'DLP rule',
  audit_action: 'Audit action',
  sub_event_type: 'Area',
  details: 'Details',
  fw_action: 'Firewall action',
  request_type: 'Request type',
  rule_name: 'Rule',
  id: 'Event id',
  time: 'Time (epoch ms)',
  log_type: 'Log type',
  index: 'Row',
};

/** The vocabulary of each coded field (code → label). */
export const FIELD_VOCABULARIES: Readonly<Record<string, Vocabulary>> = {
  category: WEB_CATEGORIES,
  action: POLICY_ENFORCEMENT_ACTIONS,
  risk: RISKS,
  threat_class: THREAT_CLASSES,
  country: COUNTRIES,
  resource_category: RESOURCE_CATEGORIES,
  casb_profile_type: CASB_PROFILE_TYPES,
  email_action: EMAIL_ACTIONS,
  smtp_action: SMTP_ACTIONS,
  reason: EMAIL_REASONS,
  file_decrypted: FILE_DECRYPTED_RESULTS,
  inspection_action: INSPECTION_ACTIONS,
  inspection_type: INSPECTION_TYPES,
  dlp_action: DLP_ACTIONS,
  audit_action: AUDIT_ACTIONS,
  sub_event_type: SUB_EVENT_TYPES,
  fw_action: FIREWALL_ACTIONS,
  request_type: FIREWALL_REQUEST_TYPES,
};

export interface LogRouteFields {
  /** The type's fields, in display order (event_time comes first, always). */
  fields: readonly string[];
  /** Columns shown while the URL names none. */
  defaultColumns: readonly string[];
  /** The coded fields the filter bar offers, in bar order. */
  filters: readonly string[];
}

export const LOG_ROUTE_FIELDS: Readonly<Record<LogRoute, LogRouteFields>> = {
  web: {
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
    ],
    defaultColumns: ['userid', 'domain', 'category', 'action', 'risk', 'country'],
    filters: [
      'action',
      'category',
      'risk',
      'threat_class',
      'resource_category',
      'casb_profile_type',
      'country',
    ],
  },
  email: {
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
    ],
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
    ],
    defaultColumns: ['userid', 'domain', 'dlp_action', 'dlp_rule', 'file_name'],
    filters: ['dlp_action', 'resource_category', 'country'],
  },
  audit: {
    fields: ['userid', 'audit_action', 'sub_event_type', 'details', 'src_ip', 'country', 'user_agent'],
    defaultColumns: ['userid', 'audit_action', 'sub_event_type', 'details'],
    filters: ['audit_action', 'sub_event_type', 'country'],
  },
  firewall: {
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
    defaultColumns: ['userid', 'src_ip', 'dst_ip', 'dst_port', 'fw_action', 'request_type', 'rule_name'],
    filters: ['fw_action', 'request_type', 'country'],
  },
  saa: {
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
    defaultColumns: ['userid', 'application', 'domain', 'action', 'country'],
    filters: ['action', 'country'],
  },
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A field's value as a user reads it: the vocabulary label of a code, else the value itself. */
export function fieldText(field: string, value: string | number | undefined): string {
  if (value === undefined || value === null) return '';
  const vocabulary = FIELD_VOCABULARIES[field];
  if (vocabulary && typeof value === 'string')
    return vocabulary.find((e) => e.code === value)?.label ?? value;
  return String(value);
}

/**
 * The streaming destination form (docs/streaming.md "Destinations"): Formik values as typed, yup
 * rules at the contract's limits (each problem at its field, named as the server names it), the
 * body sent, the field a server's 400 names, and the health in words for the list.
 *
 * The authorisation value is write-only: the form never has the stored one. On a change, an empty
 * field keeps it (the body leaves `auth_value` out), a typed one replaces it, and "remove" sends ''.
 */
import * as yup from 'yup';
import {
  STREAM_BATCH_EVENTS_MAX,
  STREAM_BATCH_SECONDS_MAX,
  STREAM_DEFAULT_BATCH_EVENTS,
  STREAM_DEFAULT_BATCH_SECONDS,
  STREAM_FIELDS_MAX,
  STREAM_NAME_MAX,
  STREAM_QUERY_MAX,
  STREAM_URL_MAX,
  type Destination,
  type DestinationInput,
  type StreamKind,
} from '@workbench/common/api/contract/streaming';
import { localInputToIso } from '@workbench/common/formatting/localTime';
import type { LogRoute } from '@workbench/common/vocabularies/index';

/** The log types a destination sends (the contract's union). */
export type StreamLogType = DestinationInput['log_types'][number];

export interface DestinationFormValues {
  name: string;
  kind: StreamKind;
  url: string;
  auth_header: string;
  /** A new value as typed; '' sends none (a change keeps the stored one). */
  auth_value: string;
  /** The stored value is to be removed (sends ''). */
  auth_value_remove: boolean;
  host: string;
  port: string;
  tls: boolean;
  log_types: StreamLogType[];
  fields: string[];
  query: string;
  batch_max_events: string;
  batch_max_seconds: string;
  enabled: boolean;
  /** A datetime-local value (the reader's time zone); '' streams from the creation. */
  start_at: string;
}

export const STREAM_KIND_LABELS: Record<StreamKind, string> = { http: 'HTTP', syslog: 'Syslog' };

export const DESTINATION_FORM_MSGS = {
  nameRequired: 'Enter a name for the destination.',
  nameTooLong: `The name must have at most ${STREAM_NAME_MAX} characters.`,
  urlRequired: 'Enter the receiver’s http:// or https:// address.',
  urlTooLong: `The address must have at most ${STREAM_URL_MAX.toLocaleString('en')} characters.`,
  headerInvalid: 'A header name has letters, digits and hyphens only.',
  headerNeeded: 'Name the header the value is sent in.',
  hostRequired: 'Enter the syslog receiver’s host name or IP address.',
  logTypesRequired: 'Choose at least one log type.',
  tooManyFields: `Choose at most ${STREAM_FIELDS_MAX} fields.`,
  queryTooLong: `The query must have at most ${STREAM_QUERY_MAX.toLocaleString('en')} characters.`,
  startInvalid: 'Enter the date and time to stream from, or leave it empty.',
} as const;

/** A whole number in [min, max] typed as text (a half-typed value stays as typed). */
const wholeIn = (min: number, max: number, what: string) =>
  yup
    .string()
    .trim()
    .matches(/^\d+$/, `Enter the ${what} as a whole number.`)
    .test(
      'range',
      `The ${what} must be from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.`,
      (v) => v === undefined || !/^\d+$/.test(v) || (Number(v) >= min && Number(v) <= max),
    )
    .required(`Enter the ${what}.`);

const forKind = <S extends yup.Schema>(kind: StreamKind, schema: S) =>
  yup.mixed().when('kind', { is: kind, then: () => schema, otherwise: (s) => s.strip() });

export const destinationFormSchema = yup.object({
  name: yup
    .string()
    .trim()
    .max(STREAM_NAME_MAX, DESTINATION_FORM_MSGS.nameTooLong)
    .required(DESTINATION_FORM_MSGS.nameRequired),
  url: forKind(
    'http',
    yup
      .string()
      .trim()
      .required(DESTINATION_FORM_MSGS.urlRequired)
      .max(STREAM_URL_MAX, DESTINATION_FORM_MSGS.urlTooLong)
      .matches(/^https?:\/\/\S+$/i, DESTINATION_FORM_MSGS.urlRequired),
  ),
  auth_header: forKind(
    'http',
    yup
      .string()
      .trim()
      .max(64, 'A header name has at most 64 characters.')
      .matches(/^[A-Za-z0-9-]*$/, DESTINATION_FORM_MSGS.headerInvalid)
      .test(
        'needed',
        DESTINATION_FORM_MSGS.headerNeeded,
        (v, ctx) => (v ?? '').trim() !== '' || (ctx.parent as DestinationFormValues).auth_value === '',
      ),
  ),
  auth_value: forKind('http', yup.string().max(4000, 'The value has at most 4,000 characters.')),
  host: forKind(
    'syslog',
    yup
      .string()
      .trim()
      .max(253, 'A host name has at most 253 characters.')
      .required(DESTINATION_FORM_MSGS.hostRequired),
  ),
  port: forKind('syslog', wholeIn(1, 65535, 'port')),
  log_types: yup.array().of(yup.string()).min(1, DESTINATION_FORM_MSGS.logTypesRequired),
  fields: yup.array().of(yup.string()).max(STREAM_FIELDS_MAX, DESTINATION_FORM_MSGS.tooManyFields),
  query: yup.string().max(STREAM_QUERY_MAX, DESTINATION_FORM_MSGS.queryTooLong),
  batch_max_events: wholeIn(1, STREAM_BATCH_EVENTS_MAX, 'number of events a batch'),
  batch_max_seconds: wholeIn(1, STREAM_BATCH_SECONDS_MAX, 'seconds before a partial batch'),
  start_at: yup
    .string()
    .test('time', DESTINATION_FORM_MSGS.startInvalid, (v) => !v || localInputToIso(v) !== null),
});

export function newDestination(logTypes: readonly StreamLogType[]): DestinationFormValues {
  return {
    name: '',
    kind: 'http',
    url: '',
    auth_header: '',
    auth_value: '',
    auth_value_remove: false,
    host: '',
    port: '514',
    tls: false,
    log_types: logTypes.slice(0, 1),
    fields: [],
    query: '',
    batch_max_events: String(STREAM_DEFAULT_BATCH_EVENTS),
    batch_max_seconds: String(STREAM_DEFAULT_BATCH_SECONDS),
    enabled: true,
    start_at: '',
  };
}

export function destinationValues(d: Destination): DestinationFormValues {
  return {
    name: d.name,
    kind: d.kind,
    url: d.url ?? '',
    auth_header: d.auth_header ?? '',
    auth_value: '',
    auth_value_remove: false,
    host: d.host ?? '',
    port: d.port === undefined ? '' : String(d.port),
    tls: d.tls ?? false,
    log_types: [...d.log_types],
    fields: [...d.fields],
    query: d.query,
    batch_max_events: String(d.batch_max_events),
    batch_max_seconds: String(d.batch_max_seconds),
    enabled: d.enabled,
    start_at: '',
  };
}

/** The body of valid values; `creating` adds `start_at` (a change keeps the cursor). */
export function destinationBody(v: DestinationFormValues, creating: boolean): DestinationInput {
  const start = creating && v.start_at ? localInputToIso(v.start_at) : null;
  const common = {
    name: v.name.trim(),
    log_types: v.log_types,
    fields: v.fields,
    query: v.query.trim(),
    batch_max_events: Number(v.batch_max_events.trim()),
    batch_max_seconds: Number(v.batch_max_seconds.trim()),
    enabled: v.enabled,
    ...(start ? { start_at: start } : {}),
  };
  if (v.kind === 'syslog')
    return { kind: 'syslog', ...common, host: v.host.trim(), port: Number(v.port.trim()), tls: v.tls };
  const header = v.auth_header.trim();
  const value = v.auth_value_remove ? '' : v.auth_value !== '' ? v.auth_value : undefined;
  return {
    kind: 'http',
    ...common,
    url: v.url.trim(),
    ...(header ? { auth_header: header } : {}),
    ...(value !== undefined ? { auth_value: value } : {}),
  };
}

/** The form's fields a problem can sit at: the server's names. */
export const DESTINATION_FORM_FIELDS = [
  'name',
  'kind',
  'url',
  'auth_header',
  'auth_value',
  'host',
  'port',
  'tls',
  'log_types',
  'fields',
  'query',
  'batch_max_events',
  'batch_max_seconds',
  'start_at',
] as const;
export type DestinationFormField = (typeof DESTINATION_FORM_FIELDS)[number];

/** The form field a server's refusal names (`log_types.2` is the log types'), or null for the form. */
export function destinationFieldOf(field: string | undefined): DestinationFormField | null {
  const head = field?.split('.')[0];
  return (DESTINATION_FORM_FIELDS as readonly string[]).includes(head ?? '')
    ? (head as DestinationFormField)
    : null;
}

/** The log types a destination may send: those the caller may read (the server refuses others, 403). */
export const streamLogTypes = (
  routes: readonly LogRoute[],
  can: (route: LogRoute) => boolean,
): StreamLogType[] => routes.filter((r): r is StreamLogType => can(r));

/** How far behind a destination is: "Caught up", "45 s behind", "3 min behind", "2 h behind", "4 days behind". */
export function lagText(seconds: number): string {
  if (seconds <= 0) return 'Caught up';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s behind`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min behind`;
  if (seconds < 86_400) return `${Math.round(seconds / 3600)} h behind`;
  const days = Math.round(seconds / 86_400);
  return `${days.toLocaleString('en')} ${days === 1 ? 'day' : 'days'} behind`;
}

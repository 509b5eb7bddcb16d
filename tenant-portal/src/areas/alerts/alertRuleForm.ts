/**
 * The alert rule form (docs/alerts.md "Rules"): its values as typed, their checks before anything
 * is sent (each problem at its field, named as the server names it), the body of the save, and the
 * field a server's 400 names. Numbers are kept as typed text so a half-typed value is shown as it is.
 */
import {
  ALERT_CHANNELS_MAX,
  ALERT_EVERY_MINUTES_MAX,
  ALERT_LOOKBACK_DAYS_MAX,
  ALERT_NAME_MAX,
  ALERT_QUERY_MAX,
  ALERT_THRESHOLD_MAX,
  ALERT_WINDOW_MINUTES_MAX,
  type AlertRule,
  type AlertRuleInput,
  type AlertSeverity,
} from '@workbench/common/api/contract/alerts';
import type { LogRoute } from '@workbench/common/vocabularies/index';

export type ConditionKind = AlertRuleInput['condition']['kind'];
/** The rule input's log types (the contract's union). */
export type AlertLogType = AlertRuleInput['log_type'];

export interface AlertRuleFormValues {
  name: string;
  log_type: AlertLogType;
  query: string;
  kind: ConditionKind;
  window_minutes: string;
  threshold: string;
  /** '' for none. */
  group_by: string;
  field: string;
  lookback_days: string;
  every_minutes: string;
  severity: AlertSeverity;
  channel_ids: string[];
  enabled: boolean;
}

/** What the logs explorer hands over for "Create alert from this query". */
export interface AlertPrefill {
  log_type: AlertLogType;
  query: string;
  window_minutes: number;
}

export const CONDITION_LABELS: Record<ConditionKind, string> = {
  threshold: 'Count in the window above a threshold',
  new_value: 'A value not seen in the days before',
};

export const SEVERITY_LABELS: Record<AlertSeverity, string> = {
  info: 'Info',
  warning: 'Warning',
  critical: 'Critical',
};

export function newAlertRule(logType: AlertLogType, prefill?: AlertPrefill): AlertRuleFormValues {
  const window = prefill ? Math.min(Math.max(1, prefill.window_minutes), ALERT_WINDOW_MINUTES_MAX) : 15;
  return {
    name: '',
    log_type: prefill?.log_type ?? logType,
    query: prefill?.query ?? '',
    kind: 'threshold',
    window_minutes: String(window),
    threshold: '0',
    group_by: '',
    field: '',
    lookback_days: '7',
    // A rule over a long window need not be evaluated more often than the evaluator allows.
    every_minutes: String(Math.min(Math.max(1, Math.min(window, 5)), ALERT_EVERY_MINUTES_MAX)),
    severity: 'warning',
    channel_ids: [],
    enabled: true,
  };
}

export function alertRuleValues(rule: AlertRule): AlertRuleFormValues {
  const c = rule.condition;
  return {
    name: rule.name,
    log_type: rule.log_type,
    query: rule.query,
    kind: c.kind,
    window_minutes: String(c.window_minutes),
    threshold: c.kind === 'threshold' ? String(c.threshold) : '0',
    group_by: c.kind === 'threshold' ? (c.group_by ?? '') : '',
    field: c.kind === 'new_value' ? c.field : '',
    lookback_days: c.kind === 'new_value' ? String(c.lookback_days) : '7',
    every_minutes: String(rule.every_minutes),
    severity: rule.severity,
    channel_ids: [...rule.channel_ids],
    enabled: rule.enabled,
  };
}

/** The form's fields a problem can sit at: the server's field names. */
export type AlertRuleField =
  | 'name'
  | 'log_type'
  | 'query'
  | 'condition.window_minutes'
  | 'condition.threshold'
  | 'condition.group_by'
  | 'condition.field'
  | 'condition.lookback_days'
  | 'every_minutes'
  | 'severity'
  | 'channel_ids';
export type AlertRuleFormErrors = Partial<Record<AlertRuleField, string>>;

const FIELDS: readonly AlertRuleField[] = [
  'name',
  'log_type',
  'query',
  'condition.window_minutes',
  'condition.threshold',
  'condition.group_by',
  'condition.field',
  'condition.lookback_days',
  'every_minutes',
  'severity',
  'channel_ids',
];

/** A whole number in [min, max], or the problem with the text. */
function whole(text: string, min: number, max: number, what: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `Enter the ${what} as a whole number.`;
  const n = Number(t);
  if (n < min || n > max) return `The ${what} must be from ${min} to ${max.toLocaleString('en')}.`;
  return n;
}

const numbersOf = (v: AlertRuleFormValues) => ({
  'condition.window_minutes': whole(v.window_minutes, 1, ALERT_WINDOW_MINUTES_MAX, 'window in minutes'),
  'condition.threshold': v.kind === 'threshold' ? whole(v.threshold, 0, ALERT_THRESHOLD_MAX, 'threshold') : 0,
  'condition.lookback_days':
    v.kind === 'new_value' ? whole(v.lookback_days, 1, ALERT_LOOKBACK_DAYS_MAX, 'number of days') : 0,
  every_minutes: whole(v.every_minutes, 1, ALERT_EVERY_MINUTES_MAX, 'schedule in minutes'),
});

export const ALERT_RULE_FORM_MSGS = {
  nameRequired: 'Enter a name for the rule.',
  nameTooLong: `The name must have at most ${ALERT_NAME_MAX} characters.`,
  queryTooLong: `The query must have at most ${ALERT_QUERY_MAX} characters.`,
  fieldRequired: 'Choose the field whose new values fire the rule.',
  tooManyChannels: `Choose at most ${ALERT_CHANNELS_MAX} channels.`,
} as const;

/** Each field's problem (empty: the form may be sent). */
export function alertRuleFormErrors(values: AlertRuleFormValues): AlertRuleFormErrors {
  const errors: AlertRuleFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = ALERT_RULE_FORM_MSGS.nameRequired;
  else if ([...name].length > ALERT_NAME_MAX) errors.name = ALERT_RULE_FORM_MSGS.nameTooLong;
  if (values.query.length > ALERT_QUERY_MAX) errors.query = ALERT_RULE_FORM_MSGS.queryTooLong;
  for (const [field, n] of Object.entries(numbersOf(values)))
    if (typeof n === 'string') errors[field as AlertRuleField] = n;
  if (values.kind === 'new_value' && values.field === '')
    errors['condition.field'] = ALERT_RULE_FORM_MSGS.fieldRequired;
  if (values.channel_ids.length > ALERT_CHANNELS_MAX)
    errors.channel_ids = ALERT_RULE_FORM_MSGS.tooManyChannels;
  return errors;
}

/** The save's body of valid values. */
export function alertRuleBody(values: AlertRuleFormValues): AlertRuleInput {
  const n = numbersOf(values) as Record<string, number>;
  const window_minutes = n['condition.window_minutes'];
  return {
    name: values.name.trim(),
    log_type: values.log_type,
    query: values.query.trim(),
    condition:
      values.kind === 'threshold'
        ? {
            kind: 'threshold',
            window_minutes,
            threshold: n['condition.threshold'],
            ...(values.group_by ? { group_by: values.group_by } : {}),
          }
        : {
            kind: 'new_value',
            window_minutes,
            field: values.field,
            lookback_days: n['condition.lookback_days'],
          },
    every_minutes: n.every_minutes,
    severity: values.severity,
    channel_ids: values.channel_ids,
    enabled: values.enabled,
  };
}

/**
 * The form field a server's refusal names, or null for the form as a whole. `channel_ids.0` is the
 * channels' field; `condition` alone (the union refused) is the window's.
 */
export function alertRuleFieldOf(field: string | undefined): AlertRuleField | null {
  if (!field) return null;
  if (field === 'condition') return 'condition.window_minutes';
  return FIELDS.find((f) => field === f || field.startsWith(`${f}.`)) ?? null;
}

/** The condition in words, as the rules list shows it. */
export function conditionText(rule: Pick<AlertRule, 'condition'>): string {
  const c = rule.condition;
  const window = windowText(c.window_minutes);
  if (c.kind === 'threshold')
    return c.group_by
      ? `more than ${c.threshold.toLocaleString('en')} per ${c.group_by} in ${window}`
      : `more than ${c.threshold.toLocaleString('en')} in ${window}`;
  return `new ${c.field} in ${window}, not seen in ${c.lookback_days} ${c.lookback_days === 1 ? 'day' : 'days'} before`;
}

/** Minutes in the largest whole unit: 90 → "90 minutes", 120 → "2 hours", 1440 → "1 day". */
export function windowText(minutes: number): string {
  const unit = (n: number, one: string) => `${n.toLocaleString('en')} ${n === 1 ? one : `${one}s`}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}

/** The log types a rule may read: those the caller may read (the server refuses the others, 403). */
export const alertLogTypes = (
  routes: readonly LogRoute[],
  can: (route: LogRoute) => boolean,
): AlertLogType[] => routes.filter((r): r is AlertLogType => can(r));

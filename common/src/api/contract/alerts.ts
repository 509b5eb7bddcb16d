/**
 * Alerts and notifications (issue 40; docs/alerts.md). The API has no section of its own in the
 * portal's API description, so its paths follow the tenant API's style under `/api/alerts/v1`:
 * - rules: a logs query (the logs query language, one log route), a condition, a schedule, a
 *   severity and the channels notified; evaluated by the server;
 * - firings: what an evaluation found (the count, the groups, a link to the logs of exactly that
 *   query and window) and their state (firing, acknowledged, silenced until a time, resolved);
 * - channels: e-mail addresses or a signed webhook (its secret shown once, at creation);
 * - notifications: the in-app list of the header, read per user.
 * Reading needs `settings:alerts:read`, every change `settings:alerts:write` (a rule also needs the
 * logs permission of its route); marking notifications read needs the read permission only.
 */
import { Type, type Static } from 'typebox';
import { LogRouteSchema } from './logs';

export { ALERTS_READ_PERMISSION, ALERTS_WRITE_PERMISSION } from './settingsPermissions';

const V1 = '/api/alerts/v1';
export const ALERT_PATHS = {
  rules: `${V1}/rules`,
  rule: `${V1}/rules/:id`,
  ruleOf: (id: string) => `${V1}/rules/${encodeURIComponent(id)}`,
  evaluations: `${V1}/rules/:id/evaluations`,
  evaluationsOf: (id: string) => `${V1}/rules/${encodeURIComponent(id)}/evaluations`,
  firings: `${V1}/firings`,
  acknowledge: `${V1}/firings/:id/acknowledge`,
  acknowledgeOf: (id: string) => `${V1}/firings/${encodeURIComponent(id)}/acknowledge`,
  silence: `${V1}/firings/:id/silence`,
  silenceOf: (id: string) => `${V1}/firings/${encodeURIComponent(id)}/silence`,
  channels: `${V1}/channels`,
  channel: `${V1}/channels/:id`,
  channelOf: (id: string) => `${V1}/channels/${encodeURIComponent(id)}`,
  deliveries: `${V1}/channels/:id/deliveries`,
  deliveriesOf: (id: string) => `${V1}/channels/${encodeURIComponent(id)}/deliveries`,
  notifications: `${V1}/notifications`,
  read: `${V1}/notifications/:id/read`,
  readOf: (id: string) => `${V1}/notifications/${encodeURIComponent(id)}/read`,
  readAll: `${V1}/notifications/read_all`,
} as const;

export const ALERT_NAME_MAX = 100;
export const ALERT_QUERY_MAX = 1000;
export const ALERT_WINDOW_MINUTES_MAX = 7 * 24 * 60;
export const ALERT_EVERY_MINUTES_MAX = 24 * 60;
export const ALERT_LOOKBACK_DAYS_MAX = 90;
export const ALERT_THRESHOLD_MAX = 1_000_000_000;
export const ALERT_CHANNELS_MAX = 10;
/** At most this many groups are recorded per evaluation (the largest counts first). */
export const ALERT_GROUPS_MAX = 100;
export const CHANNEL_EMAILS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const FIRING_STATES = ['firing', 'acknowledged', 'silenced', 'resolved'] as const;
export type FiringState = (typeof FIRING_STATES)[number];
export const CHANNEL_KINDS = ['email', 'webhook'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** Count over the window above the threshold; with `group_by`, per value of that field. */
export const ThresholdCondition = Type.Object(
  {
    kind: Type.Literal('threshold'),
    window_minutes: Type.Integer({ minimum: 1, maximum: ALERT_WINDOW_MINUTES_MAX }),
    threshold: Type.Integer({ minimum: 0, maximum: ALERT_THRESHOLD_MAX }),
    group_by: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
/** A value of `field` in the window not seen in the `lookback_days` before it. */
export const NewValueCondition = Type.Object(
  {
    kind: Type.Literal('new_value'),
    window_minutes: Type.Integer({ minimum: 1, maximum: ALERT_WINDOW_MINUTES_MAX }),
    field: Type.String({ minLength: 1, maxLength: 64 }),
    lookback_days: Type.Integer({ minimum: 1, maximum: ALERT_LOOKBACK_DAYS_MAX }),
  },
  { additionalProperties: false },
);
export const AlertCondition = Type.Union([ThresholdCondition, NewValueCondition]);
export type AlertCondition = Static<typeof AlertCondition>;

export const AlertRuleInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ALERT_NAME_MAX }),
    /** The logs route whose events the rule reads. */
    log_type: LogRouteSchema,
    /** A query of the logs query language (empty: every event of the type). */
    query: Type.String({ maxLength: ALERT_QUERY_MAX }),
    condition: AlertCondition,
    every_minutes: Type.Integer({ minimum: 1, maximum: ALERT_EVERY_MINUTES_MAX }),
    severity: Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('critical')]),
    channel_ids: Type.Array(Id, { maxItems: ALERT_CHANNELS_MAX }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type AlertRuleInput = Static<typeof AlertRuleInput>;

export const AlertRule = Type.Object({
  id: Type.String(),
  ...AlertRuleInput.properties,
  created_at: Type.String(),
  updated_at: Type.String(),
  updated_by: Type.String(),
  last_evaluated_at: Type.Union([Type.String(), Type.Null()]),
  next_evaluation_at: Type.Union([Type.String(), Type.Null()]),
});
export type AlertRule = Static<typeof AlertRule>;
export const AlertRuleList = Type.Object({ rules: Type.Array(AlertRule) });
export type AlertRuleList = Static<typeof AlertRuleList>;

export const AlertGroup = Type.Object({
  /** The group-by field's value (null: the rule has no group-by). */
  key: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
});
export type AlertGroup = Static<typeof AlertGroup>;

export const AlertFiring = Type.Object({
  id: Type.String(),
  rule_id: Type.String(),
  rule_name: Type.String(),
  severity: Type.String(),
  state: Type.Union([
    Type.Literal('firing'),
    Type.Literal('acknowledged'),
    Type.Literal('silenced'),
    Type.Literal('resolved'),
  ]),
  started_at: Type.String(),
  updated_at: Type.String(),
  resolved_at: Type.Union([Type.String(), Type.Null()]),
  silenced_until: Type.Union([Type.String(), Type.Null()]),
  acknowledged_by: Type.Union([Type.String(), Type.Null()]),
  count: Type.Integer(),
  groups: Type.Array(AlertGroup),
  window_start: Type.String(),
  window_end: Type.String(),
  /** The portal's logs explorer with exactly the rule's query and this window. */
  link: Type.String(),
});
export type AlertFiring = Static<typeof AlertFiring>;
export const AlertFiringList = Type.Object({ firings: Type.Array(AlertFiring) });
export type AlertFiringList = Static<typeof AlertFiringList>;
export const FiringListQuery = Type.Object(
  {
    rule_id: Type.Optional(Id),
    state: Type.Optional(
      Type.Union([
        Type.Literal('firing'),
        Type.Literal('acknowledged'),
        Type.Literal('silenced'),
        Type.Literal('resolved'),
      ]),
    ),
  },
  { additionalProperties: false },
);

export const SilenceInput = Type.Object(
  { until: Type.String({ format: 'date-time', maxLength: 40 }) },
  { additionalProperties: false },
);

export const EVALUATION_OUTCOMES = ['ok', 'fired', 'still_firing', 'changed', 'resolved', 'error'] as const;
export type AlertEvaluationOutcome = (typeof EVALUATION_OUTCOMES)[number];
export const AlertEvaluation = Type.Object({
  id: Type.String(),
  at: Type.String(),
  window_start: Type.String(),
  window_end: Type.String(),
  count: Type.Integer(),
  groups: Type.Array(AlertGroup),
  outcome: Type.Union([
    Type.Literal('ok'),
    Type.Literal('fired'),
    Type.Literal('still_firing'),
    Type.Literal('changed'),
    Type.Literal('resolved'),
    Type.Literal('error'),
  ]),
  firing_id: Type.Union([Type.String(), Type.Null()]),
  /** Why an evaluation failed (outcome `error`). */
  error: Type.Union([Type.String(), Type.Null()]),
});
export type AlertEvaluation = Static<typeof AlertEvaluation>;
export const AlertEvaluationList = Type.Object({ evaluations: Type.Array(AlertEvaluation) });

export const ChannelInput = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('email'),
      name: Type.String({ minLength: 1, maxLength: ALERT_NAME_MAX }),
      addresses: Type.Array(Type.String({ minLength: 3, maxLength: 254, format: 'email' }), {
        minItems: 1,
        maxItems: CHANNEL_EMAILS_MAX,
      }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('webhook'),
      name: Type.String({ minLength: 1, maxLength: ALERT_NAME_MAX }),
      url: Type.String({ minLength: 8, maxLength: WEBHOOK_URL_MAX }),
    },
    { additionalProperties: false },
  ),
]);
export type ChannelInput = Static<typeof ChannelInput>;

export const Channel = Type.Object({
  id: Type.String(),
  kind: Type.Union([Type.Literal('email'), Type.Literal('webhook')]),
  name: Type.String(),
  addresses: Type.Optional(Type.Array(Type.String())),
  url: Type.Optional(Type.String()),
  created_at: Type.String(),
});
export type Channel = Static<typeof Channel>;
/** A created webhook channel answers its signing secret once; it is never shown again. */
export const CreatedChannel = Type.Object({
  ...Channel.properties,
  secret: Type.Optional(Type.String()),
});
export type CreatedChannel = Static<typeof CreatedChannel>;
export const ChannelList = Type.Object({ channels: Type.Array(Channel) });
export type ChannelList = Static<typeof ChannelList>;

export const Delivery = Type.Object({
  id: Type.String(),
  at: Type.String(),
  attempt: Type.Integer(),
  /** The receiver's HTTP status (webhooks) or the SMTP reply code; null when no answer came. */
  status: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  subject: Type.String(),
});
export type Delivery = Static<typeof Delivery>;
export const DeliveryList = Type.Object({ deliveries: Type.Array(Delivery) });

export const AppNotification = Type.Object({
  id: Type.String(),
  created_at: Type.String(),
  severity: Type.String(),
  title: Type.String(),
  body: Type.String(),
  link: Type.String(),
  firing_id: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
});
export type AppNotification = Static<typeof AppNotification>;
export const NotificationList = Type.Object({
  unread: Type.Integer(),
  notifications: Type.Array(AppNotification),
});
export type NotificationList = Static<typeof NotificationList>;

export const IdParams = Type.Object({ id: Id });

/** Webhook headers: the signature of `<timestamp>.<body>` and the timestamp (unix seconds). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-workbench-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-workbench-timestamp';

export const ALERT_RULE_NOT_FOUND = 'The alert rule was not found.';
export const ALERT_FIRING_NOT_FOUND = 'The alert firing was not found.';
export const CHANNEL_NOT_FOUND = 'The notification channel was not found.';
export const NOTIFICATION_NOT_FOUND = 'The notification was not found.';

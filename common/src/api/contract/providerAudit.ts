/**
 * The provider's audit trail, read by the console (issue 14: "Every write lands in an operator
 * audit trail (who, when, what, before/after), readable in the console"). The events are the
 * audit log type's under the reserved tenant id of the provider (server/src/audit/README.md);
 * `tenant` names the tenant a write acted on, when it acted on one.
 */
import { Type, type Static } from 'typebox';

export const PROVIDER_AUDIT_PATH = '/gdmanage/api/v1/audit';
/** A page of the trail: 25 rows unless asked otherwise, at most 200. */
export const PROVIDER_AUDIT_DEFAULT_LIMIT = 25;
export const PROVIDER_AUDIT_MAX_LIMIT = 200;
/** Paging by offset reaches this far back (older events: narrow the time range or the filters). */
export const PROVIDER_AUDIT_MAX_OFFSET = 10_000;

export const ProviderAuditQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PROVIDER_AUDIT_MAX_LIMIT })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: PROVIDER_AUDIT_MAX_OFFSET })),
    /** The tenant acted on (its id). */
    tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** Who did it (the operator's user name, exactly). */
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    /** An audit action code (AUDIT_ACTIONS). */
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    /** Events at or after this time (ISO 8601). */
    from: Type.Optional(Type.String({ format: 'date-time' })),
    /** Events before this time (ISO 8601). */
    to: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type ProviderAuditQuery = Static<typeof ProviderAuditQuery>;

const Nullable = (s: ReturnType<typeof Type.String>) => Type.Union([s, Type.Null()]);

export const ProviderAuditEvent = Type.Object({
  id: Type.String(),
  /** When (ISO 8601). */
  time: Type.String(),
  /** Who: the operator's user name. */
  actor: Type.String(),
  /** What: an AUDIT_ACTIONS code, and the area (a SUB_EVENT_TYPES code). */
  action: Type.String(),
  area: Type.String(),
  details: Type.String(),
  object: Nullable(Type.String()),
  /** The tenant acted on: its id, and its name now (null when it is gone). */
  tenant: Nullable(Type.String()),
  tenant_name: Nullable(Type.String()),
  /** The object before and after a change (JSON text without secrets). */
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
  src_ip: Nullable(Type.String()),
});
export type ProviderAuditEvent = Static<typeof ProviderAuditEvent>;

export const ProviderAuditList = Type.Object({
  events: Type.Array(ProviderAuditEvent),
  total: Type.Integer(),
});
export type ProviderAuditList = Static<typeof ProviderAuditList>;

/** Reading the provider's audit trail (operators and support). */
export const PROVIDER_AUDIT_READ = 'audit:trail:read';

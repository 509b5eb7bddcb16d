/**
 * The routes whose declared audit event the trail still writes after the change has committed, in
 * a statement of its own (auditTrail.ts's onSend hook): a crash between the two keeps the change
 * and loses its record. Each leaves this list when it moves into its transaction (declared
 * `inTransaction: true`, its handler writing through auditInTransaction or auditedChange).
 * auditTrail.test.ts fails when a route outside this list declares an event without
 * `inTransaction`, and when a listed route no longer needs its place: a new route never joins it.
 * Keys are `METHOD /path` as /openapi.json spells them.
 */
export const AUDITED_AFTER_CHANGE: readonly string[] = [
  'POST /gdmanage/api/v1/tenant_deployments',
  'POST /gdmanage/api/v1/pods/{id}/nodes/{node}/actions',
  'POST /gdmanage/api/v1/ops/rollouts',
  'POST /gdmanage/api/v1/ops/rollouts/{id}/start',
  'POST /gdmanage/api/v1/ops/rollouts/{id}/stop',
  'POST /gdmanage/api/v1/ops/rollouts/{id}/resume',
  'POST /gdmanage/api/v1/ops/rollouts/{id}/rollback',
  'POST /gdmanage/api/v1/tenants/{id}/rolloutinit',
  'POST /gdmanage/api/v1/tenants/{id}/tenantpolicyinit',
];

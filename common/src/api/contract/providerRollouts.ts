/**
 * Staged rollouts of the provider console (docs/provider-console.md §1 "ops/rollout (operator) areas",
 * §6 Provider console: commands rolloutinit and tenantpolicyinit, ops/rollout deployments and
 * tenants; issue 14 "Staged rollouts"). A rollout carries one change (a capabilities patch, a SKU
 * change, or a policy template published as the tenant's next revision) to a list of tenants
 * chosen by tag, deployment, SKU or by hand, resolved when the rollout is created. It runs in
 * waves of `wave_size` tenants with `pause_seconds` between waves, stops at the first failure,
 * keeps each tenant's before and after, and can be resumed or rolled back (the applied part).
 * Paths the spec does not spell out follow `/gdmanage/api/v1/ops/...`.
 */
import { Type, type Static } from 'typebox';
import { CapabilityValue } from './providerTenants';
import { literalUnion } from './providerOps';

export * from './providerRolloutPaths';
import {
  ROLLOUT_SORT_FIELDS,
  PAUSE_SECONDS_MAX,
  ROLLOUT_MAX_TENANTS,
  ROLLOUT_STATES,
  ROLLOUT_TENANT_STATUSES,
  WAVE_SIZE_MAX,
} from './providerRolloutPaths';

const CAPABILITY_NAME = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' });
const SKU_ID = Type.String({ minLength: 1, maxLength: 64 });
const TAG = Type.String({ minLength: 1, maxLength: 40 });
const ID = Type.String({ minLength: 1, maxLength: 64 });

export const CapabilitiesChange = Type.Object(
  {
    kind: Type.Literal('capabilities'),
    /** Capabilities set (merged with the tenant's others), as PATCH capabilities does. */
    set: Type.Record(CAPABILITY_NAME, CapabilityValue, { maxProperties: 50 }),
    /** Capabilities removed, as DELETE capabilities does. */
    remove: Type.Array(CAPABILITY_NAME, { maxItems: 50, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export const SkusChange = Type.Object(
  {
    kind: Type.Literal('skus'),
    add: Type.Array(SKU_ID, { maxItems: 20, uniqueItems: true }),
    remove: Type.Array(SKU_ID, { maxItems: 20, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export const PolicyTemplateChange = Type.Object(
  { kind: Type.Literal('policy_template'), template: ID },
  { additionalProperties: false },
);
export const RolloutChange = Type.Union([CapabilitiesChange, SkusChange, PolicyTemplateChange]);
export type RolloutChange = Static<typeof RolloutChange>;

/** Whom a rollout reaches: every tenant matching any of these (tags, deployments, SKUs, ids). */
export const RolloutTarget = Type.Object(
  {
    tags: Type.Array(TAG, { maxItems: 20, uniqueItems: true }),
    deployments: Type.Array(ID, { maxItems: 20, uniqueItems: true }),
    sku_ids: Type.Array(SKU_ID, { maxItems: 20, uniqueItems: true }),
    tids: Type.Array(ID, { maxItems: ROLLOUT_MAX_TENANTS, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type RolloutTarget = Static<typeof RolloutTarget>;

export const RolloutPreviewBody = Type.Object(
  { change: RolloutChange, target: RolloutTarget },
  { additionalProperties: false },
);
export type RolloutPreviewBody = Static<typeof RolloutPreviewBody>;
export const RolloutCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
    change: RolloutChange,
    target: RolloutTarget,
    wave_size: Type.Integer({ minimum: 1, maximum: WAVE_SIZE_MAX }),
    pause_seconds: Type.Integer({ minimum: 0, maximum: PAUSE_SECONDS_MAX }),
  },
  { additionalProperties: false },
);
export type RolloutCreateBody = Static<typeof RolloutCreateBody>;

/** One thing a change makes different on a tenant: a capability, the SKU list, a policy document. */
export const RolloutDiffItem = Type.Object({
  item: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type RolloutDiffItem = Static<typeof RolloutDiffItem>;

export const RolloutTenant = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  /** 1-based. */
  wave: Type.Integer(),
  status: literalUnion(ROLLOUT_TENANT_STATUSES),
  /** Why it failed (or why its rollback did). */
  reason: Type.Union([Type.String(), Type.Null()]),
  /** What the change made (applied) or would make (pending) different. */
  changes: Type.Array(RolloutDiffItem),
  applied_at: Type.Union([Type.String(), Type.Null()]),
  rolled_back_at: Type.Union([Type.String(), Type.Null()]),
});
export type RolloutTenant = Static<typeof RolloutTenant>;

export const RolloutCounts = Type.Object({
  pending: Type.Integer(),
  applied: Type.Integer(),
  failed: Type.Integer(),
  rolled_back: Type.Integer(),
});
export type RolloutCounts = Static<typeof RolloutCounts>;

const rolloutSummaryFields = {
  id: Type.String(),
  name: Type.String(),
  change: RolloutChange,
  target: RolloutTarget,
  wave_size: Type.Integer(),
  pause_seconds: Type.Integer(),
  state: literalUnion(ROLLOUT_STATES),
  /** Why it failed or paused. */
  reason: Type.Union([Type.String(), Type.Null()]),
  waves: Type.Integer(),
  /** Waves done (every tenant of them applied). */
  waves_done: Type.Integer(),
  counts: RolloutCounts,
  created_at: Type.String(),
  created_by: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  ended_at: Type.Union([Type.String(), Type.Null()]),
  /** When the next wave starts (running: after the pause). */
  next_wave_at: Type.Union([Type.String(), Type.Null()]),
};
export const RolloutSummary = Type.Object(rolloutSummaryFields);
export type RolloutSummary = Static<typeof RolloutSummary>;
export const Rollout = Type.Object({ ...rolloutSummaryFields, tenants: Type.Array(RolloutTenant) });
export type Rollout = Static<typeof Rollout>;

export const RolloutListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    sort: Type.Optional(literalUnion(ROLLOUT_SORT_FIELDS)),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    /** Only the rollouts this tenant is in and not applied in (what rolloutinit can apply to it). */
    pending_for: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type RolloutListQuery = Static<typeof RolloutListQuery>;
export const RolloutList = Type.Object({ rollouts: Type.Array(RolloutSummary), total: Type.Integer() });
export type RolloutList = Static<typeof RolloutList>;

/** A dry run: each tenant's difference, and what would stop it (a disabled tenant). */
export const RolloutPreviewTenant = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  wave: Type.Integer(),
  changes: Type.Array(RolloutDiffItem),
  problem: Type.Union([Type.String(), Type.Null()]),
});
export type RolloutPreviewTenant = Static<typeof RolloutPreviewTenant>;
export const RolloutPreview = Type.Object({ tenants: Type.Array(RolloutPreviewTenant) });
export type RolloutPreview = Static<typeof RolloutPreview>;
export const RolloutPreviewQuery = Type.Object(
  { wave_size: Type.Optional(Type.Integer({ minimum: 1, maximum: WAVE_SIZE_MAX })) },
  { additionalProperties: false },
);

/** What the target step chooses from: each tenant with its status, deployment, tags and SKUs. */
export const RolloutTenantChoice = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  status: Type.String(),
  deployment: Type.String(),
  tags: Type.Array(Type.String()),
  sku_ids: Type.Array(Type.String()),
});
export type RolloutTenantChoice = Static<typeof RolloutTenantChoice>;
export const RolloutTenantChoices = Type.Object({ tenants: Type.Array(RolloutTenantChoice) });
export type RolloutTenantChoices = Static<typeof RolloutTenantChoices>;
export const RolloutDeployments = Type.Object({
  deployments: Type.Array(
    Type.Object({ deployment_id: Type.String(), name: Type.String(), tenants: Type.Integer() }),
  ),
  default_deployment: Type.String(),
});
export type RolloutDeployments = Static<typeof RolloutDeployments>;

/** rolloutinit: applies a rollout's change to this one tenant now (ahead of its wave, or a retry). */
export const RolloutInitBody = Type.Object({ rollout_id: ID }, { additionalProperties: false });
/** tenantpolicyinit: publishes a stored policy template (providerEntities.ts `templates`) as the tenant's next revision. */
export const TenantPolicyInitBody = Type.Object({ template: ID }, { additionalProperties: false });
export const TenantPolicyInitReply = Type.Object({
  rev_id: Type.Integer(),
  changes: Type.Array(RolloutDiffItem),
});
export type TenantPolicyInitReply = Static<typeof TenantPolicyInitReply>;

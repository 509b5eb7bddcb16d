/**
 * The rollout calls' paths, vocabularies and messages (no schemas), so the console's store loads
 * them without the schema library (issue 14: first load). The schemas: providerRollouts.ts.
 */
const V1 = '/gdmanage/api/v1';
export const ROLLOUT_MAX_TENANTS = 1000;
export const WAVE_SIZE_MAX = 100;
export const PAUSE_SECONDS_MAX = 3600;
export const ROLLOUTS_PATH = `${V1}/ops/rollouts`;
export const ROLLOUT_PREVIEW_PATH = `${ROLLOUTS_PATH}/preview`;
export const rolloutPath = (id: string): string => `${ROLLOUTS_PATH}/${encodeURIComponent(id)}`;
/** docs/provider-console.md §6 "Ops/rollout deployments and tenants": what the target step chooses from. */
export const ROLLOUT_DEPLOYMENTS_PATH = `${V1}/ops/rollout/deployments`;
export const ROLLOUT_TENANTS_PATH = `${V1}/ops/rollout/tenants`;
/** Preview (a dry run of every tenant), start, stop, resume, rollback. */
export const ROLLOUT_ACTIONS = ['preview', 'start', 'stop', 'resume', 'rollback'] as const;
export type RolloutAction = (typeof ROLLOUT_ACTIONS)[number];
export const rolloutActionPath = (id: string, action: RolloutAction): string =>
  `${rolloutPath(id)}/${action}`;

/**
 * draft (created, not started) → running (waves, with their pauses) → completed; a tenant that
 * fails ends it failed; the operator's Stop makes it stopped; a server restart leaves a running
 * one paused (with its reason). Failed, stopped and paused resume; any with applied tenants
 * rolls back (→ rolled_back).
 */
export const ROLLOUT_STATES = [
  'draft',
  'running',
  'paused',
  'stopped',
  'failed',
  'completed',
  'rolled_back',
] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const ROLLOUT_STATE_LABELS: Record<RolloutState, string> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  failed: 'Failed',
  completed: 'Completed',
  rolled_back: 'Rolled back',
};
/** The states a rollout no longer moves from by itself (polling stops there). */
export const ROLLOUT_SETTLED_STATES: readonly RolloutState[] = [
  'draft',
  'paused',
  'stopped',
  'failed',
  'completed',
  'rolled_back',
];
export const ROLLOUT_RESUMABLE_STATES: readonly RolloutState[] = ['paused', 'stopped', 'failed'];
export const ROLLOUT_ROLLBACK_STATES: readonly RolloutState[] = [
  'draft',
  'paused',
  'stopped',
  'failed',
  'completed',
];

export const ROLLOUT_TENANT_STATUSES = ['pending', 'applied', 'failed', 'rolled_back'] as const;
export type RolloutTenantStatus = (typeof ROLLOUT_TENANT_STATUSES)[number];

export const ROLLOUT_SORT_FIELDS = ['created_at', 'name', 'state'] as const;

export const CHANGE_KINDS = ['capabilities', 'skus', 'policy_template'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  capabilities: 'Capability change',
  skus: 'SKU change',
  policy_template: 'Policy template',
};

// Messages (ours: the spec shows none).
export const ROLLOUT_NOT_FOUND = 'No such rollout.';
export const TENANT_DISABLED_REASON = 'The tenant is disabled.';
export const TENANT_GONE_REASON = 'The tenant no longer exists.';
export const POLICY_STAGED_REASON =
  'The tenant has unpublished policy changes; publish or discard them first.';
export const ROLLOUT_INTERRUPTED_REASON =
  'The server restarted while the rollout was running; resume it to go on.';
export const NO_TARGET_TENANTS = 'No tenant matches the target.';
export const EMPTY_CHANGE = 'The change changes nothing: set or remove at least one item.';
export const unknownTemplateMessage = (id: string): string => `No such policy template: ${id}.`;
/** A template's documents are checked against their policy kinds when it is written (docs/provider-console.md §9). */
export const unknownTemplateKindMessage = (kind: string): string =>
  `Policy documents: ${kind} is not a policy kind.`;
export const badTemplateDocumentMessage = (kind: string, where: string, problem: string): string =>
  `Policy documents: the ${kind} document is not valid${where ? ` at ${where}` : ''}: ${problem}.`;
/** A template a running rollout publishes is not deleted until the rollout is stopped. */
export const templateInUseMessage = (id: string, rollouts: readonly string[]): string =>
  `The policy template ${id} cannot be deleted while the rollout${rollouts.length === 1 ? '' : 's'} ${rollouts.join(', ')} ${rollouts.length === 1 ? 'is' : 'are'} running: stop ${rollouts.length === 1 ? 'it' : 'them'} first.`;
export const rolloutStateMessage = (action: string, state: RolloutState): string =>
  `A ${ROLLOUT_STATE_LABELS[state].toLowerCase()} rollout cannot ${action}.`;
export const notInRolloutMessage = (name: string): string => `The tenant ${name} is not in this rollout.`;
export const alreadyAppliedMessage = (name: string): string =>
  `The rollout has already been applied to ${name}.`;
/** The rollout's reason when a tenant stops it. */
export const tenantFailedMessage = (name: string, reason: string): string => `${name}: ${reason}`;

/**
 * The provider console's calls beside the entity registry's generic routes (docs/provider-console.md §4
 * Tenant and provider-console entities, Enumerations; docs/http-client.md §7 job polling, node actions; docs/provider-console.md §6 Provider
 * console): licence state, the default deployment and the tenants' deployment, node states and
 * node actions, and the jobs those actions run.
 */
import { Type, type Static, type TLiteral, type TUnion } from 'typebox';

/** A union of the literals of a vocabulary, typed as those literals. */
export const literalUnion = <const T extends readonly string[]>(
  values: T,
): TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }> =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<{
    -readonly [K in keyof T]: TLiteral<T[K]>;
  }>;

const V1 = '/gdmanage/api/v1';

// ---------------------------------------------------------------------------------------------
// Licence state (Enumerations: license state none, active, expired, about_to_expire)

export const LICENCE_STATES = ['none', 'active', 'expired', 'about_to_expire'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
export const LicenceStateSchema = literalUnion(LICENCE_STATES);

/**
 * Our threshold (the spec names the state, not its window): a key that expires within 30 days is
 * about to expire, the notice period of a typical renewal. The console shows it beside the state.
 */
export const LICENCE_ABOUT_TO_EXPIRE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const LICENCE_STATE_LABELS: Record<LicenceState, string> = {
  none: 'Not issued',
  active: 'Active',
  expired: 'Expired',
  about_to_expire: 'About to expire',
};

/**
 * The state of a key (or of one of its features or SKUs) at `now`: active when it does not
 * expire; none when it has no expiry date (not issued yet); expired from its expiry day on;
 * about to expire within LICENCE_ABOUT_TO_EXPIRE_DAYS of it. `expires_at` is a day (YYYY-MM-DD,
 * the end of that day UTC) or an ISO date-time.
 */
export function licenceStateOf(
  licence: { expires_at?: unknown; does_not_expire?: unknown },
  now: Date,
): LicenceState {
  if (licence.does_not_expire === true) return 'active';
  const text = typeof licence.expires_at === 'string' ? licence.expires_at.trim() : '';
  if (text === '') return 'none';
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59.999Z` : text);
  if (Number.isNaN(at)) return 'none';
  const left = at - now.getTime();
  if (left <= 0) return 'expired';
  return left <= LICENCE_ABOUT_TO_EXPIRE_DAYS * DAY_MS ? 'about_to_expire' : 'active';
}

// ---------------------------------------------------------------------------------------------
// Deployments: the default one, and which deployment each tenant is on

export const DEFAULT_DEPLOYMENT_PATH = `${V1}/default_deployment`;
export const TENANT_DEPLOYMENTS_PATH = `${V1}/tenant_deployments`;

export const DefaultDeployment = Type.Object(
  { default_deployment: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type DefaultDeployment = Static<typeof DefaultDeployment>;

/** Tenant deployment bulk move (docs/provider-console.md §5): tids (strings) and deployment. */
export const TenantDeploymentMove = Type.Object(
  {
    tids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      minItems: 1,
      maxItems: 1000,
      uniqueItems: true,
    }),
    deployment: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type TenantDeploymentMove = Static<typeof TenantDeploymentMove>;

export const TenantDeployment = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  deployment: Type.String(),
});
export type TenantDeployment = Static<typeof TenantDeployment>;
export const TenantDeploymentList = Type.Object({
  tenant_deployments: Type.Array(TenantDeployment),
  default_deployment: Type.String(),
});
export type TenantDeploymentList = Static<typeof TenantDeploymentList>;

/**
 * A bulk move runs as a job (docs/provider-console.md §15): the POST answers it (202) and the
 * console polls it at the jobs path like a node action's; each tenant's result is added as it is
 * moved. Ends `finished` when every tenant moved, `failed` (with the reason) when any did not.
 */
export const TENANT_MOVE_ACTION = 'move_tenants';
export const TENANT_MOVE_RESULTS = ['moved', 'failed'] as const;
export const TenantMoveResult = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  /** The deployment the tenant was on before. */
  from: Type.String(),
  status: literalUnion(TENANT_MOVE_RESULTS),
  reason: Type.Optional(Type.String()),
});
export type TenantMoveResult = Static<typeof TenantMoveResult>;
export const TenantMoveJob = Type.Object({
  id: Type.String(),
  status: literalUnion(['pending', 'started', 'finished', 'failed'] as const),
  reason: Type.Optional(Type.String()),
  action: Type.Literal(TENANT_MOVE_ACTION),
  deployment: Type.String(),
  tids: Type.Array(Type.String()),
  results: Type.Array(TenantMoveResult),
  requested_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Type.Optional(Type.String({ format: 'date-time' })),
  ended_at: Type.Optional(Type.String({ format: 'date-time' })),
});
export type TenantMoveJob = Static<typeof TenantMoveJob>;
export const tenantsNotMovedReason = (failed: number, total: number): string =>
  `${failed} of ${total} tenant${total === 1 ? ' was' : 's were'} not moved.`;

export const unknownDeploymentMessage = (id: string): string => `There is no deployment '${id}'.`;
export const unknownTenantsMessage = (tids: readonly string[]): string =>
  `No such tenant: ${tids.join(', ')}.`;
export const deploymentInUseMessage = (id: string, why: string): string =>
  `The deployment ${id} cannot be deleted: ${why}.`;

// ---------------------------------------------------------------------------------------------
// SKU incompatibilities

export const incompatibleSkusMessage = (a: string, b: string, incompatibility: string): string =>
  `The SKUs ${a} and ${b} cannot be assigned to one tenant: they are incompatible (${incompatibility}).`;
export const unknownSkusMessage = (skus: readonly string[]): string => `No such SKU: ${skus.join(', ')}.`;

// ---------------------------------------------------------------------------------------------
// Nodes, node actions and jobs (docs/provider-console.md §5: node actions are a diagnostics request or a state change)

/** Enumerations: node action. */
export const NODE_ACTIONS = ['thaw', 'freeze', 'restart', 'diagnostics'] as const;
export type NodeAction = (typeof NODE_ACTIONS)[number];
export const NODE_ACTION_LABELS: Record<NodeAction, string> = {
  thaw: 'Thaw',
  freeze: 'Freeze',
  restart: 'Restart',
  diagnostics: 'Diagnostics',
};

/**
 * Our node states: serving traffic, frozen (drained, takes no new sessions), and the states a
 * node is in while a state change runs (from the moment the job is accepted until it ends).
 */
export const NODE_STATES = ['active', 'frozen', 'restarting', 'freezing', 'thawing'] as const;
export type NodeState = (typeof NODE_STATES)[number];

/**
 * The one table of node state × node action: the actions that make sense in each state. The
 * console offers only these; the server refuses any other with 409 and nodeActionRefusedMessage.
 * A node in the middle of a state change takes no action until its job ends.
 */
export const NODE_STATE_ACTIONS: Record<NodeState, readonly NodeAction[]> = {
  active: ['freeze', 'restart', 'diagnostics'],
  frozen: ['thaw', 'restart', 'diagnostics'],
  restarting: [],
  freezing: [],
  thawing: [],
};
export const nodeActionAllowed = (state: NodeState, action: NodeAction): boolean =>
  NODE_STATE_ACTIONS[state].includes(action);
/** The state a node shows while the action's job runs (diagnostics leave the state as it is). */
export const NODE_STATE_DURING: Partial<Record<NodeAction, NodeState>> = {
  thaw: 'thawing',
  freeze: 'freezing',
  restart: 'restarting',
};
export const nodeActionRefusedMessage = (node: string, state: NodeState, action: NodeAction): string => {
  const where = NODE_STATES.filter((s) => nodeActionAllowed(s, action));
  return `The node ${node} is ${state}: ${NODE_ACTION_LABELS[action]} applies only to a node that is ${where.join(' or ')}.`;
};
/**
 * What an action does to the sessions on the node: the actions that have one are destructive and
 * ask for a confirmation naming the node and its pod first.
 */
export const NODE_ACTION_CONSEQUENCES: Partial<Record<NodeAction, string>> = {
  restart:
    'Its services stop and start again: the browsing sessions it hosts end, and it takes no traffic until it reports healthy.',
  freeze:
    'It is drained: it takes no new sessions until it is thawed; the sessions it hosts run to their end.',
};

/** Enumerations: operation state — the state of a node's last action. */
export const OPERATION_STATES = ['pending', 'started', 'completed', 'failed'] as const;
export type OperationState = (typeof OPERATION_STATES)[number];

/**
 * A job's status as job polling reads it (docs/http-client.md §7): `finished` is success, `failed` an error with
 * the reason, anything else is polled again. The node's operation state says `completed` where
 * the job says `finished` (the two enumerations of the spec, each where it is used).
 */
export const JOB_STATUSES = ['pending', 'started', 'finished', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** docs/http-client.md §8 error catalogue: a failed job without a reason. */
export const JOB_FAILURE_MSG = 'job failure';

export const Job = Type.Object({
  id: Type.String(),
  status: literalUnion(JOB_STATUSES),
  reason: Type.Optional(Type.String()),
  action: literalUnion(NODE_ACTIONS),
  pod_id: Type.String(),
  node: Type.String(),
  requested_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  started_at: Type.Optional(Type.String({ format: 'date-time' })),
  ended_at: Type.Optional(Type.String({ format: 'date-time' })),
  /** Diagnostics: what the run found. */
  result: Type.Optional(Type.String()),
});
export type Job = Static<typeof Job>;
export const JobList = Type.Object({ jobs: Type.Array(Job), total: Type.Integer() });
export type JobList = Static<typeof JobList>;
export const JobListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    pod_id: Type.Optional(Type.String({ maxLength: 64 })),
    /** With pod_id: one node's jobs (its history). */
    node: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const NodeStatus = Type.Object({
  node: Type.String(),
  state: literalUnion(NODE_STATES),
  last_action: Type.Optional(literalUnion(NODE_ACTIONS)),
  operation_state: Type.Optional(literalUnion(OPERATION_STATES)),
  job_id: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
export type NodeStatus = Static<typeof NodeStatus>;
export const PodNodes = Type.Object({ pod_id: Type.String(), nodes: Type.Array(NodeStatus) });
export type PodNodes = Static<typeof PodNodes>;

export const NodeActionBody = Type.Object(
  { action: literalUnion(NODE_ACTIONS) },
  { additionalProperties: false },
);

export const JOBS_PATH = `${V1}/jobs`;
export const jobPath = (id: string): string => `${JOBS_PATH}/${encodeURIComponent(id)}`;
export const podNodesPath = (podId: string): string => `${V1}/pods/${encodeURIComponent(podId)}/nodes`;
export const nodeActionPath = (podId: string, node: string): string =>
  `${podNodesPath(podId)}/${encodeURIComponent(node)}/actions`;

export const NO_SUCH_JOB_MSG = 'No such job.';
export const noSuchNodeMessage = (pod: string, node: string): string => `The pod ${pod} has no node ${node}.`;
export const nodeBusyMessage = (node: string, job: string): string =>
  `The node ${node} is running job ${job}; wait until it ends.`;
/** What a job still running when its server stopped ends with. */
export const JOB_INTERRUPTED_REASON = 'The server restarted while the job was running.';

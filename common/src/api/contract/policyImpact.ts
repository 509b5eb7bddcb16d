/**
 * The impact preview of a publish (docs/policy-impact.md): the tenant's web events of the last
 * days replayed through the published and the staged web policy (the policy tester's decision),
 * run on the server as a job the client polls; what changes, who and what is behind it, samples,
 * and the staged rules that decide nothing.
 */
import { Type, type Static } from 'typebox';
import { DecidingRule } from './policy';

export const POLICY_IMPACT_PATHS = {
  start: '/api/policy/v1/impact',
  job: (id: string) => `/api/policy/v1/impact/${id}`,
} as const;

/** The windows an impact preview replays, in days. */
export const IMPACT_WINDOW_DAYS = [1, 7, 30] as const;
export type ImpactWindowDays = (typeof IMPACT_WINDOW_DAYS)[number];

/** How many changed requests a preview keeps as samples, and how many rows each top list has. */
export const IMPACT_SAMPLES_MAX = 50;
export const IMPACT_TOP_MAX = 10;

export const ImpactRequest = Type.Object(
  { days: Type.Union(IMPACT_WINDOW_DAYS.map((d) => Type.Literal(d))) },
  { additionalProperties: false },
);
export type ImpactRequest = Static<typeof ImpactRequest>;

export const ImpactJobParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** One cell of the change matrix: requests the published policy gave `from` and the staged `to`. */
export const ImpactCell = Type.Object({ from: Type.String(), to: Type.String(), count: Type.Integer() });
export type ImpactCell = Static<typeof ImpactCell>;

export const ImpactTop = Type.Object({ key: Type.String(), count: Type.Integer() });
export type ImpactTop = Static<typeof ImpactTop>;

/** A rule behind changed requests: the staged revision's deciding rule, or the published one's when the staged default decided. */
export const ImpactRuleTop = Type.Object({
  side: Type.Union([Type.Literal('staged'), Type.Literal('published')]),
  rule: DecidingRule,
  count: Type.Integer(),
});
export type ImpactRuleTop = Static<typeof ImpactRuleTop>;

export const ImpactSideDecision = Type.Object({
  action: Type.String(),
  rule: Type.Union([DecidingRule, Type.Null()]),
});
export type ImpactSideDecision = Static<typeof ImpactSideDecision>;

export const ImpactSample = Type.Object({
  /** Epoch ms. */
  time: Type.Integer(),
  user: Type.Union([Type.String(), Type.Null()]),
  url: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  published: ImpactSideDecision,
  staged: ImpactSideDecision,
});
export type ImpactSample = Static<typeof ImpactSample>;

export const ImpactResult = Type.Object({
  /** Web requests replayed. */
  total: Type.Integer(),
  /** Requests whose action differs between the two revisions (the matrix's sum). */
  changed: Type.Integer(),
  matrix: Type.Array(ImpactCell),
  top_users: Type.Array(ImpactTop),
  top_domains: Type.Array(ImpactTop),
  top_categories: Type.Array(ImpactTop),
  top_rules: Type.Array(ImpactRuleTop),
  /** The newest changed requests, newest first. */
  samples: Type.Array(ImpactSample),
  /** Enabled rules of the staged revision that decide none of the window's requests. */
  unmatched_rules: Type.Array(DecidingRule),
});
export type ImpactResult = Static<typeof ImpactResult>;

export const ImpactJobStatus = Type.Union([
  Type.Literal('started'),
  Type.Literal('finished'),
  Type.Literal('failed'),
]);

/** An impact preview as GET answers it; `status` and `reason` as every job's (jobs.ts). */
export const ImpactJob = Type.Object({
  id: Type.String(),
  status: ImpactJobStatus,
  reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  days: Type.Integer(),
  /** The published and the staged revision compared. */
  rev_id: Type.Integer(),
  staged_rev_id: Type.Integer(),
  /** The window replayed, epoch ms: [start, end). */
  start: Type.Integer(),
  end: Type.Integer(),
  progress: Type.Object({ scanned: Type.Integer(), total: Type.Integer() }),
  result: Type.Union([ImpactResult, Type.Null()]),
});
export type ImpactJob = Static<typeof ImpactJob>;

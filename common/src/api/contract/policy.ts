/**
 * Policy revisions (docs/policy.md §2, §2; docs/policy.md §3 Policy revision) and what the
 * reference server adds on top: the history of published revisions, the diff between any two
 * revisions, rollback, discard and the policy tester.
 */
import { Type, type Static } from 'typebox';
import { COMMENT_MAX_LENGTH } from './policy-kinds/kindDef';

/**
 * The query string of a policy read: the spec's client sends a timestamp with them (docs/policy.md §4 "GET with timestamp") so no cache in between serves an old answer; any other parameter is
 * refused with its name (issue 30).
 */
export const POLICY_READ_TIMESTAMP = { timestamp: Type.Optional(Type.String({ maxLength: 32 })) };
export const PolicyReadQuery = Type.Object(POLICY_READ_TIMESTAMP, { additionalProperties: false });

export const RevisionState = Type.Union([Type.Literal('new'), Type.Literal('staged')]);
export type RevisionState = Static<typeof RevisionState>;

/** Revision numbers count publishes: a 32-bit range is more than any tenant reaches. */
export const REV_ID_MAX = 2_147_483_647;
/** The `{rev}` of a policy path. */
export const RevParams = Type.Object({ rev: Type.Integer({ minimum: 1, maximum: REV_ID_MAX }) });

/**
 * GET /api/policy/v1/rules: the tenant's current revision. `updated_by` (who made the last
 * change, a username) is the reference server's addition, so a conflict can name them.
 */
export const Revision = Type.Object({
  staged_rev_id: Type.Integer(),
  rev_id: Type.Integer(),
  state: RevisionState,
  updated_at: Type.String({ format: 'date-time' }),
  updated_by: Type.Optional(Type.String()),
});
export type Revision = Static<typeof Revision>;

/** What a write that must see the current revision carries (a save's revision fields). */
export const RevisionSeen = Type.Object(
  {
    rev_id: Type.Integer({ minimum: 1, maximum: REV_ID_MAX }),
    state: RevisionState,
    updated_at: Type.String(),
  },
  { additionalProperties: false },
);
export type RevisionSeen = Static<typeof RevisionSeen>;

/**
 * POST /api/policy/v1/rules/{rev}: publishes. The body may carry a comment kept with the
 * published revision (else the staged revision's publish note) and the updated_at the publisher
 * reviewed (a later change answers 409 rather than publishing what was not reviewed).
 */
export const PublishBody = Type.Object(
  {
    comment: Type.Optional(Type.String({ maxLength: COMMENT_MAX_LENGTH })),
    updated_at: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;

/** An empty object when nothing was staged. */
export const PublishReply = Type.Union([Revision, Type.Object({})]);
export type PublishReply = Static<typeof PublishReply>;

/** 409 on a stale save: the reply names who changed the revision and when (besides ApiError's fields). */
export interface StaleRevisionDetails {
  changed_by: string | null;
  changed_at: string;
}

/** One published revision of the history. */
export const PublishedRevision = Type.Object({
  rev_id: Type.Integer(),
  published_at: Type.String({ format: 'date-time' }),
  published_by: Type.String(),
  comment: Type.Union([Type.String(), Type.Null()]),
  /** The published revision this one restored, when it was made by a rollback. */
  rolled_back_from: Type.Union([Type.Integer(), Type.Null()]),
  /**
   * Two-person approval (docs/policy-impact.md): who requested and who approved the publish, or
   * 'provider' for a publish the provider made (the tenant's set-up, a rollout or its rollback),
   * outside the tenant's approval. Absent: one administrator published it.
   */
  approval: Type.Optional(
    Type.Union([
      Type.Object({ requested_by: Type.String(), approved_by: Type.String() }),
      Type.Literal('provider'),
    ]),
  ),
});
export type PublishedRevision = Static<typeof PublishedRevision>;

/**
 * A tenant's revision 1 is its initial policy, published when the tenant is created (issue 31:
 * one source says what was published, the history lists it like any other): by the operator who
 * created the tenant, or by SETUP_PUBLISHER when the server set the tenant up itself (the demo
 * tenants of a first start, and the tenants of a store from before this rule, migration 12).
 */
export const INITIAL_REVISION_COMMENT = 'Initial policy';
export const SETUP_PUBLISHER = 'setup';

/** Policy revision page size default 25, offset 0 (docs/provider-console.md §3). */
export const REVISIONS_PAGE_DEFAULT = 25;
export const REVISIONS_PAGE_MAX = 200;

/**
 * A revision history's time window, the same on the tenant's route and the provider's: the
 * revisions published in [from, to), a chart's change markers.
 */
export const REVISIONS_WINDOW = {
  /** Revisions published at or after this time (ISO 8601). */
  from: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  /** Revisions published before this time (ISO 8601). */
  to: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
};

export const RevisionsQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: REVISIONS_PAGE_MAX, default: REVISIONS_PAGE_DEFAULT }),
    ),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: REV_ID_MAX, default: 0 })),
    ...REVISIONS_WINDOW,
    /** Cache buster (policy reads take a timestamp param, docs/policy.md §4). */
    ...POLICY_READ_TIMESTAMP,
  },
  { additionalProperties: false },
);
export type RevisionsQuery = Static<typeof RevisionsQuery>;
export const REVISIONS_WINDOW_ORDER_MSG = 'to must be after from.';

/** GET /api/policy/v1/revisions: published revisions, newest first, and the current one. */
export const RevisionsPage = Type.Object({
  total: Type.Integer(),
  items: Type.Array(PublishedRevision),
  current: Revision,
});
export type RevisionsPage = Static<typeof RevisionsPage>;

/**
 * One change between two revisions of a kind's document. `path` is the dotted path in `data`
 * (e.g. `list`, `pre.list`, `flash`). In a keyed list (PolicyKindDef.keyedLists) entries are
 * matched by `key`: added, removed (with the entry), changed (`field` within the entry, dotted)
 * or moved (`from` and `to` are positions). Elsewhere a change is `changed` at `path` with the
 * values before and after.
 */
export const PolicyChange = Type.Union([
  Type.Object({
    op: Type.Literal('added'),
    path: Type.String(),
    key: Type.String(),
    index: Type.Integer(),
    item: Type.Unknown(),
  }),
  Type.Object({
    op: Type.Literal('removed'),
    path: Type.String(),
    key: Type.String(),
    index: Type.Integer(),
    item: Type.Unknown(),
  }),
  Type.Object({
    op: Type.Literal('changed'),
    path: Type.String(),
    key: Type.Optional(Type.String()),
    index: Type.Optional(Type.Integer()),
    field: Type.Optional(Type.String()),
    from: Type.Unknown(),
    to: Type.Unknown(),
  }),
  Type.Object({
    op: Type.Literal('moved'),
    path: Type.String(),
    key: Type.String(),
    from: Type.Integer(),
    to: Type.Integer(),
  }),
]);
export type PolicyChange = Static<typeof PolicyChange>;

export const KindDiff = Type.Object({
  kind: Type.String(),
  title: Type.String(),
  changes: Type.Array(PolicyChange),
});
export type KindDiff = Static<typeof KindDiff>;

/** GET /api/policy/v1/revisions/diff?from=&to=: every kind the caller may read that differs. */
export const DiffQuery = Type.Object(
  {
    from: Type.Integer({ minimum: 1, maximum: REV_ID_MAX }),
    to: Type.Integer({ minimum: 1, maximum: REV_ID_MAX }),
    ...POLICY_READ_TIMESTAMP,
  },
  { additionalProperties: false },
);
export const PolicyDiff = Type.Object({
  from: Type.Integer(),
  to: Type.Integer(),
  kinds: Type.Array(KindDiff),
});
export type PolicyDiff = Static<typeof PolicyDiff>;

/** Policy tester (POST /api/policy/v1/tester): a request to decide. */
export const TesterRequest = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    user: Type.Optional(Type.String({ maxLength: 254 })),
    groups: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 100 })),
    /** The site's category (reference data /cats); absent: looked up in the category database. */
    category_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 9999 })),
    /** The site's risk level (G, Y, R); absent: not rated. */
    risk: Type.Optional(Type.Union([Type.Literal('G'), Type.Literal('Y'), Type.Literal('R')])),
    /** When the request is made (ISO 8601); absent: now. */
    time: Type.Optional(Type.String({ format: 'date-time' })),
    user_agent: Type.Optional(Type.String({ maxLength: 512 })),
    source_ip: Type.Optional(Type.String({ maxLength: 64 })),
    /** The address the site is reached at (dest_ips, dest_ip_ranges); absent: the URL's host when it is one. */
    dest_ip: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type TesterRequest = Static<typeof TesterRequest>;

/** Which rule decided: its kind, the rule's key in its list (absent for a default), its name. */
export const DecidingRule = Type.Object({
  kind: Type.String(),
  key: Type.Optional(Type.String()),
  index: Type.Optional(Type.Integer()),
  name: Type.String(),
});
export type DecidingRule = Static<typeof DecidingRule>;

/**
 * The site category a decision used: the one the request gave ('request'), or what the category
 * database says of the URL's host ('lookup': `domain` is the entry that matched, null when the
 * site is not listed and so Unknown). Its id and name are of the revision's category tree.
 */
export const TesterCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  source: Type.Union([Type.Literal('request'), Type.Literal('lookup')]),
  domain: Type.Union([Type.String(), Type.Null()]),
});
export type TesterCategory = Static<typeof TesterCategory>;

export const TesterDecision = Type.Object({
  rev_id: Type.Integer(),
  category: TesterCategory,
  /** A policy-enforcement action code (docs/glossary.md §2). */
  action: Type.String(),
  /** The rule that decided, or null when nothing matched (the default allows). */
  rule: Type.Union([DecidingRule, Type.Null()]),
  /** Why, in a sentence. */
  reason: Type.String(),
});
export type TesterDecision = Static<typeof TesterDecision>;

export const TesterReply = Type.Object({ staged: TesterDecision, published: TesterDecision });
export type TesterReply = Static<typeof TesterReply>;

export const POLICY_PATHS = {
  rules: '/api/policy/v1/rules',
  publish: (rev: number | string) => `/api/policy/v1/rules/${rev}`,
  discard: (rev: number | string) => `/api/policy/v1/rules/${rev}/discard`,
  revisions: '/api/policy/v1/revisions',
  diff: '/api/policy/v1/revisions/diff',
  rollback: (rev: number | string) => `/api/policy/v1/revisions/${rev}/rollback`,
  tester: '/api/policy/v1/tester',
} as const;

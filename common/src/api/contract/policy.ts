/** Policy revisions (portal-core §3, §4; api-client-layer §3 Policy revision). */
import { Type, type Static } from 'typebox';

export const RevisionState = Type.Union([Type.Literal('new'), Type.Literal('staged')]);
export type RevisionState = Static<typeof RevisionState>;

/** Revision numbers count publishes: a 32-bit range is more than any tenant reaches. */
export const REV_ID_MAX = 2_147_483_647;
/** The `{rev}` of a policy path. */
export const RevParams = Type.Object({ rev: Type.Integer({ minimum: 1, maximum: REV_ID_MAX }) });

/** GET /api/policy/v1/rules: the tenant's current revision. */
export const Revision = Type.Object({
  staged_rev_id: Type.Integer(),
  rev_id: Type.Integer(),
  state: RevisionState,
  updated_at: Type.String({ format: 'date-time' }),
});
export type Revision = Static<typeof Revision>;

/** POST /api/policy/v1/rules/{rev}: publishes; an empty object when nothing was staged. */
export const PublishReply = Type.Union([Revision, Type.Object({})]);
export type PublishReply = Static<typeof PublishReply>;

export const POLICY_PATHS = {
  rules: '/api/policy/v1/rules',
  publish: (rev: number | string) => `/api/policy/v1/rules/${rev}`,
} as const;

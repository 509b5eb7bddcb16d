/**
 * Two-person approval of a publish (docs/policy-impact.md §2): with the tenant's setting on, a
 * publish takes effect only once a second administrator approved it. The requester submits the
 * staged revision with a comment; an approver (POLICY_APPROVE_PERMISSION) approves or rejects it
 * with a reason; nobody approves their own; a change to the staged revision after the submission
 * voids the request. Provider-initiated publishes are outside the tenant's approval.
 */
import { Type, type Static } from 'typebox';
import { COMMENT_MAX_LENGTH } from './policy-kinds/kindDef';

export const APPROVAL_PATHS = {
  list: '/api/policy/v1/approvals',
  approve: (id: string) => `/api/policy/v1/approvals/${id}/approve`,
  reject: (id: string) => `/api/policy/v1/approvals/${id}/reject`,
} as const;

/** The permission item of approvers (full administrators hold it through `*:*`). */
export const POLICY_APPROVE_PERMISSION = 'policy_approval:approve:write';

/** The settings document that turns two-person approval on (a row of tenantSettingsDocuments.ts). */
export const POLICY_APPROVAL_SETTING_PATH = '/api/settings/v1/tenants/policy_approval';

export const APPROVAL_MESSAGES = {
  required: 'Publishing needs a second administrator’s approval: submit the revision for approval.',
  ownRequest: 'You cannot approve your own request: another administrator must.',
  notPending: (status: string) => `The request is ${status}: it can no longer be approved or rejected.`,
  voided:
    'The staged revision changed after the request was submitted: the request is void. Submit it again.',
  notFound: 'No such approval request.',
  nothingStaged: 'Nothing is staged: there is nothing to submit.',
  reasonNeeded: 'reason: a rejection needs a reason.',
} as const;

export const ApprovalStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('void'),
]);
export type ApprovalStatus = Static<typeof ApprovalStatus>;

export const ApprovalRequest = Type.Object({
  id: Type.String(),
  /** The published revision when it was submitted, and the staged one submitted. */
  rev_id: Type.Integer(),
  staged_rev_id: Type.Integer(),
  /** The staged revision's updated_at when submitted: a later change voids the request. */
  updated_at: Type.String(),
  status: ApprovalStatus,
  requested_by: Type.String(),
  requested_at: Type.String(),
  comment: Type.String(),
  decided_by: Type.Union([Type.String(), Type.Null()]),
  decided_at: Type.Union([Type.String(), Type.Null()]),
  /** The approver's or rejecter's reason, why it was voided; empty while pending or when none was given. */
  reason: Type.String(),
  /** In the list: whether the signed-in user made the request (and so may not approve it). */
  own: Type.Optional(Type.Boolean()),
});
export type ApprovalRequest = Static<typeof ApprovalRequest>;

export const ApprovalList = Type.Object({
  /** Whether the tenant's setting requires approval. */
  required: Type.Boolean(),
  requests: Type.Array(ApprovalRequest),
});
export type ApprovalList = Static<typeof ApprovalList>;

/** Submitting: the staged revision as the requester reviewed it, and a comment. */
export const ApprovalSubmit = Type.Object(
  {
    staged_rev_id: Type.Integer({ minimum: 1 }),
    updated_at: Type.String({ maxLength: 64 }),
    comment: Type.String({ minLength: 1, maxLength: COMMENT_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type ApprovalSubmit = Static<typeof ApprovalSubmit>;

export const ApprovalDecision = Type.Object(
  { reason: Type.String({ maxLength: COMMENT_MAX_LENGTH }) },
  { additionalProperties: false },
);
/** Rejecting needs a reason (checked after the request is found: APPROVAL_MESSAGES.reasonNeeded). */
export const ApprovalRejection = ApprovalDecision;
export const ApprovalParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

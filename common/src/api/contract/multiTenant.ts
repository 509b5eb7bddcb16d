/**
 * Multi-tenant associations (docs/access.md §7; issue 33 point 7): a parent (primary) tenant and
 * a child (secondary) tenant. `GET /api/settings/v1/tenants/multi_tenant/` answers the caller's
 * tenant's associations from both sides: `primary_associations`, its parents (each `uuid`,
 * `primary_name`, `status`), and `secondary_associations`, its children (`secondary_name`,
 * `status`; the reference server adds `uuid`). `PATCH .../multi_tenant/associations/{id}` with
 * `{status}` changes one; approving sets `active` ("active means approved"). Once active, the
 * parent's published global rules are what the child's parent_global_* documents read
 * (docs/policy.md §11). Decisions: docs/decisions.md §13.
 */
import { Type, type Static } from 'typebox';

export const MULTI_TENANT_PATHS = {
  info: '/api/settings/v1/tenants/multi_tenant/',
  association: (id: string) => `/api/settings/v1/tenants/multi_tenant/associations/${encodeURIComponent(id)}`,
  /** The route of `association` (Fastify's parameter syntax). */
  associationRoute: '/api/settings/v1/tenants/multi_tenant/associations/:id',
} as const;

/** Reading the associations, and approving, declining or ending one. */
export const MULTI_TENANT_READ_PERMISSION = 'settings:multi_tenant:read';
export const MULTI_TENANT_WRITE_PERMISSION = 'settings:multi_tenant:write';
/** The tenant capability (feature flag) that opens them (docs/access.md §5). */
export const MULTI_TENANT_FEATURE = 'multiTenant';

/**
 * An association's states: `pending` (the parent asked), `active` (the child approved: the
 * parent's global rules apply), `rejected` (the child declined the request), `revoked` (either
 * side ended it). Only `active` shares the parent's rules.
 */
export const ASSOCIATION_STATUSES = ['pending', 'active', 'rejected', 'revoked'] as const;
export type AssociationStatus = (typeof ASSOCIATION_STATUSES)[number];

/** The caller's side of an association. */
export type AssociationSide = 'asParent' | 'asChild';

/**
 * Which change each side may make: the child approves or declines a pending request, and either
 * side ends an active one (a parent also withdraws its pending request). Anything else is 409.
 */
export const ASSOCIATION_TRANSITIONS: Readonly<
  Record<AssociationSide, Partial<Record<AssociationStatus, readonly AssociationStatus[]>>>
> = {
  /** The caller is the parent (the association is one of its secondary_associations). */
  asParent: { pending: ['revoked'], active: ['revoked'] },
  /** The caller is the child (one of its primary_associations). */
  asChild: { pending: ['active', 'rejected'], active: ['revoked'] },
};

export const ASSOCIATION_STATUS_LABELS: Readonly<Record<AssociationStatus, string>> = {
  pending: 'Pending approval',
  active: 'Active',
  rejected: 'Declined',
  revoked: 'Ended',
};

const Status = Type.Enum([...ASSOCIATION_STATUSES]);

export const PrimaryAssociation = Type.Object(
  {
    uuid: Type.String(),
    primary_name: Type.String(),
    status: Status,
    /** When it was requested and last changed (the reference server's addition). */
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { additionalProperties: false },
);
export type PrimaryAssociation = Static<typeof PrimaryAssociation>;

export const SecondaryAssociation = Type.Object(
  {
    uuid: Type.String(),
    secondary_name: Type.String(),
    status: Status,
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { additionalProperties: false },
);
export type SecondaryAssociation = Static<typeof SecondaryAssociation>;

export const MultiTenantInfo = Type.Object(
  {
    primary_associations: Type.Array(PrimaryAssociation),
    secondary_associations: Type.Array(SecondaryAssociation),
  },
  { additionalProperties: false },
);
export type MultiTenantInfo = Static<typeof MultiTenantInfo>;

/** What the tolerant read (403 or 404: no multi-tenant) yields (docs/http-client.md §5). */
export const NO_MULTI_TENANT: MultiTenantInfo = { primary_associations: [], secondary_associations: [] };

/** PATCH's body. A status outside ASSOCIATION_STATUSES is 400 naming `status`. */
export const AssociationPatch = Type.Object({ status: Status }, { additionalProperties: false });
export type AssociationPatch = Static<typeof AssociationPatch>;

export const AssociationIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** PATCH's answer: the association as the caller's side lists it. */
export const AssociationReply = Type.Union([PrimaryAssociation, SecondaryAssociation]);
export type AssociationReply = Static<typeof AssociationReply>;

export const MULTI_TENANT_MESSAGES = {
  notFound: (id: string) => `There is no association ${id} of this tenant.`,
  transition: (from: AssociationStatus, to: AssociationStatus) =>
    `An association that is ${ASSOCIATION_STATUS_LABELS[from].toLowerCase()} cannot be set to ${to} by this tenant.`,
  oneParent: 'This tenant already has an active parent: end that association before approving another.',
  changedMeanwhile: 'The association was changed meanwhile: read it again.',
} as const;

/**
 * Multi-tenant associations (issue 33 point 7; docs/access.md §7, common api/contract/multiTenant.ts):
 * `GET /api/settings/v1/tenants/multi_tenant/` answers the caller's tenant's associations from
 * both sides; `PATCH .../multi_tenant/associations/{id}` with `{status}` changes one the tenant is
 * a party to (the child approves or declines a request; either side ends it), by
 * ASSOCIATION_TRANSITIONS, audited with before and after. Another tenant's association answers
 * 404, as an unknown id does. How an active association shares the parent's rules: parentPolicy.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ASSOCIATION_TRANSITIONS,
  AssociationIdParams,
  AssociationPatch,
  AssociationReply,
  MULTI_TENANT_FEATURE,
  MULTI_TENANT_MESSAGES,
  MULTI_TENANT_PATHS,
  MULTI_TENANT_READ_PERMISSION,
  MULTI_TENANT_WRITE_PERMISSION,
  MultiTenantInfo,
  type PrimaryAssociation,
  type SecondaryAssociation,
} from '@workbench/common/api/contract/multiTenant';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { TenantAssociationRecord } from '../store/ConfigStore';

const tags = ['multi-tenant'];

/** The association as the parent's child sees it: one of its primary_associations. */
const asPrimary = (a: TenantAssociationRecord): PrimaryAssociation => ({
  uuid: a.id,
  primary_name: a.primaryName,
  status: a.status,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});
/** The association as the parent sees it: one of its secondary_associations. */
const asSecondary = (a: TenantAssociationRecord): SecondaryAssociation => ({
  uuid: a.id,
  secondary_name: a.secondaryName,
  status: a.status,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const multiTenantRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const features = [MULTI_TENANT_FEATURE];

  app.get(
    MULTI_TENANT_PATHS.info,
    {
      config: { world: 'tenant', permission: MULTI_TENANT_READ_PERMISSION, features },
      schema: {
        tags,
        summary:
          "The tenant's multi-tenant associations: its parents (primary_associations) and its children (secondary_associations)",
        response: { 200: MultiTenantInfo, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { tid } = tenantSessionOf(request);
      const all = await ctx.store.tenantAssociations.listOf(tid);
      return {
        primary_associations: all.filter((a) => a.secondaryTid === tid).map(asPrimary),
        secondary_associations: all.filter((a) => a.primaryTid === tid).map(asSecondary),
      };
    },
  );

  app.patch(
    MULTI_TENANT_PATHS.associationRoute,
    {
      config: {
        world: 'tenant',
        permission: MULTI_TENANT_WRITE_PERMISSION,
        features,
        audit: {
          action: 'update',
          area: 'tenants',
          what: 'Changed a multi-tenant association.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Changes an association of the tenant: {status: active} approves a pending request (the child), rejected declines it, revoked ends it (either side); 409 for any other change',
        params: AssociationIdParams,
        body: AssociationPatch,
        response: { 200: AssociationReply, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { tid, username } = tenantSessionOf(request);
      const { id } = request.params;
      const to = request.body.status;
      const before = await ctx.store.tenantAssociations.get(id);
      // Another tenant's association is as unknown as a missing one: its id tells nothing.
      if (!before || (before.primaryTid !== tid && before.secondaryTid !== tid))
        throw new ApiHttpError(404, MULTI_TENANT_MESSAGES.notFound(id), 'id');
      const side = before.secondaryTid === tid ? 'asChild' : 'asParent';
      const reply = side === 'asChild' ? asPrimary : asSecondary;
      if (before.status === to) {
        noteAudit(request, { skip: true });
        return reply(before);
      }
      if (!ASSOCIATION_TRANSITIONS[side][before.status]?.includes(to))
        throw new ApiHttpError(409, MULTI_TENANT_MESSAGES.transition(before.status, to), 'status');
      const at = ctx.now().toISOString();
      // The status and its audit event commit together.
      const after = await auditedChange(request, async (tx) => {
        // A child has one parent at a time: its rules wrap the child's (docs/policy.md §11).
        if (to === 'active') {
          const current = await tx.tenantAssociations.activeParentOf(tid);
          if (current && current !== before.primaryTid)
            throw new ApiHttpError(409, MULTI_TENANT_MESSAGES.oneParent, 'status');
        }
        if (!(await tx.tenantAssociations.setStatus({ id, from: before.status, to, at, by: username })))
          throw new ApiHttpError(409, MULTI_TENANT_MESSAGES.changedMeanwhile, 'status');
        const changed = await tx.tenantAssociations.get(id);
        if (!changed) throw new ApiHttpError(404, MULTI_TENANT_MESSAGES.notFound(id), 'id');
        noteAudit(request, {
          object: `${before.primaryName} → ${before.secondaryName}`,
          before: { status: before.status },
          after: { status: changed.status },
          details: `${to === 'active' ? 'Approved' : 'Changed'} the multi-tenant association of parent ${before.primaryName} and child ${before.secondaryName}: ${before.status} → ${changed.status}.`,
        });
        return changed;
      });
      return reply(after);
    },
  );
};

/**
 * Tenants in the provider console (docs/provider-console.md §3 Tenant, §3 tenant commands, §6 Provider
 * console; issue 14): the list, create (with its first administrator), read, delete, disable,
 * re-enable and rename.
 *
 * One store with the tenant portal: a tenant created here is a tenant row, its first
 * administrator an account of the portal (signs in there), its users are the portal's user
 * database, its policy and revisions are what the portal saved and published. The tenant's
 * documents (config, tags, entitlements, IP restrictions, SKUs, tokens) are kept as provider
 * entities named `tenant_<document>` with the tenant id as their id, so deleting a tenant drops
 * them with it.
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import {
  EmptyBody,
  RenameBody,
  TENANTS_PATH,
  TENANT_EXISTS,
  TENANT_NOT_FOUND,
  TenantCreateBody,
  TenantCreateReply,
  TenantDetail,
  TenantListQuery,
} from '@workbench/common/api/contract/providerTenants';
import { ProviderTenantList } from '@workbench/common/api/contract/provider';
import type { TenantRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { publishRevision } from '../policy/publishRevision';
import { INITIAL_REVISION_COMMENT } from '@workbench/common/api/contract/policy';
import { auditInTransaction, auditedChange, noteAudit, writeAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { generatePassword, hashPassword } from '../security/passwords';
import { IdParams, tenantReply, insertAdmin, freeAdminUsername, tenantRouteKit } from './tenantRouteKit';

export const tenantRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, ctx, store, tags, read, write, item, nowIso, tenantOr404 } = tenantRouteKit(fastify);

  // Rows that name tenants (tenant groups' associations, category overrides) forget a deleted one.
  const forgetTenantInLists = async (tx: ConfigStore, tid: string) => {
    for (const entity of ['tenant_groups', 'category_overrides']) {
      const { records } = await tx.entities.list(entity, {
        limit: 10_000,
        offset: 0,
        sort: 'updated_at',
        order: 'asc',
        q: tid,
        searchFields: ['tenants'],
      });
      for (const r of records) {
        const tenants = (r.data.tenants as string[] | undefined) ?? [];
        if (tenants.includes(tid))
          await tx.entities.update({
            ...r,
            data: { ...r.data, tenants: tenants.filter((x) => x !== tid) },
          });
      }
    }
  };

  app.get(
    TENANTS_PATH,
    {
      config: read,
      schema: {
        tags,
        summary: 'Tenants: a page (limit, offset), sorted (sort, order), searched (q: name or id), by status',
        querystring: TenantListQuery,
        response: { 200: ProviderTenantList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit = 25, offset = 0, sort = 'name', order = 'asc', q, status } = request.query;
      const needle = q?.trim().toLowerCase();
      const all = await Promise.all((await store.tenants.list()).map((t) => tenantReply(store, t)));
      const rows = all.filter(
        (t) =>
          (!status || t.status === status) &&
          (!needle || t.name.toLowerCase().includes(needle) || t.tid.includes(needle)),
      );
      const sign = order === 'asc' ? 1 : -1;
      rows.sort((a, b) => {
        const x = a[sort];
        const y = b[sort];
        const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return c * sign || a.tid.localeCompare(b.tid);
      });
      return { tenants: rows.slice(offset, offset + limit), total: rows.length };
    },
  );

  app.post(
    TENANTS_PATH,
    {
      config: write('create', 'Created a tenant.', 'tenants', true),
      schema: {
        tags,
        summary:
          'Creates a tenant; with admin_username also its first administrator (an account of the tenant portal), whose one-time password it answers once',
        body: TenantCreateBody,
        response: { 201: TenantCreateReply, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const name = body.name.trim();
      const tenants = await store.tenants.list();
      if (tenants.some((t) => t.name.toLowerCase() === name.toLowerCase()))
        throw new ApiHttpError(409, TENANT_EXISTS(name), 'name');
      // The spec's tenant has no administrator: one is an option of this step (or added after).
      const admin =
        body.admin_username === undefined ? null : { ...body, admin_username: body.admin_username };
      const username = admin ? await freeAdminUsername(store, admin) : null;
      const password = admin ? generatePassword() : null;
      const passwordHash = password ? await hashPassword(password) : null;
      const at = nowIso();
      const tenant: TenantRecord = {
        tid: crypto.randomUUID(),
        name,
        status: 'active',
        createdAt: at,
        capabilities: {},
        portalV2: false,
      };
      const operator = providerSessionOf(request).username;
      const row = await store.transaction(async (tx) => {
        await tx.tenants.insert(tenant);
        // Its revision 1 (every kind's defaults) is its initial policy, published as any publish is.
        const published = await publishRevision(tx, {
          tid: tenant.tid,
          revId: 1,
          at,
          by: operator,
          comment: INITIAL_REVISION_COMMENT,
          rolledBackFrom: null,
        });
        if (admin && passwordHash) await insertAdmin(tx, tenant.tid, admin, passwordHash);
        // The new tenant's own trail begins with that publish, by the operator who created it.
        await writeAudit(
          tx,
          ctx,
          request,
          published.audit.map((e) => ({ ...e, tid: tenant.tid, userid: operator })),
        );
        const created = await tenantReply(tx, tenant);
        await auditInTransaction(tx, request, {
          object: name,
          tenant: tenant.tid,
          after: { ...created, ...(username ? { admin_username: username } : {}) },
          details: `Created the tenant ${name}.`,
        });
        return created;
      });
      return reply.code(201).send({
        tenant: row,
        ...(username && password ? { admin_username: username, admin_password: password } : {}),
      });
    },
  );

  app.get(
    item,
    {
      config: read,
      schema: {
        tags,
        summary: 'One tenant',
        params: IdParams,
        response: { 200: TenantDetail, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => tenantReply(store, await tenantOr404(request.params.id)),
  );

  app.delete(
    item,
    {
      config: write('delete', 'Deleted a tenant.', 'tenants', true),
      schema: {
        tags,
        summary: 'Deletes a tenant with its accounts, users, policy and documents',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      // The tenant, the lists naming it and the audit event go together.
      await auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const before = await tenantReply(tx, t);
        if (!(await tx.tenants.delete(t.tid))) throw new ApiHttpError(404, TENANT_NOT_FOUND);
        await forgetTenantInLists(tx, t.tid);
        noteAudit(request, { object: t.name, before, details: `Deleted the tenant ${t.name}.` });
      });
      return reply.code(204).send(null);
    },
  );

  // docs/provider-console.md §3 commands. Disabling keeps everything; the tenant's accounts cannot sign in until re-enabled.
  const statusCommand = (command: 'disabletenant' | 'reenable', status: TenantRecord['status']) =>
    app.post(
      `${item}/${command}`,
      {
        config: write(
          status === 'disabled' ? 'deactivated' : 'activated',
          status === 'disabled' ? 'Disabled a tenant.' : 'Re-enabled a tenant.',
          'tenants',
          true,
        ),
        schema: {
          tags,
          summary:
            status === 'disabled'
              ? 'Disables a tenant: its accounts cannot sign in'
              : 'Re-enables a disabled tenant',
          params: IdParams,
          body: Type.Optional(EmptyBody),
          response: { 200: TenantDetail, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        auditedChange(request, async (tx) => {
          const t = await tenantOr404(request.params.id, tx);
          await tx.tenants.update(t.tid, { status });
          // Disabling ends the tenant's portal sessions at once, so re-enabling revives none of them.
          const ended = status === 'disabled' ? await tx.sessions.deleteForTenant(t.tid) : 0;
          const after = await tenantReply(tx, { ...t, status });
          noteAudit(request, {
            object: t.name,
            before: { status: t.status },
            after: { status },
            details:
              status === 'disabled'
                ? `Disabled the tenant ${t.name}; ended ${ended} portal session${ended === 1 ? '' : 's'}.`
                : `Re-enabled the tenant ${t.name}.`,
          });
          return after;
        }),
    );
  statusCommand('disabletenant', 'disabled');
  statusCommand('reenable', 'active');

  app.post(
    `${item}/renametenant`,
    {
      config: write('update', 'Renamed a tenant.', 'tenants', true),
      schema: {
        tags,
        summary: 'Renames a tenant (409 when another tenant has the name)',
        params: IdParams,
        body: RenameBody,
        response: { 200: TenantDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const name = request.body.name.trim();
      return auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const others = (await tx.tenants.list()).filter((o) => o.tid !== t.tid);
        if (others.some((o) => o.name.toLowerCase() === name.toLowerCase()))
          throw new ApiHttpError(409, TENANT_EXISTS(name), 'name');
        await tx.tenants.update(t.tid, { name });
        noteAudit(request, {
          object: name,
          before: { name: t.name },
          after: { name },
          details: `Renamed the tenant ${t.name} to ${name}.`,
        });
        return tenantReply(tx, { ...t, name });
      });
    },
  );
};

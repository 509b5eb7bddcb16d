/**
 * Tenants in the provider console (api-client-layer §3 Tenant, §4 tenant commands, §7 Provider
 * console; issue 14). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 *
 * One store with the tenant portal: a tenant created here is a tenant row, its first
 * administrator an account of the portal (signs in there), its users are the portal's user
 * database, its policy and revisions are what the portal saved and published. The tenant's
 * documents (config, tags, entitlements, IP restrictions, SKUs, tokens) are kept as provider
 * entities named `tenant_<document>` with the tenant id as their id, so deleting a tenant drops
 * them with it.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEMO_TENANT_ROLES } from '@workbench/common/api/contract/demo';
import { isRbacEnforced } from '@workbench/common/features/rbac/permissions';
import {
  AccountPasswordReset,
  CapabilitiesDelete,
  CapabilitiesPatch,
  CapabilitiesReply,
  DryRunFlag,
  EmptyBody,
  PolicyTokenCreate,
  PolicyTokenCreated,
  PolicyTokenList,
  REVISIONS_DEFAULT_LIMIT,
  REVISION_VERSIONS,
  RenameBody,
  RevisionsQuery,
  TENANTS_PATH,
  HOSTNAME_TAKEN,
  TENANT_DOCUMENT_NAMES,
  TENANT_EXISTS,
  TENANT_NOT_FOUND,
  TENANT_TOKEN_LISTS,
  TENANT_TOKEN_LIST_NAMES,
  TOKEN_NOT_FOUND,
  TenantRbac,
  documentProblem,
  tenantDocumentDef,
  tokenNotFound,
  TenantAdminBody,
  TenantAdminCreated,
  TenantCreateBody,
  TenantCreateReply,
  TenantDetail,
  TenantListQuery,
  TenantPolicy,
  TenantRevisionList,
  TenantSkus,
  TenantUserList,
  UNKNOWN_SKU,
  type CapabilityChange,
  type PolicyToken,
  type TenantDocumentName,
  type TenantTokenListName,
} from '@workbench/common/api/contract/providerTenants';
import { ProviderTenantList } from '@workbench/common/api/contract/provider';
import { MFA_MSGS, MfaUser, MfaUserList } from '@workbench/common/api/contract/auth';
import { MFA_ACCOUNT_NOT_FOUND } from '@workbench/common/api/contract/providerTenantPaths';
import { mfaUserList } from '../auth/mfaRoutes';
import {
  BulkCreateBody,
  BulkCreateReply,
  DryRunQuery,
  EndUser,
  EndUserChanges,
  UDB_REASONS,
  endUserRowProblem,
} from '@workbench/common/api/contract/udb';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { publishRevision } from '../policy/publishRevision';
import { INITIAL_REVISION_COMMENT } from '@workbench/common/api/contract/policy';
import { noteAudit, writeAudit } from '../audit/auditTrail';
import { generatePassword, hashPassword } from '../security/passwords';
import { digest, randomToken } from '../security/tokens';
import {
  USER_NOT_FOUND_MSG,
  applyChanges,
  bulkCreateEndUsers,
  endUserReply,
  usernameTaken,
} from '../udb/udbRoutes';
import { checkSkuCompatibility } from './entityChecks';
import { capabilityValidity } from './capabilityStateRoutes';
import {
  expiredCapabilities,
  firstObsolete,
  firstUnknown,
  UNKNOWN_CAPABILITY,
  obsoleteCapabilityMessage,
} from '@workbench/common/api/contract/providerCapabilityStates';

export const TENANTS_READ = 'tenants:*:read';
export const TENANTS_WRITE = 'tenants:*:write';
const SKUS_ENTITY = 'skus';
const docEntity = (name: string): string => `tenant_${name}`;

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const UserParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  uid: Type.String({ minLength: 1, maxLength: 100 }),
});
const TokenParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  token_id: Type.String({ minLength: 1, maxLength: 64 }),
});
const UserPage = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    search: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

interface StoredToken extends PolicyToken {
  hash: string;
}

export async function tenantReply(store: ConfigStore, t: TenantRecord) {
  return {
    tid: t.tid,
    name: t.name,
    status: t.status,
    created_at: t.createdAt,
    user_count: await store.users.count(t.tid),
    capabilities: t.capabilities,
  };
}

/** The changes from `before` to `after`, one per capability that differs, by name. */
export function capabilityChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): CapabilityChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const value = (v: unknown) => (v === undefined ? null : (v as CapabilityChange['before']));
  return names
    .filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n]))
    .map((n) => ({ capability: n, before: value(before[n]), after: value(after[n]) }));
}

export const tenantRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['provider tenants'];
  const read = { world: 'provider' as const, permission: TENANTS_READ };
  const write = (action: string, what: string, area = 'tenants') => ({
    world: 'provider' as const,
    permission: TENANTS_WRITE,
    audit: { action, area, what },
  });
  const item = `${TENANTS_PATH}/:id`;
  const nowIso = () => ctx.now().toISOString();

  const tenantOr404 = async (tid: string): Promise<TenantRecord> => {
    const t = await store.tenants.get(tid);
    if (!t) throw new ApiHttpError(404, TENANT_NOT_FOUND);
    return t;
  };
  const readDoc = async <T>(tid: string, name: string, defaults: T): Promise<T> =>
    ((await store.entities.get(docEntity(name), tid))?.data as T | undefined) ?? defaults;
  const writeDoc = async (tid: string, name: string, data: Record<string, unknown>): Promise<void> => {
    const at = nowIso();
    const entity = docEntity(name);
    const existing = await store.entities.get(entity, tid);
    if (existing) await store.entities.update({ ...existing, data, updatedAt: at });
    else await store.entities.insert({ entity, id: tid, data, createdAt: at, updatedAt: at });
  };

  // Rows that name tenants (tenant groups' associations, category overrides) forget a deleted one.
  const forgetTenantInLists = async (tid: string) => {
    for (const entity of ['tenant_groups', 'category_overrides']) {
      const { records } = await store.entities.list(entity, {
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
          await store.entities.update({
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

  /**
   * A new administrator of the tenant (an account of the tenant portal with the full-admin role)
   * with a one-time password, changed at the first sign-in; inside the caller's transaction.
   */
  const insertAdmin = async (
    tx: Pick<ConfigStore, 'users'>,
    tid: string,
    body: TenantAdminBody,
    passwordHash: string,
  ): Promise<void> => {
    const admin = DEMO_TENANT_ROLES.admin;
    await tx.users.insert({
      uid: crypto.randomUUID(),
      tid,
      username: body.admin_username.trim().toLowerCase(),
      firstName: body.admin_first_name ?? '',
      lastName: body.admin_last_name ?? '',
      roles: { read: [...admin.read], write: [...admin.write] },
      passwordHash,
      showChangePassword: true,
    });
  };
  /** The administrator's user name, normalised, or 409 at admin_username when an account has it. */
  const freeAdminUsername = async (body: TenantAdminBody): Promise<string> => {
    const username = body.admin_username.trim().toLowerCase();
    if (await store.users.findByUsername(username))
      throw new ApiHttpError(409, `The user name ${username} is taken.`, 'admin_username');
    return username;
  };

  app.post(
    TENANTS_PATH,
    {
      config: write('create', 'Created a tenant.'),
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
      const username = admin ? await freeAdminUsername(admin) : null;
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
      const initial = await store.transaction(async (tx) => {
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
        return published;
      });
      // The new tenant's own trail begins with that publish, by the operator who created it.
      await writeAudit(
        ctx,
        request,
        initial.audit.map((e) => ({ ...e, tid: tenant.tid, userid: operator })),
      );
      const row = await tenantReply(store, tenant);
      noteAudit(request, {
        object: name,
        tenant: tenant.tid,
        after: { ...row, ...(username ? { admin_username: username } : {}) },
        details: `Created the tenant ${name}.`,
      });
      return reply.code(201).send({
        tenant: row,
        ...(username && password ? { admin_username: username, admin_password: password } : {}),
      });
    },
  );

  app.post(
    `${item}/admins`,
    {
      config: write('add_user', "Added a tenant's administrator."),
      schema: {
        tags,
        summary:
          'Adds an administrator to a tenant (an account of the tenant portal); answers its one-time password once',
        params: IdParams,
        body: TenantAdminBody,
        response: { 201: TenantAdminCreated, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const t = await tenantOr404(request.params.id);
      const username = await freeAdminUsername(request.body);
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await store.transaction((tx) => insertAdmin(tx, t.tid, request.body, passwordHash));
      noteAudit(request, {
        object: t.name,
        tenant: t.tid,
        after: { admin_username: username },
        details: `Added the administrator ${username} to the tenant ${t.name}.`,
      });
      return reply.code(201).send({ admin_username: username, admin_password: password });
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
      config: write('delete', 'Deleted a tenant.'),
      schema: {
        tags,
        summary: 'Deletes a tenant with its accounts, users, policy and documents',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const t = await tenantOr404(request.params.id);
      const before = await tenantReply(store, t);
      if (!(await store.tenants.delete(t.tid))) throw new ApiHttpError(404, TENANT_NOT_FOUND);
      await forgetTenantInLists(t.tid);
      noteAudit(request, { object: t.name, before, details: `Deleted the tenant ${t.name}.` });
      return reply.code(204).send(null);
    },
  );

  // §4 commands. Disabling keeps everything; the tenant's accounts cannot sign in until re-enabled.
  const statusCommand = (command: 'disabletenant' | 'reenable', status: TenantRecord['status']) =>
    app.post(
      `${item}/${command}`,
      {
        config: write(
          status === 'disabled' ? 'deactivated' : 'activated',
          status === 'disabled' ? 'Disabled a tenant.' : 'Re-enabled a tenant.',
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
      async (request) => {
        const t = await tenantOr404(request.params.id);
        await store.tenants.update(t.tid, { status });
        // Disabling ends the tenant's portal sessions at once, so re-enabling revives none of them.
        const ended = status === 'disabled' ? await store.sessions.deleteForTenant(t.tid) : 0;
        const after = await tenantReply(store, { ...t, status });
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
      },
    );
  statusCommand('disabletenant', 'disabled');
  statusCommand('reenable', 'active');

  app.post(
    `${item}/renametenant`,
    {
      config: write('update', 'Renamed a tenant.'),
      schema: {
        tags,
        summary: 'Renames a tenant (409 when another tenant has the name)',
        params: IdParams,
        body: RenameBody,
        response: { 200: TenantDetail, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const name = request.body.name.trim();
      const others = (await store.tenants.list()).filter((o) => o.tid !== t.tid);
      if (others.some((o) => o.name.toLowerCase() === name.toLowerCase()))
        throw new ApiHttpError(409, TENANT_EXISTS(name), 'name');
      await store.tenants.update(t.tid, { name });
      noteAudit(request, {
        object: name,
        before: { name: t.name },
        after: { name },
        details: `Renamed the tenant ${t.name} to ${name}.`,
      });
      return tenantReply(store, { ...t, name });
    },
  );

  // Capabilities: PATCH sets, DELETE removes; with DryRun both answer the changes and keep them.
  app.get(
    `${item}/capabilities`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's capabilities",
        params: IdParams,
        response: { 200: CapabilitiesReply, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const expired = expiredCapabilities(await capabilityValidity(store, t.tid), ctx.now());
      return {
        capabilities: t.capabilities,
        changes: [],
        dry_run: false,
        expired: expired.filter((c) => Object.hasOwn(t.capabilities, c)),
      };
    },
  );
  const capabilityWrite = async (
    tid: string,
    dryRun: boolean,
    next: (current: Record<string, unknown>) => Record<string, unknown>,
    request: Parameters<typeof noteAudit>[0],
  ) => {
    const t = await tenantOr404(tid);
    const after = next(t.capabilities);
    const changes = capabilityChanges(t.capabilities, after);
    if (!dryRun && changes.length > 0) await store.tenants.update(t.tid, { capabilities: after });
    noteAudit(request, {
      skip: dryRun || changes.length === 0,
      object: t.name,
      before: t.capabilities,
      after,
      details: `Changed capabilities of ${t.name}: ${changes.map((c) => c.capability).join(', ')}.`,
    });
    return { capabilities: dryRun ? t.capabilities : after, changes, dry_run: dryRun };
  };
  app.patch(
    `${item}/capabilities`,
    {
      config: write('update', "Changed a tenant's capabilities."),
      schema: {
        tags,
        summary:
          'Sets capabilities (merged with the others); ?DryRun=true answers the changes and makes none',
        params: IdParams,
        querystring: DryRunFlag,
        body: CapabilitiesPatch,
        response: { 200: CapabilitiesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // A name the service does not know is refused, dry run or not: it would take no effect.
      const unknown = firstUnknown(Object.keys(request.body.capabilities));
      if (unknown) throw new ApiHttpError(400, UNKNOWN_CAPABILITY(unknown), `capabilities.${unknown}`);
      // Schema state obsolete: setting it is refused, dry run or not (providerCapabilityStates.ts).
      const obsolete = firstObsolete(Object.keys(request.body.capabilities));
      if (obsolete)
        throw new ApiHttpError(400, obsoleteCapabilityMessage(obsolete), `capabilities.${obsolete}`);
      return capabilityWrite(
        request.params.id,
        request.query.DryRun === true,
        (c) => ({ ...c, ...request.body.capabilities }),
        request,
      );
    },
  );
  app.delete(
    `${item}/capabilities`,
    {
      config: write('delete', "Removed a tenant's capabilities."),
      schema: {
        tags,
        summary: 'Removes capabilities; ?DryRun=true answers what would change and changes nothing',
        params: IdParams,
        querystring: DryRunFlag,
        body: CapabilitiesDelete,
        response: { 200: CapabilitiesReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      capabilityWrite(
        request.params.id,
        request.query.DryRun === true,
        (c) => Object.fromEntries(Object.entries(c).filter(([k]) => !request.body.capabilities.includes(k))),
        request,
      ),
  );

  // SKUs: each must exist; two incompatible SKUs are refused with 409 naming both.
  app.get(
    `${item}/skus`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's SKUs",
        params: IdParams,
        response: { 200: TenantSkus, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await tenantOr404(request.params.id);
      return readDoc(request.params.id, 'skus', { sku_ids: [] as string[] });
    },
  );
  app.put(
    `${item}/skus`,
    {
      config: write('update', "Changed a tenant's SKUs.", 'skus'),
      schema: {
        tags,
        summary: "Sets the tenant's SKUs (400 for an unknown SKU, 409 naming two incompatible ones)",
        params: IdParams,
        body: TenantSkus,
        response: { 200: TenantSkus, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const ids = request.body.sku_ids;
      for (const id of ids)
        if (!(await store.entities.get(SKUS_ENTITY, id)))
          throw new ApiHttpError(400, UNKNOWN_SKU(id), 'sku_ids');
      await checkSkuCompatibility(store, ids, 'sku_ids');
      const before = await readDoc(t.tid, 'skus', { sku_ids: [] as string[] });
      await writeDoc(t.tid, 'skus', { sku_ids: ids });
      noteAudit(request, {
        object: t.name,
        before,
        after: { sku_ids: ids },
        details: `Set the SKUs of ${t.name}: ${ids.join(', ') || 'none'}.`,
      });
      return { sku_ids: ids };
    },
  );

  /** 409 naming the tenant when another tenant's document already lists one of the values. */
  const checkUniqueAcrossTenants = async (
    tid: string,
    name: string,
    list: string,
    data: Record<string, unknown>,
  ) => {
    const wanted = new Set((data[list] as string[]).map((v) => v.toLowerCase()));
    if (wanted.size === 0) return;
    const { records } = await store.entities.list(docEntity(name), {
      limit: 10_000,
      offset: 0,
      sort: 'id',
      order: 'asc',
      searchFields: [],
    });
    for (const r of records) {
      if (r.id === tid) continue;
      const clash = ((r.data[list] as string[] | undefined) ?? []).find((v) => wanted.has(v.toLowerCase()));
      if (clash !== undefined) {
        const holder = await store.tenants.get(r.id);
        throw new ApiHttpError(409, HOSTNAME_TAKEN(clash, holder?.name ?? r.id), list);
      }
    }
  };

  // The documents: GET the whole document (defaults before the first write), PUT replaces it.
  const documentRoutes = (name: TenantDocumentName) => {
    const def = tenantDocumentDef(name);
    app.get(
      `${item}/${name}`,
      {
        config: read,
        schema: {
          tags,
          summary: `The tenant's ${def.title.toLowerCase()}`,
          params: IdParams,
          response: { 200: def.schema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await tenantOr404(request.params.id);
        return readDoc(request.params.id, name, def.defaults);
      },
    );
    app.put(
      `${item}/${name}`,
      {
        config: write('update', `Changed a tenant's ${def.title.toLowerCase()}.`),
        schema: {
          tags,
          summary: `Replaces the tenant's ${def.title.toLowerCase()}`,
          params: IdParams,
          body: def.schema,
          response: { 200: def.schema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const t = await tenantOr404(request.params.id);
        const before = await readDoc(t.tid, name, def.defaults);
        const data = request.body as Record<string, unknown>;
        const problem = documentProblem(def, data);
        if (problem) throw new ApiHttpError(400, problem.message, problem.field);
        if (def.uniqueAcrossTenants)
          await checkUniqueAcrossTenants(t.tid, name, def.uniqueAcrossTenants, data);
        await writeDoc(t.tid, name, data);
        noteAudit(request, {
          object: t.name,
          before,
          after: data,
          details: `Changed the ${def.title.toLowerCase()} of ${t.name}.`,
        });
        return data;
      },
    );
  };
  for (const name of TENANT_DOCUMENT_NAMES) documentRoutes(name);

  // Token lists (policy API tokens, logging auth tokens): the secret is answered once; only its
  // digest is kept.
  const tokenRoutes = (list: TenantTokenListName) => {
    const { title, noun } = TENANT_TOKEN_LISTS[list];
    const readTokens = async (tid: string) =>
      (await readDoc(tid, list, { tokens: [] as StoredToken[] })).tokens;
    const publicToken = ({ hash: _hash, ...t }: StoredToken): PolicyToken => t;
    app.get(
      `${item}/${list}`,
      {
        config: read,
        schema: {
          tags,
          summary: `The tenant's ${title.charAt(0).toLowerCase()}${title.slice(1)} (never their secrets)`,
          params: IdParams,
          response: { 200: PolicyTokenList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await tenantOr404(request.params.id);
        return { tokens: (await readTokens(request.params.id)).map(publicToken) };
      },
    );
    app.post(
      `${item}/${list}`,
      {
        config: write('create', `Created a ${noun}.`, 'api_keys'),
        schema: {
          tags,
          summary: `Creates a ${noun}; its secret is in this answer only`,
          params: IdParams,
          body: PolicyTokenCreate,
          response: { 201: PolicyTokenCreated, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const t = await tenantOr404(request.params.id);
        const secret = randomToken();
        const token: StoredToken = {
          id: randomToken(9),
          name: request.body.name.trim(),
          created_at: nowIso(),
          created_by: providerSessionOf(request).username,
          last4: secret.slice(-4),
          hash: digest(secret),
        };
        await writeDoc(t.tid, list, { tokens: [...(await readTokens(t.tid)), token] });
        noteAudit(request, {
          object: `${t.name}: ${token.name}`,
          after: publicToken(token),
          details: `Created the ${noun} ${token.name} of ${t.name}.`,
        });
        return reply.code(201).send({ ...publicToken(token), token: secret });
      },
    );
    app.delete(
      `${item}/${list}/:token_id`,
      {
        config: write('delete', `Revoked a ${noun}.`, 'api_keys'),
        schema: {
          tags,
          summary: `Revokes a ${noun}`,
          params: TokenParams,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const t = await tenantOr404(request.params.id);
        const tokens = await readTokens(t.tid);
        const gone = tokens.find((k) => k.id === request.params.token_id);
        if (!gone) throw new ApiHttpError(404, list === 'tokens' ? TOKEN_NOT_FOUND : tokenNotFound(noun));
        await writeDoc(t.tid, list, { tokens: tokens.filter((k) => k !== gone) });
        noteAudit(request, {
          object: `${t.name}: ${gone.name}`,
          before: publicToken(gone),
          details: `Revoked the ${noun} ${gone.name} of ${t.name}.`,
        });
        return reply.code(204).send(null);
      },
    );
  };
  for (const list of TENANT_TOKEN_LIST_NAMES) tokenRoutes(list);

  // §3 RBAC list: the roles of the tenant's portal accounts, read from the portal's own accounts.
  const roleName = (roles: { read: readonly string[]; write: readonly string[] }): string => {
    const same = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
    const hit = Object.entries(DEMO_TENANT_ROLES).find(
      ([, r]) => same(r.read, roles.read) && same(r.write, roles.write),
    );
    return hit?.[0] ?? 'custom';
  };
  app.get(
    `${item}/rbac`,
    {
      config: read,
      schema: {
        tags,
        summary:
          "The tenant's RBAC list: each portal account's role and permission lists, and whether RBAC is enforced",
        params: IdParams,
        response: { 200: TenantRbac, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const accounts = await store.users.list(t.tid);
      return {
        enforced: isRbacEnforced(ctx.deployment, ctx.mode, t.capabilities),
        accounts: accounts.map((u) => ({
          username: u.username,
          first_name: u.firstName,
          last_name: u.lastName,
          role: roleName(u.roles),
          read: [...u.roles.read],
          write: [...u.roles.write],
        })),
      };
    },
  );

  // The tenant's policy and published revisions, as the portal wrote them (read-only here).
  app.get(
    `${item}/policy`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's current policy revision and the kinds saved in it",
        params: IdParams,
        response: { 200: TenantPolicy, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const r = await store.revisions.get(t.tid);
      if (!r) throw new ApiHttpError(404, TENANT_NOT_FOUND);
      const kinds = new Set<string>();
      for (let rev = 1; rev <= r.stagedRevId; rev += 1)
        for (const k of await store.policyDocs.listKinds(t.tid, rev)) kinds.add(k);
      return {
        rev_id: r.revId,
        staged_rev_id: r.stagedRevId,
        state: r.state,
        updated_at: r.updatedAt,
        updated_by: r.updatedBy,
        kinds: [...kinds].sort(),
      };
    },
  );
  for (const version of REVISION_VERSIONS)
    app.get(
      `/gdmanage/api/${version}/tenants/:id/revisions`,
      {
        config: read,
        schema: {
          tags,
          summary: `The tenant's published revisions, newest first (limit default ${REVISIONS_DEFAULT_LIMIT}, offset 0)`,
          params: IdParams,
          querystring: RevisionsQuery,
          response: { 200: TenantRevisionList, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const t = await tenantOr404(request.params.id);
        const { limit = REVISIONS_DEFAULT_LIMIT, offset = 0 } = request.query;
        const page = await store.revisions.listPublished(t.tid, { limit, offset });
        return {
          revisions: page.map((p) => ({
            rev_id: p.revId,
            published_at: p.publishedAt,
            published_by: p.publishedBy,
            note: p.note,
            rolled_back_from: p.rolledBackFrom,
          })),
          total: await store.revisions.countPublished(t.tid),
          limit,
          offset,
        };
      },
    );

  // The tenant's users: the user database the portal manages (its end users).
  const users = `${item}/tenantusers`;
  const userOr404 = async (tid: string, uid: string) => {
    const u = await store.endUsers.get(tid, uid);
    if (!u) throw new ApiHttpError(404, USER_NOT_FOUND_MSG);
    return u;
  };
  app.get(
    users,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's users: a page, searched",
        params: IdParams,
        querystring: UserPage,
        response: { 200: TenantUserList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await tenantOr404(request.params.id);
      const { limit = 25, offset = 0, search } = request.query;
      const page = await store.endUsers.list(request.params.id, {
        limit,
        offset,
        search,
        sort: 'username',
        order: 'asc',
      });
      return { users: page.users.map(endUserReply), total: page.total };
    },
  );
  app.post(
    `${users}/bulk`,
    {
      config: write('add_user', "Created a tenant's users.", 'users'),
      schema: {
        tags,
        summary:
          'Bulk user create: refused rows come back with index and reason, the others are saved together',
        params: IdParams,
        // ?dry_run=true: the import wizard's processing step (rows checked, nothing saved).
        querystring: DryRunQuery,
        body: BulkCreateBody,
        response: { 200: BulkCreateReply, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const dryRun = request.query.dry_run === true;
      const { created, errors } = await bulkCreateEndUsers(
        store,
        t.tid,
        request.body.user_list,
        dryRun,
        nowIso(),
      );
      noteAudit(request, {
        skip: dryRun || created.length === 0,
        object: t.name,
        after: created.map(endUserReply),
        details: `Created ${created.length} user${created.length === 1 ? '' : 's'} of ${t.name}.`,
      });
      return { dry_run: dryRun, created: created.length, users: created.map(endUserReply), errors };
    },
  );
  app.get(
    `${users}/:uid`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One user of the tenant',
        params: UserParams,
        response: { 200: EndUser, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      endUserReply(await userOr404((await tenantOr404(request.params.id)).tid, request.params.uid)),
  );
  app.put(
    `${users}/:uid`,
    {
      config: write('update', "Modified a tenant's user.", 'users'),
      schema: {
        tags,
        summary: "Changes a user's fields",
        params: UserParams,
        body: EndUserChanges,
        response: { 200: EndUser, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const u = await userOr404(t.tid, request.params.uid);
      const problem = endUserRowProblem(request.body, { partial: true });
      if (problem) throw new ApiHttpError(400, problem.reason, problem.field);
      const name = request.body.username;
      if (name !== undefined && (await usernameTaken(store, t.tid, name, u.uid)))
        throw new ApiHttpError(409, UDB_REASONS.duplicate(name), 'username');
      const next = applyChanges(u, request.body, undefined, nowIso());
      await store.endUsers.update(next);
      noteAudit(request, {
        object: `${t.name}: ${next.username}`,
        before: endUserReply(u),
        after: endUserReply(next),
      });
      return endUserReply(next);
    },
  );
  app.delete(
    `${users}/:uid`,
    {
      config: write('remove_user', "Deleted a tenant's user.", 'users'),
      schema: {
        tags,
        summary: 'Deletes a user of the tenant',
        params: UserParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const t = await tenantOr404(request.params.id);
      const u = await userOr404(t.tid, request.params.uid);
      await store.endUsers.delete(t.tid, u.uid);
      noteAudit(request, { object: `${t.name}: ${u.username}`, before: endUserReply(u) });
      return reply.code(204).send(null);
    },
  );

  // Two-factor sign-in of the tenant's portal accounts: their state, and disablemfa (the reset
  // for an administrator who lost the phone; after it they sign in with the password alone).
  app.get(
    `${item}/mfa/users`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's portal accounts with their second-factor state",
        params: IdParams,
        response: { 200: MfaUserList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ users: await mfaUserList(store, (await tenantOr404(request.params.id)).tid) }),
  );
  app.post(
    `${users}/:uid/disablemfa`,
    {
      config: write('tfa_reset', "Turned off a portal account's two-factor sign-in.", 'tfa'),
      schema: {
        tags,
        summary:
          "Turns off a portal account's two-factor sign-in (409 when it has none); it then signs in with its password",
        params: UserParams,
        response: { 200: MfaUser, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const account = await store.users.get(request.params.uid);
      if (!account || account.tid !== t.tid) throw new ApiHttpError(404, MFA_ACCOUNT_NOT_FOUND);
      const m = await store.mfa.get(account.uid);
      // 409, not a quiet 200: the console's row was stale, and the operator should see it.
      if (!m?.secret) throw new ApiHttpError(409, MFA_MSGS.notEnrolled);
      await store.mfa.delete(account.uid);
      noteAudit(request, {
        object: `${t.name}: ${account.username}`,
        before: { mfa_enrolled_since: m.enabledAt },
        after: { mfa_enrolled_since: null },
      });
      return {
        uid: account.uid,
        username: account.username,
        first_name: account.firstName,
        last_name: account.lastName,
        mfa_enrolled_since: null,
      };
    },
  );

  // A portal account's password reset (an administrator who lost theirs): a new one-time password,
  // answered once; the account's sessions end and it must choose its own at the next sign-in
  // before anything else opens (auth/pendingSteps.ts).
  app.post(
    `${users}/:uid/resetpassword`,
    {
      config: write('change_pwd', "Reset a portal account's password.", 'admins'),
      schema: {
        tags,
        summary:
          'Gives a portal account a new one-time password (answered once); its sessions end and it must change it at the next sign-in',
        params: UserParams,
        response: { 200: AccountPasswordReset, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const account = await store.users.get(request.params.uid);
      if (!account || account.tid !== t.tid) throw new ApiHttpError(404, MFA_ACCOUNT_NOT_FOUND);
      const password = generatePassword();
      await store.users.resetPassword(account.uid, await hashPassword(password));
      noteAudit(request, {
        object: `${t.name}: ${account.username}`,
        details: `Reset the password of ${account.username} of ${t.name}; it must be changed at the next sign-in.`,
      });
      return { uid: account.uid, username: account.username, password };
    },
  );
};

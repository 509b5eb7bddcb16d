/**
 * Tenant settings documents (docs/settings.md §10, docs/adding-a-row.md §4): for every document row
 * of common's tenant settings registry (tenantSettingsDocuments.ts), `GET <path>` (the document, or
 * the row's defaults before the first save) and `PUT <path>` (the document replaced). The guard
 * checks the session, the tenant, `settings:<item>:read|write` and the row's features; a save is
 * checked whole before anything is stored (400 naming the field) and is an audit event of the row's
 * area with before and after.
 *
 * Beside them, the reads Settings › Network and General need: `get_user_ip` (the caller's address:
 * the socket's peer, or X-Forwarded-For only from a proxy the server trusts, WORKBENCH_TRUST_PROXY),
 * `all_public_ips` (the deployment's WORKBENCH_PUBLIC_IPS), `setting/{name}` (one global setting)
 * and `capabilities/{name}` (a capability's details, which the portal's feature flags take:
 * docs/access.md §6).
 *
 * Stored as one config-store entity per tenant (`settings_doc_<key>`); a save is one conditional
 * update on the stored updated_at, so two servers (or two tabs) cannot overwrite each other.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TObject } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CAPABILITY_DETAIL_NAMES,
  CapabilityNameParams,
  CapabilityReply,
  GLOBAL_SETTINGS_NAMES,
  PublicIpsReply,
  SETTINGS_UTILITY_PATHS as PATHS,
  SettingNameParams,
  SettingReply,
  TENANT_SETTINGS_DOCUMENTS,
  TENANT_SETTINGS_DOCUMENT_KEYS,
  UserIpReply,
  documentMessages,
  documentReadPermission,
  documentWritePermission,
  settingsDocumentReply,
  settingsDocumentWrite,
  type CapabilityDetailName,
  type SettingsDocumentDef,
  type SettingsDocumentValue,
  type TenantSettingsDocument,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { named } from '../http/namedPlugin';
import { storeIfUnchanged } from './documentStore';

export const settingsDocumentEntity = (key: string): string => `settings_doc_${key}`;

/** The stored document of a tenant, or the row's defaults before its first save. */
export async function readSettingsDocument(
  store: ConfigStore,
  key: TenantSettingsDocument,
  tid: string,
): Promise<{ record: EntityRecord | null; doc: SettingsDocumentValue }> {
  const def: SettingsDocumentDef = TENANT_SETTINGS_DOCUMENTS[key];
  const record = await store.entities.get(settingsDocumentEntity(key), tid);
  const doc = (record?.data as SettingsDocumentValue | undefined) ?? {
    ...structuredClone(def.defaults),
    updated_at: null,
    updated_by: null,
  };
  return { record, doc };
}

/** The document's own fields (no stamp): what the audit trail shows before and after. */
const fieldsOf = ({ updated_at: _at, updated_by: _by, ...fields }: SettingsDocumentValue) => fields;

export function settingsDocumentRoutesFor(key: TenantSettingsDocument): FastifyPluginAsync {
  const def: SettingsDocumentDef = TENANT_SETTINGS_DOCUMENTS[key];
  const entity = settingsDocumentEntity(key);
  const Reply: TObject = settingsDocumentReply(def);
  const Write: TObject = settingsDocumentWrite(def);
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['tenant settings'];
    const changedMeanwhile = (doc: SettingsDocumentValue): never => {
      throw new ApiHttpError(
        409,
        documentMessages.changedMeanwhile(def, doc.updated_by, doc.updated_at),
        'updated_at',
      );
    };

    app.get(
      def.path,
      {
        config: { world: 'tenant', permission: documentReadPermission(def), features: def.features },
        schema: {
          tags,
          summary: `${def.title}: the document (its defaults before the first save), updated_at and updated_by`,
          response: { 200: Reply, ...errorResponses(401, 403) },
        },
      },
      async (request) => (await readSettingsDocument(ctx.store, key, tenantSessionOf(request).tid)).doc,
    );

    app.put(
      def.path,
      {
        config: {
          world: 'tenant',
          permission: documentWritePermission(def),
          features: def.features,
          audit: { action: 'update', area: def.auditArea, what: `Changed the ${def.title.toLowerCase()}.` },
        },
        schema: {
          tags,
          summary: `Replaces the ${def.title.toLowerCase()}; 409 when another save came in after updated_at`,
          body: Write,
          response: { 200: Reply, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const { tid, username } = tenantSessionOf(request);
        const { updated_at: readAt, ...fields } = request.body as Record<string, unknown>;
        const problem = def.problem?.(fields);
        if (problem) throw new ApiHttpError(400, problem[1], problem[0]);
        const { record, doc: before } = await readSettingsDocument(ctx.store, key, tid);
        if (readAt !== undefined && readAt !== before.updated_at) changedMeanwhile(before);
        const at = ctx.now().toISOString();
        const saved: SettingsDocumentValue = { ...fields, updated_at: at, updated_by: username };
        const stored = await storeIfUnchanged(ctx.store, entity, tid, record, saved, at);
        if (!stored) changedMeanwhile((await readSettingsDocument(ctx.store, key, tid)).doc);
        noteAudit(request, {
          object: def.title,
          before: fieldsOf(before),
          after: fields,
          details: `Saved the ${def.title.toLowerCase()}.`,
        });
        return saved;
      },
    );
  };
}

/** get_user_ip, all_public_ips, setting/{name}, capabilities/{name}. */
const settingsUtilityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['tenant settings'];
  const network = documentReadPermission(TENANT_SETTINGS_DOCUMENTS.egress_ips);

  app.get(
    PATHS.userIp,
    {
      config: { world: 'tenant', permission: network },
      schema: {
        tags,
        summary: "The caller's address: the socket's peer, or X-Forwarded-For only from a trusted proxy",
        response: { 200: UserIpReply, ...errorResponses(401, 403) },
      },
    },
    // Fastify's request.ip follows trustProxy (WORKBENCH_TRUST_PROXY): a client's own header is
    // believed only when it came through a proxy the server trusts.
    async (request) => ({ ip: request.ip }),
  );

  app.get(
    PATHS.publicIps,
    {
      config: { world: 'tenant', permission: network },
      schema: {
        tags,
        summary: "The deployment's public addresses (WORKBENCH_PUBLIC_IPS), for firewalls and fixed egress",
        response: { 200: PublicIpsReply, ...errorResponses(401, 403) },
      },
    },
    async () => ({ ips: [...ctx.publicIps] }),
  );

  app.get(
    PATHS.settingRoute,
    {
      config: {
        world: 'tenant',
        permission: documentReadPermission(TENANT_SETTINGS_DOCUMENTS.global_settings),
      },
      schema: {
        tags,
        summary: `One global setting by its name (${GLOBAL_SETTINGS_NAMES.join(', ')})`,
        params: SettingNameParams,
        response: { 200: SettingReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { name } = request.params as { name: string };
      if (!(GLOBAL_SETTINGS_NAMES as readonly string[]).includes(name))
        throw new ApiHttpError(404, `No global setting is named '${name}'.`, 'name');
      const { doc } = await readSettingsDocument(ctx.store, 'global_settings', tenantSessionOf(request).tid);
      return { name, value: doc[name] as string | number | boolean };
    },
  );

  app.get(
    PATHS.capabilityRoute,
    {
      // Any signed-in user: the portal's feature flags take these details at sign-in.
      config: { world: 'tenant', permission: null },
      schema: {
        tags,
        summary: `A capability's details (${CAPABILITY_DETAIL_NAMES.join(', ')}): enabled, and the details the provider set`,
        params: CapabilityNameParams,
        response: { 200: CapabilityReply, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { name } = request.params as { name: CapabilityDetailName };
      const value = tenantSessionOf(request).tenant.capabilities[name];
      const details =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : {};
      const enabled =
        value === true || ('enabled' in details ? details.enabled === true : Object.keys(details).length > 0);
      return { name, enabled, details };
    },
  );
};

/** Every settings document of the registry, and the reads beside them. */
export const settingsDocumentRoutes: FastifyPluginAsync = async (app) => {
  for (const key of TENANT_SETTINGS_DOCUMENT_KEYS) await app.register(named(settingsDocumentRoutesFor(key)));
  await app.register(named(settingsUtilityRoutes));
};

/**
 * Settings documents (docs/settings.md §9 and §10, docs/adding-a-row.md §4): one route builder for
 * every row of common's settings documents registry (tenantSettingsDocuments.ts: Settings › Network
 * and General, and the Web and Safemail services' own settings): `GET <path>` (the document, or the
 * row's defaults before the first save) and `PUT <path>` (the document replaced, in effect on save).
 * The guard checks the session, the tenant, any of the row's permission groups on its item
 * (`settings:` or `setting:`, and `settings_cmr:`) and the row's features; a save is checked whole
 * before anything is stored (the schema, then the registry's checks with the shared validators'
 * error keys, then each certificate decoded): 400 naming the first field in error; and is an audit
 * event of the row's area with before and after. Write-only fields (the SMTP password) are kept
 * here, never answered (reads say `<field>_set`) nor audited; left out of a save they are kept.
 *
 * Beside them, the reads Settings › Network and General need: `get_user_ip` (the caller's address:
 * the socket's peer, or X-Forwarded-For only from a proxy the server trusts, WORKBENCH_TRUST_PROXY),
 * `all_public_ips` (the deployment's WORKBENCH_PUBLIC_IPS), `setting/{name}` (one global setting)
 * and `capabilities/{name}` (a capability's details, which the portal's feature flags take:
 * docs/access.md §6).
 *
 * Stored as one config-store entity per tenant (the row's `entity`); a save is one conditional
 * update on the stored updated_at, so two servers (or two tabs) cannot overwrite each other: a save
 * that carries a stale updated_at is refused (409).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CAPABILITY_DETAIL_NAMES,
  CapabilityNameParams,
  CapabilityReply,
  GLOBAL_SETTINGS_NAMES,
  PublicIpsReply,
  SETTINGS_DOCUMENTS,
  SETTINGS_DOCUMENT_KEYS,
  SETTINGS_UTILITY_PATHS as PATHS,
  SettingNameParams,
  SettingReply,
  UserIpReply,
  documentMessages,
  documentReadPermission,
  documentWritePermission,
  settingsDocumentProblem,
  settingsDocumentReply,
  settingsDocumentWrite,
  writeOnlySet,
  type CapabilityDetailName,
  type SettingsDocumentDef,
  type SettingsDocumentKey,
  type SettingsDocumentValue,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { named } from '../http/namedPlugin';
import { storeIfUnchanged } from './documentStore';
import { CertificateProblem, decodeCertificate } from '../identity/certificates';

type Doc = Record<string, unknown>;

/** The stored document of a tenant, or the row's defaults before its first save. */
export async function readSettingsDocument(
  store: ConfigStore,
  key: SettingsDocumentKey,
  tid: string,
): Promise<{ record: EntityRecord | null; doc: SettingsDocumentValue }> {
  const def: SettingsDocumentDef = SETTINGS_DOCUMENTS[key];
  const record = await store.entities.get(def.entity, tid);
  const doc = (record?.data as SettingsDocumentValue | undefined) ?? {
    ...structuredClone(def.defaults),
    updated_at: null,
    updated_by: null,
  };
  return { record, doc };
}

/** The document as answered: write-only fields out, `<field>_set` in their place. */
export function replyOf(def: SettingsDocumentDef, doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const field of def.writeOnly ?? []) {
    out[writeOnlySet(field)] = typeof doc[field] === 'string' && doc[field] !== '';
    delete out[field];
  }
  return out;
}

/** The document's own fields as answered (no stamp): what the audit trail shows before and after. */
export function auditedOf(def: SettingsDocumentDef, doc: Doc): Doc {
  const { updated_at: _at, updated_by: _by, ...fields } = replyOf(def, doc);
  return fields;
}

/** Notes a settings document's save for its route's audit event (the tenant's and an appliance's). */
export function noteDocumentSaved(
  request: FastifyRequest,
  def: SettingsDocumentDef,
  before: Doc,
  saved: Doc,
): void {
  noteAudit(request, {
    object: def.title,
    before: auditedOf(def, before),
    after: auditedOf(def, saved),
    details: `Saved: ${def.title}.`,
  });
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** Every certificate of the row's certificate fields decodes and is in its validity period, else 400 naming the field. */
export async function checkCertificates(def: SettingsDocumentDef, doc: Doc, now: Date): Promise<void> {
  for (const field of def.certificates ?? []) {
    const blocks = String(doc[field] ?? '').match(PEM_BLOCK) ?? [];
    for (const [i, pem] of blocks.entries()) {
      const which = blocks.length > 1 ? `Certificate ${i + 1}: ` : '';
      try {
        const info = await decodeCertificate(pem, now);
        if (info.status !== 'valid')
          throw new CertificateProblem(
            info.status === 'expired'
              ? `${info.subject} expired on ${info.not_after}.`
              : `${info.subject} is not valid before ${info.not_before}.`,
          );
      } catch (error) {
        if (error instanceof CertificateProblem)
          throw new ApiHttpError(400, `${field}: ${which}${error.message}`, field);
        throw error;
      }
    }
  }
}

export function settingsDocumentRoutesFor(key: SettingsDocumentKey): FastifyPluginAsync {
  const def: SettingsDocumentDef = SETTINGS_DOCUMENTS[key];
  const Reply: TObject = settingsDocumentReply(def);
  const Write: TObject = settingsDocumentWrite(def);
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['settings documents'];
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
          summary: `${def.title}: the document (its defaults before the first save; write-only fields left out), updated_at and updated_by`,
          response: { 200: Reply, ...errorResponses(401, 403) },
        },
      },
      async (request) =>
        replyOf(def, (await readSettingsDocument(ctx.store, key, tenantSessionOf(request).tid)).doc),
    );

    app.put(
      def.path,
      {
        config: {
          world: 'tenant',
          permission: documentWritePermission(def),
          features: def.features,
          audit: {
            action: 'update',
            area: def.auditArea,
            what: `Changed: ${def.title}.`,
            inTransaction: true,
          },
        },
        schema: {
          tags,
          summary: `Replaces the document (${def.title}), in effect at once; a write-only field left out keeps the stored one; 409 when another save came in after updated_at`,
          body: Write,
          response: { 200: Reply, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const { tid, username } = tenantSessionOf(request);
        const { updated_at: readAt, ...given } = request.body as Doc;
        const problem = settingsDocumentProblem(def, given);
        if (problem) throw new ApiHttpError(400, problem.message, problem.field);
        await checkCertificates(def, given, ctx.now());
        // The document and its audit event commit together.
        return auditedChange(request, async (tx) => {
          const { record, doc: before } = await readSettingsDocument(tx, key, tid);
          if (readAt !== undefined && readAt !== before.updated_at) changedMeanwhile(before);
          const fields: Doc = { ...given };
          for (const field of def.writeOnly ?? [])
            if (fields[field] === undefined && before[field] !== undefined) fields[field] = before[field];
          const at = ctx.now().toISOString();
          const saved: SettingsDocumentValue = { ...fields, updated_at: at, updated_by: username };
          const stored = await storeIfUnchanged(tx, def.entity, tid, record, saved, at);
          if (!stored) changedMeanwhile((await readSettingsDocument(tx, key, tid)).doc);
          noteDocumentSaved(request, def, before, saved);
          return replyOf(def, saved);
        });
      },
    );
  };
}

/** get_user_ip, all_public_ips, setting/{name}, capabilities/{name}. */
const settingsUtilityRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['tenant settings'];
  const network = documentReadPermission(SETTINGS_DOCUMENTS.egress_ips);

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
        permission: documentReadPermission(SETTINGS_DOCUMENTS.global_settings),
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
  for (const key of SETTINGS_DOCUMENT_KEYS) await app.register(named(settingsDocumentRoutesFor(key)));
  await app.register(named(settingsUtilityRoutes));
};

/**
 * An on-premises appliance's own settings (docs/appliances.md): one GET and one PUT per row of
 * common's appliance settings registry (the `/api/v1/settings/*` and `/api/dash/v1/settings/*`
 * documents), the time zones, the manager version, and the settings export and import
 * (`exported_config`). Registered only by a server started on premises in a non-management mode
 * (app.ts): elsewhere these paths are unknown (404), as the environment rules say.
 *
 * A save is checked whole before anything is stored (the schema, the registry's checks with the
 * shared validators' error keys, the certificates), 400 naming the field; a save over a newer one
 * is refused (409). Stored in the appliance's config store (`applianceSettings`, migration 20);
 * write-only fields sealed there, never answered (reads say `<field>_set`) nor exported.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TObject } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APPLIANCE_AUDIT_AREA,
  APPLIANCE_PATHS as PATHS,
  APPLIANCE_READ_PERMISSION,
  APPLIANCE_SETTINGS,
  APPLIANCE_SETTINGS_KEYS,
  APPLIANCE_WRITE_PERMISSION,
  EXPORT_FORMAT,
  EXPORT_MSGS,
  EXPORT_VERSION,
  ExportedConfig,
  ImportReply,
  ManagerVersionReply,
  ManagerVersionRequest,
  TimezonesReply,
  applianceTimezones,
  type ApplianceSettingsKey,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import {
  documentMessages,
  settingsDocumentProblem,
  settingsDocumentReply,
  settingsDocumentWrite,
  type SettingsDocumentDef,
  type SettingsDocumentValue,
} from '@workbench/common/api/contract/tenantSettingsDocuments';
import { Value } from 'typebox/value';
import type { ConfigStore } from '../store/ConfigStore';
import type { ApplianceSettingsRecord } from '../store/repositories/applianceSettings';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { named } from '../http/namedPlugin';
import { checkCertificates, noteDocumentSaved, replyOf } from '../settings/settingsDocumentRoutes';

type Doc = Record<string, unknown>;
const tags = ['appliance settings'];
const MANAGER_VERSION_KEY = 'appliance_manager_version';

/** A stored document with its write-only fields back in place, or the row's defaults. */
export async function readApplianceDocument(
  store: ConfigStore,
  key: ApplianceSettingsKey,
): Promise<{ record: ApplianceSettingsRecord | null; doc: SettingsDocumentValue }> {
  const record = await store.applianceSettings.get(key);
  if (!record)
    return {
      record,
      doc: { ...structuredClone(APPLIANCE_SETTINGS[key].defaults), updated_at: null, updated_by: null },
    };
  return {
    record,
    doc: { ...record.data, ...record.secret, updated_at: record.updatedAt, updated_by: record.updatedBy },
  };
}

/**
 * Checks a document as written (no updated_at) whole: schema, the registry's checks, its
 * certificates; 400 naming the first field in error, `prefix` before the field (an import names
 * the document).
 */
async function checkDocument(def: SettingsDocumentDef, given: Doc, now: Date, prefix = ''): Promise<void> {
  const { updated_at: _at, ...fields } = given;
  const schema = settingsDocumentWrite(def);
  if (!Value.Check(schema, fields)) {
    const first = [...Value.Errors(schema, fields)][0];
    const field = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') || '(document)';
    throw new ApiHttpError(400, `${prefix}${field}: ${first?.message ?? 'invalid'}.`, `${prefix}${field}`);
  }
  const problem = settingsDocumentProblem(def, fields);
  if (problem) throw new ApiHttpError(400, `${prefix}${problem.message}`, `${prefix}${problem.field}`);
  try {
    await checkCertificates(def, fields, now);
  } catch (error) {
    if (error instanceof ApiHttpError && prefix)
      throw new ApiHttpError(400, `${prefix}${error.message}`, `${prefix}${error.field ?? ''}`);
    throw error;
  }
}

/** Splits a document into its public and write-only parts; a write-only field left out keeps `before`'s. */
function partsOf(def: SettingsDocumentDef, given: Doc, before: Doc): { data: Doc; secret: Doc } {
  const data: Doc = {};
  const secret: Doc = {};
  for (const [k, v] of Object.entries(given)) {
    if (k === 'updated_at' || k === 'updated_by') continue;
    if (def.writeOnly?.includes(k)) secret[k] = v;
    else data[k] = v;
  }
  for (const field of def.writeOnly ?? [])
    if (secret[field] === undefined && typeof before[field] === 'string') secret[field] = before[field];
  return { data, secret };
}

function documentRoutes(key: ApplianceSettingsKey): FastifyPluginAsync {
  const def: SettingsDocumentDef = APPLIANCE_SETTINGS[key];
  const Reply: TObject = settingsDocumentReply(def);
  const Write: TObject = settingsDocumentWrite(def);
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    app.get(
      def.path,
      {
        config: { world: 'tenant', permission: APPLIANCE_READ_PERMISSION, sessionOnly: true },
        schema: {
          tags,
          summary: `${def.title}: the appliance's document (its defaults before the first save; write-only fields left out)`,
          response: { 200: Reply, ...errorResponses(401, 403) },
        },
      },
      async () => replyOf(def, (await readApplianceDocument(ctx.store, key)).doc),
    );
    app.put(
      def.path,
      {
        config: {
          world: 'tenant',
          permission: APPLIANCE_WRITE_PERMISSION,
          sessionOnly: true,
          audit: { action: 'update', area: APPLIANCE_AUDIT_AREA, what: `Changed: ${def.title}.` },
        },
        schema: {
          tags,
          summary: `Replaces the appliance's document (${def.title}), in effect at once; 409 when another save came in after updated_at`,
          body: Write,
          response: { 200: Reply, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const { username } = tenantSessionOf(request);
        const given = request.body as Doc;
        await checkDocument(def, given, ctx.now());
        const { record, doc: before } = await readApplianceDocument(ctx.store, key);
        const stale = () => {
          throw new ApiHttpError(
            409,
            documentMessages.changedMeanwhile(def, before.updated_by, before.updated_at),
            'updated_at',
          );
        };
        if (given.updated_at !== undefined && given.updated_at !== before.updated_at) stale();
        const { data, secret } = partsOf(def, given, before);
        const at = new Date(
          Math.max(ctx.now().getTime(), record ? Date.parse(record.updatedAt) + 1 : 0),
        ).toISOString();
        const stored = await ctx.store.applianceSettings.put(
          key,
          data,
          secret,
          at,
          username,
          record?.updatedAt ?? null,
        );
        if (!stored) stale();
        const saved: SettingsDocumentValue = { ...data, ...secret, updated_at: at, updated_by: username };
        noteDocumentSaved(request, def, before, saved);
        return replyOf(def, saved);
      },
    );
  };
}

/** The export file of the appliance's settings: every document's public fields. */
export async function exportedConfigOf(store: ConfigStore, mode: string, now: Date): Promise<ExportedConfig> {
  const settings: ExportedConfig['settings'] = {};
  for (const key of APPLIANCE_SETTINGS_KEYS) {
    const { doc } = await readApplianceDocument(store, key);
    const { updated_at: _a, updated_by: _b, ...fields } = replyOf(APPLIANCE_SETTINGS[key], doc);
    for (const field of APPLIANCE_SETTINGS[key].writeOnly ?? []) delete fields[`${field}_set`];
    settings[key] = fields;
  }
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, mode, exported_at: now.toISOString(), settings };
}

const otherRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;

  app.get(
    PATHS.timezones,
    {
      config: { world: 'tenant', permission: APPLIANCE_READ_PERMISSION, sessionOnly: true },
      schema: {
        tags,
        summary: 'The time zones the appliance may be set to (IANA names)',
        response: { 200: TimezonesReply, ...errorResponses(401, 403) },
      },
    },
    async () => ({ timezones: applianceTimezones() }),
  );

  app.put(
    PATHS.managerVersion,
    {
      config: {
        world: 'tenant',
        permission: APPLIANCE_WRITE_PERMISSION,
        sessionOnly: true,
        audit: {
          action: 'update',
          area: APPLIANCE_AUDIT_AREA,
          what: 'Recorded the appliance manager version.',
        },
      },
      schema: {
        tags,
        summary: 'Records the version of the appliance manager UI the administrator runs',
        body: ManagerVersionRequest,
        response: { 200: ManagerVersionReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { username } = tenantSessionOf(request);
      const at = ctx.now().toISOString();
      const before = await ctx.store.applianceSettings.get(MANAGER_VERSION_KEY);
      const data = { version: request.body.version };
      // Last write wins: a version report is a fact of now, not an edit of a read document.
      const stored = await ctx.store.applianceSettings.put(
        MANAGER_VERSION_KEY,
        data,
        {},
        at,
        username,
        before?.updatedAt ?? null,
      );
      if (!stored)
        throw new ApiHttpError(409, 'The manager version was recorded meanwhile; send it again.', 'version');
      noteAudit(request, { object: 'appliance_manager_version', before: before?.data ?? null, after: data });
      return { version: data.version, updated_at: at, updated_by: username };
    },
  );

  app.get(
    PATHS.exportedConfig,
    {
      config: { world: 'tenant', permission: APPLIANCE_READ_PERMISSION, sessionOnly: true },
      schema: {
        tags,
        summary:
          'Every settings document of the appliance as one file (write-only fields stay on the appliance); PUT it back to import',
        response: { 200: ExportedConfig, ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) => {
      const file = await exportedConfigOf(ctx.store, ctx.mode ?? '', ctx.now());
      const network = file.settings.network as { hostname?: string } | undefined;
      reply.header(
        'content-disposition',
        `attachment; filename="${EXPORT_MSGS.fileName(network?.hostname ?? 'appliance')}"`,
      );
      return file;
    },
  );

  app.put(
    PATHS.exportedConfig,
    {
      config: {
        world: 'tenant',
        permission: APPLIANCE_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'update', area: APPLIANCE_AUDIT_AREA, what: 'Imported the appliance settings.' },
      },
      schema: {
        tags,
        summary:
          'Imports an export file: every document in it is checked first (400 naming settings.<document>.<field>), then all are stored in one transaction',
        body: ExportedConfig,
        response: { 200: ImportReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { username } = tenantSessionOf(request);
      const { settings } = request.body;
      const keys = Object.keys(settings);
      for (const key of keys) {
        if (!(APPLIANCE_SETTINGS_KEYS as string[]).includes(key))
          throw new ApiHttpError(400, EXPORT_MSGS.unknownDocument(key), `settings.${key}`);
        await checkDocument(
          APPLIANCE_SETTINGS[key as ApplianceSettingsKey],
          settings[key],
          ctx.now(),
          `settings.${key}.`,
        );
      }
      const at = ctx.now().toISOString();
      await ctx.store.transaction(async (store) => {
        for (const key of keys as ApplianceSettingsKey[]) {
          const def = APPLIANCE_SETTINGS[key];
          const { record, doc: before } = await readApplianceDocument(store, key);
          const { data, secret } = partsOf(def, settings[key], before);
          const when = new Date(
            Math.max(Date.parse(at), record ? Date.parse(record.updatedAt) + 1 : 0),
          ).toISOString();
          if (
            !(await store.applianceSettings.put(key, data, secret, when, username, record?.updatedAt ?? null))
          )
            throw new ApiHttpError(
              409,
              `${def.title}: saved meanwhile; import the file again.`,
              `settings.${key}`,
            );
        }
      });
      noteAudit(request, { object: 'appliance settings', after: { imported: keys } });
      return { imported: keys };
    },
  );
};

/** Every appliance settings document of the registry, and the calls beside them. */
export const applianceSettingsRoutes: FastifyPluginAsync = async (app) => {
  for (const key of APPLIANCE_SETTINGS_KEYS) await app.register(named(documentRoutes(key)));
  await app.register(named(otherRoutes));
};

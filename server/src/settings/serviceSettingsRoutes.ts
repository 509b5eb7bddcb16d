/**
 * The service settings documents (docs/settings.md §9): for every row of common's service
 * settings registry, `GET <path>` (the document, or the row's defaults before the first save) and
 * `PUT <path>` (the document replaced; it takes effect on save, nothing is staged). The guard
 * checks the session, the tenant, `setting:<item>` or `settings_cmr:<item>` and the row's features;
 * a save is checked whole before anything is written (the schema, then the registry's validators
 * with their error keys, then each certificate decoded), 400 naming the first field in error, and
 * is an audit event of the row's area with before and after. Write-only fields (the SMTP password)
 * are kept here, never answered (reads say `<field>_set`) nor audited.
 *
 * Stored as one config-store entity per tenant (`service_settings_<name>`); a save is one
 * conditional update on the stored updated_at, so two servers (or two tabs) cannot overwrite each
 * other: a save that carries a stale updated_at is refused (409).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  SERVICE_SETTINGS,
  SERVICE_SETTINGS_REGISTRY,
  serviceReadPermission,
  serviceSettingsBody,
  serviceSettingsProblem,
  serviceSettingsReply,
  serviceWriteOnlySet,
  serviceWritePermission,
  type ServiceSettingsDef,
  type ServiceSettingsName,
} from '@workbench/common/api/contract/serviceSettings';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { named } from '../http/namedPlugin';
import { storeIfUnchanged } from './documentStore';
import { CertificateProblem, decodeCertificate } from '../identity/certificates';

export const serviceSettingsEntity = (name: string): string => `service_settings_${name}`;

type Doc = Record<string, unknown>;

/** Fields holding PEM certificates: each block must decode (docs/settings.md §9). */
const CERTIFICATE_FIELDS: Partial<Record<ServiceSettingsName, readonly string[]>> = {
  ssl_bump: ['trusted_ca_certificates'],
};
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;

/** The document as answered: write-only fields out, `<field>_set` in their place. */
function replyOf(def: ServiceSettingsDef, doc: Doc): Doc {
  const out: Doc = { ...doc };
  for (const field of def.writeOnly) {
    out[serviceWriteOnlySet(field)] = typeof doc[field] === 'string' && doc[field] !== '';
    delete out[field];
  }
  return out;
}

/** Every certificate of the field decodes and is in its validity period, else 400 naming the field. */
async function checkCertificates(name: ServiceSettingsName, doc: Doc, now: Date): Promise<void> {
  for (const field of CERTIFICATE_FIELDS[name] ?? []) {
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

export function serviceSettingsRoutesFor(name: ServiceSettingsName): FastifyPluginAsync {
  const def: ServiceSettingsDef = SERVICE_SETTINGS_REGISTRY[name];
  const entity = serviceSettingsEntity(name);
  const Reply = serviceSettingsReply(def);
  const Body = serviceSettingsBody(def);
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['service settings'];

    const load = async (tid: string) => {
      const record = await ctx.store.entities.get(entity, tid);
      const doc: Doc = record?.data ?? { ...def.defaults, updated_at: null, updated_by: null };
      return { record, doc };
    };
    const changedMeanwhile = (doc: Doc): never => {
      const by = typeof doc.updated_by === 'string' ? ` by ${doc.updated_by}` : '';
      const at = typeof doc.updated_at === 'string' ? ` at ${doc.updated_at}` : '';
      throw new ApiHttpError(
        409,
        `The ${def.title.toLowerCase()} settings were changed${by}${at} after you loaded them: reload them and make your change again.`,
        'updated_at',
      );
    };

    app.get(
      def.path,
      {
        config: { world: 'tenant', permission: serviceReadPermission(def), features: def.features },
        schema: {
          tags,
          summary: `${def.title}: the settings (write-only fields left out), updated_at and updated_by`,
          response: { 200: Reply, ...errorResponses(401, 403) },
        },
      },
      async (request) => replyOf(def, (await load(tenantSessionOf(request).tid)).doc),
    );

    app.put(
      def.path,
      {
        config: {
          world: 'tenant',
          permission: serviceWritePermission(def),
          features: def.features,
          audit: {
            action: 'update',
            area: def.auditArea,
            what: `Changed the ${def.title.toLowerCase()} settings.`,
          },
        },
        schema: {
          tags,
          summary: `Replaces the ${def.title.toLowerCase()} settings, in effect at once; a write-only field left out keeps the stored one; 409 when another save came in after updated_at`,
          body: Body,
          response: { 200: Reply, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const { tid, username } = tenantSessionOf(request);
        const { updated_at: seen, ...given } = request.body as Doc;
        const { record, doc: before } = await load(tid);
        if (seen !== undefined && seen !== before.updated_at) changedMeanwhile(before);
        const refused = serviceSettingsProblem(def, given);
        if (refused) throw new ApiHttpError(400, refused.message, refused.field);
        await checkCertificates(name, given, ctx.now());
        const fields: Doc = { ...given };
        for (const field of def.writeOnly)
          if (fields[field] === undefined && before[field] !== undefined) fields[field] = before[field];
        const at = ctx.now().toISOString();
        const saved: Doc = { ...fields, updated_at: at, updated_by: username };
        const stored = await storeIfUnchanged(ctx.store, entity, tid, record, saved, at);
        if (!stored) changedMeanwhile((await load(tid)).doc);
        const strip = (doc: Doc) => {
          const { updated_at: _a, updated_by: _b, ...rest } = replyOf(def, doc);
          return rest;
        };
        noteAudit(request, {
          object: def.title,
          before: strip(before),
          after: strip(saved),
          details: `Saved the ${def.title.toLowerCase()} settings.`,
        });
        return replyOf(def, saved);
      },
    );
  };
}

/** Every service settings document of the registry. */
export const serviceSettingsRoutes: FastifyPluginAsync = async (app) => {
  for (const name of SERVICE_SETTINGS) await app.register(named(serviceSettingsRoutesFor(name)));
};

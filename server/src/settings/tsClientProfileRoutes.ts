/**
 * The TS client profile (docs/settings.md §11): `GET` and `PUT ts_client_profile`, one document per
 * tenant. Read with `settings:client_profiles:read`, saved with `:write`, the tenant needing
 * `clientProfiles`; a save names a stored client profile (400 otherwise), is refused over a newer
 * save (409), and is an audit event of the area `client_profiles` with before and after. The client
 * profile it names cannot be deleted (409, settingsReferences.ts); one gone anyway (a store edited
 * by hand) reads as none (client_profile_id null) and the page asks for another.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  TS_CLIENT_PROFILE_DEFAULTS,
  TS_CLIENT_PROFILE_PATH,
  TsClientProfile,
  TsClientProfileBody,
  tsClientProfileProblem,
} from '@workbench/common/api/contract/tsClientProfile';
import { CLIENT_PROFILES } from '@workbench/common/api/contract/settings-lists/clientProfiles';
import {
  settingsReadPermission,
  settingsWritePermission,
  type SettingsItem,
} from '@workbench/common/api/contract/tenantSettings';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { settingsEntity, TS_CLIENT_PROFILE_ENTITY as ENTITY } from './settingsEntity';
import { storeIfUnchanged } from './documentStore';

export const tsClientProfileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['tenant settings'];
  const features = CLIENT_PROFILES.features;

  const clientProfileIds = async (tid: string): Promise<Set<unknown>> => {
    const record = await ctx.store.entities.get(settingsEntity('client_profiles'), tid);
    const items = (record?.data[CLIENT_PROFILES.listField] as SettingsItem[] | undefined) ?? [];
    return new Set(items.map((i) => i[CLIENT_PROFILES.idField]));
  };
  const load = async (tid: string) => {
    const record = await ctx.store.entities.get(ENTITY, tid);
    const doc = (record?.data as TsClientProfile | undefined) ?? {
      ...TS_CLIENT_PROFILE_DEFAULTS,
      port_range: { ...TS_CLIENT_PROFILE_DEFAULTS.port_range },
      updated_at: null,
      updated_by: null,
    };
    const gone = doc.client_profile_id !== null && !(await clientProfileIds(tid)).has(doc.client_profile_id);
    return { record, doc: gone ? { ...doc, client_profile_id: null } : doc };
  };
  const changedMeanwhile = (doc: TsClientProfile): never => {
    throw new ApiHttpError(
      409,
      `The TS client profile was changed${doc.updated_by ? ` by ${doc.updated_by}` : ''} after you loaded it: reload it and make your change again.`,
      'updated_at',
    );
  };

  app.get(
    TS_CLIENT_PROFILE_PATH,
    {
      config: { world: 'tenant' as const, permission: settingsReadPermission(CLIENT_PROFILES), features },
      schema: {
        tags,
        summary: 'The terminal-server client: on or off, its client profile, the source ports per user',
        response: { 200: TsClientProfile, ...errorResponses(401, 403) },
      },
    },
    async (request) => (await load(tenantSessionOf(request).tid)).doc,
  );

  app.put(
    TS_CLIENT_PROFILE_PATH,
    {
      config: {
        world: 'tenant' as const,
        permission: settingsWritePermission(CLIENT_PROFILES),
        features,
        audit: {
          action: 'update',
          area: CLIENT_PROFILES.auditArea,
          what: 'Changed the TS client profile.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Replaces the TS client profile; client_profile_id names a stored client profile; 409 when another save came in after updated_at',
        body: TsClientProfileBody,
        response: { 200: TsClientProfile, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { tid, username } = tenantSessionOf(request);
      const { updated_at: read, ...body } = request.body;
      const problem = tsClientProfileProblem(body);
      if (problem) throw new ApiHttpError(400, problem[1], problem[0]);
      if (body.client_profile_id !== null && !(await clientProfileIds(tid)).has(body.client_profile_id))
        throw new ApiHttpError(
          400,
          'No client profile has this id: choose one from the list.',
          'client_profile_id',
        );
      const { record, doc: before } = await load(tid);
      if (read !== undefined && read !== before.updated_at) changedMeanwhile(before);
      const at = ctx.now().toISOString();
      const saved: TsClientProfile = { ...body, updated_at: at, updated_by: username };
      const { updated_at: _a, updated_by: _b, ...beforeState } = before;
      // The document and its audit event commit together (the store is conditional on the read).
      const stored = await auditedChange(request, async (tx) => {
        const ok = await storeIfUnchanged(tx, ENTITY, tid, record, saved, at);
        noteAudit(request, {
          skip: !ok,
          object: 'TS client profile',
          before: beforeState,
          after: body,
          details: `Changed the TS client profile (${body.enabled ? 'on' : 'off'}).`,
        });
        return ok;
      });
      if (!stored) changedMeanwhile((await load(tid)).doc);
      return saved;
    },
  );
};

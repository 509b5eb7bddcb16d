/**
 * Forensics profiles' status and viewer (docs/settings.md §3), beside the profiles' list that the
 * tenant settings registry serves (settingsListRoutes.ts): `GET bf_profiles/status` (whether
 * browsing forensics records anything, and what stands in its way) and `GET`/`POST
 * bf_profiles/viewer` (where a recorded session is opened, and how). Same permission item
 * (`settings:bf_profiles`), feature (`browsing_forensics`) and audit area (`forensics`) as the list.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  FORENSICS_PATHS,
  FORENSICS_PROFILES,
  FORENSICS_VIEWER_DEFAULTS,
  ForensicsStatus,
  ForensicsViewer,
  ForensicsViewerBody,
  VIEWER_MESSAGES,
  viewerUrlPasses,
} from '@workbench/common/api/contract/settings-lists/forensicsProfiles';
import {
  settingsReadPermission,
  settingsWritePermission,
  type SettingsItem,
} from '@workbench/common/api/contract/tenantSettings';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { readPolicyDoc } from '../policy/revisionStaging';
import { settingsItems } from './settingsReferences';
import { storeIfUnchanged } from './documentStore';

const VIEWER_ENTITY = 'settings_bf_viewer';
const def = FORENSICS_PROFILES;

export const forensicsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['tenant settings'];
  const read = { world: 'tenant' as const, permission: settingsReadPermission(def), features: def.features };

  const loadViewer = async (tid: string) => {
    const record = await ctx.store.entities.get(VIEWER_ENTITY, tid);
    return { record, viewer: (record?.data as ForensicsViewer | undefined) ?? FORENSICS_VIEWER_DEFAULTS };
  };

  app.get(
    FORENSICS_PATHS.viewer,
    {
      config: read,
      schema: {
        tags,
        summary: 'The forensics viewer: enabled, validated, viewer_url, open_link (modal_window or new_tab)',
        response: { 200: ForensicsViewer, ...errorResponses(401, 403) },
      },
    },
    async (request) => (await loadViewer(tenantSessionOf(request).tid)).viewer,
  );

  app.post(
    FORENSICS_PATHS.viewer,
    {
      config: {
        ...read,
        permission: settingsWritePermission(def),
        audit: {
          action: 'update',
          area: def.auditArea,
          what: 'Changed the forensics viewer.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Saves the forensics viewer; validated is the server’s (any non-empty viewer_url passes); viewer_url is required while enabled',
        body: ForensicsViewerBody,
        response: { 200: ForensicsViewer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { tid, username } = tenantSessionOf(request);
      const body = request.body;
      if (body.enabled && !viewerUrlPasses(body.viewer_url))
        throw new ApiHttpError(400, VIEWER_MESSAGES.urlRequired, 'viewer_url');
      const { record, viewer: before } = await loadViewer(tid);
      const at = ctx.now().toISOString();
      const viewer: ForensicsViewer = {
        enabled: body.enabled,
        validated: viewerUrlPasses(body.viewer_url),
        viewer_url: body.viewer_url.trim(),
        open_link: body.open_link,
        updated_at: at,
        updated_by: username,
      };
      // The viewer and its audit event commit together.
      return auditedChange(request, async (tx) => {
        if (!(await storeIfUnchanged(tx, VIEWER_ENTITY, tid, record, viewer, at)))
          throw new ApiHttpError(
            409,
            'The forensics viewer was changed meanwhile: reload it and save again.',
            'updated_at',
          );
        noteAudit(request, {
          object: 'Forensics viewer',
          before,
          after: viewer,
          details: `Saved the forensics viewer (${viewer.enabled ? 'enabled' : 'disabled'}).`,
        });
        return viewer;
      });
    },
  );

  app.get(
    FORENSICS_PATHS.status,
    {
      config: read,
      schema: {
        tags,
        summary:
          'Whether browsing forensics records (the staged web policy), its enabled rules, the profiles, those whose storage is not validated, the viewer, and one state: off, ready or attention',
        response: { 200: ForensicsStatus, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { tid } = tenantSessionOf(request);
      const revision = await ctx.store.revisions.get(tid);
      const policy = revision
        ? ((await readPolicyDoc(ctx.store, tid, 'bf/web', revision.stagedRevId)) as PolicyData<'bf/web'>)
        : null;
      const bf = policy?.browsing_forensics ?? { enabled: false, rules: [] };
      const profiles = await settingsItems(ctx.store, tid, 'bf_profiles');
      const storage = new Map(
        (await settingsItems(ctx.store, tid, 'storage_profiles')).map((s): [unknown, SettingsItem] => [
          s.uuid,
          s,
        ]),
      );
      const unvalidated = profiles
        .filter((p) => p.storage_default === false && storage.get(p.storage_profile_id)?.validated !== true)
        .map((p) => String(p.name));
      const { viewer } = await loadViewer(tid);
      const rules = bf.rules.filter((r) => r.enabled).length;
      const attention = rules === 0 || unvalidated.length > 0 || (viewer.enabled && !viewer.validated);
      return {
        recording: bf.enabled,
        rules,
        profiles: profiles.length,
        unvalidated_storage: unvalidated,
        viewer: { enabled: viewer.enabled, validated: viewer.validated },
        state: !bf.enabled ? ('off' as const) : attention ? ('attention' as const) : ('ready' as const),
      };
    },
  );
};

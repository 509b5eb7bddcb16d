/**
 * The management station's own about, password and settings (docs/central-manager.md §13).
 * About says what runs here and how much it manages. Password is the signed-in administrator's own
 * change, the same call as the user menu's (auth/tenantAuthRoutes.ts), with its rules and messages.
 * Settings are the station's own: the port a new appliance is asked on when none is given, and how
 * long a status read waits for one appliance; kept in managed_fleet (kind `settings`), read by the
 * calls they govern each time.
 */
import os from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CENTRAL_MANAGER_VERSION,
  CM_OWN_PATHS as PATHS,
  CM_PRODUCT,
  CM_SETTINGS_DEFAULTS,
  CmAbout,
  CmSettings,
  CmSettingsWrite,
} from '@workbench/common/api/contract/centralManager';
import type { ConfigStore } from '../store/ConfigStore';
import { errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { changeOwnPassword, ownPasswordRoute } from '../auth/tenantAuthRoutes';
import type { FleetRouteKit } from './lifecycleRoutes';

const SETTINGS_ID = 'manager';

/** The station's settings now (the defaults until an administrator saves them). */
export async function managerSettingsOf(store: ConfigStore): Promise<CmSettings> {
  const r = await store.managedFleet.get('settings', SETTINGS_ID);
  return {
    ...CM_SETTINGS_DEFAULTS,
    ...(r?.data as Partial<CmSettings> | undefined),
    updated_at: r?.updatedAt ?? null,
    updated_by: (r?.data.updated_by as string | undefined) ?? null,
  };
}

export const managerOwnRoutes =
  (kit: Pick<FleetRouteKit, 'tags' | 'read' | 'write'>): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const { store, now } = ctx;
    const { tags, read, write } = kit;
    const startedAt = now().toISOString();

    app.get(
      PATHS.about,
      {
        config: read,
        schema: {
          tags,
          summary: 'What the management station runs and how much it manages',
          response: { 200: CmAbout, ...errorResponses(401, 403) },
        },
      },
      async () => ({
        product: CM_PRODUCT,
        version: CENTRAL_MANAGER_VERSION,
        mode: ctx.mode ?? '',
        hostname: os.hostname(),
        started_at: startedAt,
        runtime: `Node.js ${process.version}`,
        managed_systems: (await store.managedFleet.list('system')).length,
        groups: (await store.managedFleet.list('group')).length,
        templates: (await store.managedFleet.list('template')).length,
      }),
    );

    app.post(PATHS.password, ownPasswordRoute(ctx, tags), changeOwnPassword);

    app.get(
      PATHS.settings,
      {
        config: read,
        schema: {
          tags,
          summary: "The management station's own settings",
          response: { 200: CmSettings, ...errorResponses(401, 403) },
        },
      },
      async () => managerSettingsOf(store),
    );

    app.put(
      PATHS.settings,
      {
        config: write('update', "Changed the management station's settings."),
        schema: {
          tags,
          summary: "Saves the management station's own settings (both fields, checked before any is kept)",
          body: CmSettingsWrite,
          response: { 200: CmSettings, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const before = await managerSettingsOf(store);
        const { username } = tenantSessionOf(request);
        const data = { ...request.body, updated_by: username };
        const at = now().toISOString();
        if (!(await store.managedFleet.put('settings', SETTINGS_ID, data, null, at)))
          await store.managedFleet.put('settings', SETTINGS_ID, data, null, at, true);
        noteAudit(request, {
          object: 'management station settings',
          before: { appliance_port: before.appliance_port, status_timeout_s: before.status_timeout_s },
          after: request.body,
        });
        return managerSettingsOf(store);
      },
    );
  };

/**
 * An appliance's own state as its central manager sees it (docs/central-manager.md §3): its mode,
 * host name, maintenance mode, how often its process started on this data directory, and the
 * manager's version it recorded; maintenance mode on and off (kept in its config store); and the
 * restart, reboot and shutdown of its own process (main.ts: a restart closes the server and its
 * stores and opens them again on the same port, a reboot does so after a pause, a shutdown ends
 * the process), answered before they happen.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  APPLIANCE_AUDIT_AREA,
  APPLIANCE_READ_PERMISSION,
  APPLIANCE_WRITE_PERMISSION,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import {
  APPLIANCE_SYSTEM_PATHS as PATHS,
  ApplianceSystemStatus,
  MaintenanceRequest,
  SystemActionParams,
  SystemActionReply,
} from '@workbench/common/api/contract/centralManager';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { readApplianceDocument } from './applianceSettingsRoutes';
import type { ConfigStore } from '../store/ConfigStore';

const tags = ['appliance system'];
const SYSTEM_ROW = 'system';
const MANAGER_VERSION_ROW = 'appliance_manager_version';
export const NOT_SELF_CONTROLLED_MSG =
  'This appliance runs inside another program and cannot restart or stop its own process.';

/** Turns maintenance mode on or off in the system row; false when the row changed meanwhile. */
export async function setMaintenanceMode(
  store: ConfigStore,
  now: () => Date,
  enabled: boolean,
  by: string,
): Promise<boolean> {
  const row = await store.applianceSettings.get(SYSTEM_ROW);
  const at = new Date(Math.max(now().getTime(), row ? Date.parse(row.updatedAt) + 1 : 0)).toISOString();
  return store.applianceSettings.put(
    SYSTEM_ROW,
    { ...row?.data, maintenance_mode: enabled },
    {},
    at,
    by,
    row?.updatedAt ?? null,
  );
}

export const applianceSystemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const { store, now } = ctx;

  // Every start of the process on this store is one boot (a restart or reboot adds one).
  const before = await store.applianceSettings.get(SYSTEM_ROW);
  const bootedAt = now().toISOString();
  await store.applianceSettings.put(
    SYSTEM_ROW,
    { ...before?.data, boot_count: Number(before?.data.boot_count ?? 0) + 1, booted_at: bootedAt },
    {},
    bootedAt,
    'system',
    before?.updatedAt ?? null,
  );

  const statusNow = async (): Promise<ApplianceSystemStatus> => {
    const row = await store.applianceSettings.get(SYSTEM_ROW);
    const network = (await readApplianceDocument(store, 'network')).doc;
    const version = (await store.applianceSettings.get(MANAGER_VERSION_ROW))?.data.version;
    return {
      mode: ctx.mode ?? '',
      hostname: String(network.hostname ?? ''),
      maintenance_mode: row?.data.maintenance_mode === true,
      boot_count: Number(row?.data.boot_count ?? 0),
      booted_at: String(row?.data.booted_at ?? bootedAt),
      manager_version: typeof version === 'string' ? version : null,
    };
  };

  app.get(
    PATHS.status,
    {
      config: { world: 'tenant', permission: APPLIANCE_READ_PERMISSION, sessionOnly: true },
      schema: {
        tags,
        summary: "The appliance's mode, host name, maintenance mode and boots",
        response: { 200: ApplianceSystemStatus, ...errorResponses(401, 403) },
      },
    },
    async () => statusNow(),
  );

  app.put(
    PATHS.maintenance,
    {
      config: {
        world: 'tenant',
        permission: APPLIANCE_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'update', area: APPLIANCE_AUDIT_AREA, what: 'Changed: maintenance mode.' },
      },
      schema: {
        tags,
        summary: 'Turns maintenance mode on or off',
        body: MaintenanceRequest,
        response: { 200: ApplianceSystemStatus, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { username } = tenantSessionOf(request);
      const row = await store.applianceSettings.get(SYSTEM_ROW);
      if (!(await setMaintenanceMode(store, now, request.body.enabled, username)))
        throw new ApiHttpError(409, 'The system state changed meanwhile; try again.');
      noteAudit(request, {
        object: 'maintenance mode',
        before: { maintenance_mode: row?.data.maintenance_mode === true },
        after: { maintenance_mode: request.body.enabled },
        details: `Maintenance mode ${request.body.enabled ? 'on' : 'off'}.`,
      });
      return statusNow();
    },
  );

  app.post(
    PATHS.action,
    {
      config: {
        world: 'tenant',
        permission: APPLIANCE_WRITE_PERMISSION,
        sessionOnly: true,
        audit: {
          action: 'update',
          area: APPLIANCE_AUDIT_AREA,
          what: 'Restarted, rebooted or shut down the appliance.',
        },
      },
      schema: {
        tags,
        summary: 'Restarts, reboots or shuts down the appliance (answered before it happens)',
        params: SystemActionParams,
        response: { 202: SystemActionReply, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const control = ctx.systemControl;
      if (!control) throw new ApiHttpError(409, NOT_SELF_CONTROLLED_MSG);
      const { action } = request.params;
      noteAudit(request, { object: action, details: `The appliance was asked to ${action}.` });
      // After the answer has left: the manager learns it was accepted, then loses the appliance.
      reply.raw.once('finish', () => setImmediate(() => control(action)));
      return reply.code(202).send({ action, accepted: true });
    },
  );
};

/**
 * The central manager (docs/central-manager.md): a server started on premises as the management
 * station manages appliances, each a server of an appliance mode in its own process, over the
 * appliance's own API (applianceClient.ts). Registered only on the management station: elsewhere
 * these paths are unknown (404), as the environment rules say.
 *
 * Registration: get_sv_cert signs in to the appliance (port 8442 unless given) and answers its CA
 * certificate; approve_sv signs in again, checks the certificate is still the one the administrator
 * saw, records the manager's version on the appliance and pins the certificate's fingerprint
 * (45 s time-out; the appliance's own reason when it refuses). Every later call checks the pin
 * first. A status read waits STATUS_TIMEOUT_MS per appliance, all at once, so one appliance that
 * is down, slow, failing or re-keyed shows that state with its reason and holds up no other.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ACTION_TIMEOUT_MS,
  APPLIANCE_SYSTEM_PATHS,
  APPROVE_SV_TIMEOUT_MS,
  AppliancesReply,
  ApproveSvReply,
  ApproveSvRequest,
  CENTRAL_MANAGER_VERSION,
  CM_AUDIT_AREA,
  CM_MSGS as MSGS,
  CM_PATHS as PATHS,
  CM_READ_PERMISSION,
  CM_WRITE_PERMISSION,
  CmJob,
  CurrentSettingsReply,
  DriftQuery,
  DriftReply,
  GetSvCertRequest,
  Group,
  GroupList,
  GroupWrite,
  IdParams,
  JobCreated,
  MaintenanceRequest,
  ManagedSystem,
  STATUS_TIMEOUT_MS,
  SystemActionName,
  SvCert,
  TEMPLATE_EXCLUDED_KEYS,
  Template,
  TemplateApply,
  TemplateCreate,
  TemplateList,
  cmPath,
  normaliseGroupNodes,
  type ApplianceState,
  type ApplianceSystemStatus,
  type SystemAction,
} from '@workbench/common/api/contract/centralManager';
import {
  APPLIANCE_PATHS,
  EXPORT_FORMAT,
  EXPORT_VERSION,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import type { FleetRecord } from '../store/repositories/managedFleet';
import { ApiHttpError, errorResponses } from '../http/errors';
import { noteAudit } from '../audit/auditTrail';
import { ApplianceClient, ApplianceFault, type ApplianceAddress } from './applianceClient';
import { FleetJobs } from './fleetJobs';
import { lifecycleRoutes, type FleetRouteKit } from './lifecycleRoutes';
import { scheduleRoutes } from './scheduleRoutes';
import { systemDataRoutes } from './systemDataRoutes';
import { managerOwnRoutes, managerSettingsOf } from './managerOwnRoutes';
import { named } from '../http/namedPlugin';

const tags = ['central manager'];
type Settings = Record<string, Record<string, unknown>>;
type Exported = { settings: Settings } & Record<string, unknown>;
/** How long a restarting or rebooting appliance may take to answer again before its target fails. */
export const BACK_ONLINE_MS = 90_000;
const POLL_MS = 300;

interface SystemData {
  name: string;
  host: string;
  port: number;
  mode: string;
  fingerprint_sha256: string;
  approved_at: string;
  state: ApplianceState;
  reason: string | null;
  checked_at: string | null;
  system: ApplianceSystemStatus | null;
}

const systemOf = (r: FleetRecord): ManagedSystem => ({ id: r.id, ...(r.data as unknown as SystemData) });
const addressOf = (r: FleetRecord): ApplianceAddress => ({
  host: String(r.data.host),
  port: Number(r.data.port),
  username: String(r.secret.username),
  password: String(r.secret.password),
});
const faultReason = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `<document>.<field>` paths where `actual` differs from the template's `wanted`. */
export function driftOf(wanted: Settings, actual: Settings): string[] {
  const fields: string[] = [];
  for (const [doc, values] of Object.entries(wanted))
    for (const [field, value] of Object.entries(values))
      if (JSON.stringify(actual[doc]?.[field]) !== JSON.stringify(value)) fields.push(`${doc}.${field}`);
  return fields;
}

export const centralManagerRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { store, now } = app.workbench;
  const jobs = new FleetJobs(store, now, (error) => app.log.error({ err: error }, 'a fleet job failed'));
  await jobs.failInterrupted();
  app.addHook('onClose', async () => jobs.settle());

  const read = { world: 'tenant' as const, permission: CM_READ_PERMISSION, sessionOnly: true };
  const write = (action: string, what: string) => ({
    world: 'tenant' as const,
    permission: CM_WRITE_PERMISSION,
    sessionOnly: true,
    audit: { action, area: CM_AUDIT_AREA, what },
  });

  // One signed-in conversation per managed appliance, kept between calls.
  const clients = new Map<string, ApplianceClient>();
  const clientOf = (r: FleetRecord) => {
    let client = clients.get(r.id);
    if (!client) clients.set(r.id, (client = new ApplianceClient(addressOf(r))));
    return client;
  };
  const systemOr404 = async (id: string) => {
    const r = await store.managedFleet.get('system', id);
    if (!r) throw new ApiHttpError(404, MSGS.systemNotFound, 'id');
    return r;
  };
  /** The appliance's client once its certificate is checked against the pin. */
  const pinned = async (r: FleetRecord, timeoutMs: number) => {
    const client = clientOf(r);
    const ca = await client.call<{ fingerprint_sha256?: string }>('GET', APPLIANCE_PATHS.caCert, timeoutMs);
    const fingerprint = String(ca?.fingerprint_sha256 ?? '');
    if (fingerprint !== r.data.fingerprint_sha256)
      throw new ApplianceFault(
        'certificate_changed',
        MSGS.certChanged(String(r.data.fingerprint_sha256), fingerprint),
      );
    return client;
  };
  const remember = async (r: FleetRecord, change: Partial<SystemData>): Promise<FleetRecord> => {
    const latest = (await store.managedFleet.get('system', r.id)) ?? r;
    const data = { ...latest.data, ...change };
    const at = now().toISOString();
    await store.managedFleet.put('system', r.id, data, latest.secret, at, true);
    return { ...latest, data, updatedAt: at };
  };
  /** Reads the appliance's state now and keeps what it saw (or why it saw nothing). */
  const probe = async (r: FleetRecord, timeoutMs = STATUS_TIMEOUT_MS): Promise<ManagedSystem> => {
    const checked_at = now().toISOString();
    try {
      const client = await pinned(r, timeoutMs);
      const system = await client.call<ApplianceSystemStatus>(
        'GET',
        APPLIANCE_SYSTEM_PATHS.status,
        timeoutMs,
      );
      const state: ApplianceState = system.maintenance_mode ? 'maintenance' : 'online';
      return systemOf(await remember(r, { state, reason: null, checked_at, system, mode: system.mode }));
    } catch (error) {
      if (!(error instanceof ApplianceFault)) throw error;
      return systemOf(await remember(r, { state: error.state, reason: error.message, checked_at }));
    }
  };
  /** A job target's failure reason: the appliance's fault, else the error. */
  const asTargetError = (error: unknown) => new Error(faultReason(error));

  // Licences, registration and updates (lifecycleRoutes.ts), on the same appliances and jobs.
  const kit: FleetRouteKit = {
    jobs,
    tags,
    read,
    write,
    systemOr404,
    pinned,
    noteFault: async (r, fault) => {
      await remember(r, { state: fault.state, reason: fault.message, checked_at: now().toISOString() });
    },
    probe,
  };
  await app.register(named(lifecycleRoutes(kit), 'lifecycleRoutes'));
  // cr_update, logs and exports (systemDataRoutes.ts); the station's own about, password, settings.
  await app.register(named(systemDataRoutes(kit), 'systemDataRoutes'));
  await app.register(named(managerOwnRoutes(kit), 'managerOwnRoutes'));
  /** How long a status read waits for one appliance: the station's setting. */
  const statusTimeoutMs = async () => (await managerSettingsOf(store)).status_timeout_s * 1000;

  // --- Registration ---------------------------------------------------------------------------

  app.post(
    PATHS.getSvCert,
    {
      config: { ...read, permission: CM_WRITE_PERMISSION },
      schema: {
        tags,
        summary:
          'Signs in to an appliance and answers its certificate (cert null with the reason when it gives none)',
        body: GetSvCertRequest,
        response: { 200: SvCert, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const {
        host,
        port = (await managerSettingsOf(store)).appliance_port,
        username,
        password,
      } = request.body;
      const client = new ApplianceClient({ host, port, username, password });
      try {
        const ca = await client.call<Record<string, unknown> | null>(
          'GET',
          APPLIANCE_PATHS.caCert,
          APPROVE_SV_TIMEOUT_MS,
        );
        if (!ca || typeof ca.pem !== 'string')
          return {
            cert: null,
            fingerprint_sha256: null,
            subject: null,
            not_after: null,
            reason: MSGS.certFetch,
          };
        return {
          cert: ca.pem,
          fingerprint_sha256: String(ca.fingerprint_sha256),
          subject: String(ca.subject),
          not_after: String(ca.not_after),
          reason: null,
        };
      } catch (error) {
        if (!(error instanceof ApplianceFault)) throw error;
        return {
          cert: null,
          fingerprint_sha256: null,
          subject: null,
          not_after: null,
          reason: error.message,
        };
      }
    },
  );

  app.post(
    PATHS.approveSv,
    {
      config: write('create', 'Approved an appliance.'),
      schema: {
        tags,
        summary:
          'Approves an appliance: pins its certificate and manages it (ok false with its reason on failure)',
        body: ApproveSvRequest,
        response: { 200: ApproveSvReply, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { appliance_port } = await managerSettingsOf(store);
      const { host, port = appliance_port, username, password, name, fingerprint_sha256 } = request.body;
      const existing = await store.managedFleet.list('system');
      if (existing.some((r) => r.data.host === host && r.data.port === port))
        throw new ApiHttpError(409, MSGS.duplicate(host, port), 'host');
      const client = new ApplianceClient({ host, port, username, password });
      let system: ApplianceSystemStatus;
      try {
        const ca = await client.call<{ fingerprint_sha256?: string } | null>(
          'GET',
          APPLIANCE_PATHS.caCert,
          APPROVE_SV_TIMEOUT_MS,
        );
        if (!ca?.fingerprint_sha256) return { ok: false, reason: MSGS.certFetch };
        if (ca.fingerprint_sha256 !== fingerprint_sha256) return { ok: false, reason: MSGS.pinMismatch };
        await client.call('PUT', APPLIANCE_PATHS.managerVersion, APPROVE_SV_TIMEOUT_MS, {
          version: CENTRAL_MANAGER_VERSION,
        });
        system = await client.call<ApplianceSystemStatus>(
          'GET',
          APPLIANCE_SYSTEM_PATHS.status,
          APPROVE_SV_TIMEOUT_MS,
        );
      } catch (error) {
        if (!(error instanceof ApplianceFault)) throw error;
        return { ok: false, reason: error.message };
      }
      const at = now().toISOString();
      const data: SystemData = {
        name,
        host,
        port,
        mode: system.mode,
        fingerprint_sha256,
        approved_at: at,
        state: system.maintenance_mode ? 'maintenance' : 'online',
        reason: null,
        checked_at: at,
        system,
      };
      const id = crypto.randomUUID();
      await store.managedFleet.put('system', id, { ...data }, { username, password }, at);
      noteAudit(request, {
        object: name,
        after: { name, host, port, fingerprint_sha256 },
        details: `Approved ${name} (${host}:${port}).`,
      });
      return { ok: true, system: { id, ...data } };
    },
  );

  // --- Managed systems ------------------------------------------------------------------------

  app.get(
    PATHS.getAppliances,
    {
      config: read,
      schema: {
        tags,
        summary:
          'Every managed appliance with its state now (each read at once, bounded by its own time-out)',
        response: { 200: AppliancesReply, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const timeoutMs = await statusTimeoutMs();
      return {
        appliances: await Promise.all(
          (await store.managedFleet.list('system')).map((r) => probe(r, timeoutMs)),
        ),
      };
    },
  );

  app.get(
    PATHS.systems,
    {
      config: read,
      schema: {
        tags,
        summary: 'The managed appliances as last seen (no appliance is asked)',
        response: { 200: AppliancesReply, ...errorResponses(401, 403) },
      },
    },
    async () => ({ appliances: (await store.managedFleet.list('system')).map(systemOf) }),
  );

  app.get(
    PATHS.status,
    {
      config: read,
      schema: {
        tags,
        summary: "One appliance's state now",
        params: IdParams,
        response: { 200: ManagedSystem, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => probe(await systemOr404(request.params.id), await statusTimeoutMs()),
  );

  app.delete(
    PATHS.system,
    {
      config: write('delete', 'Removed a managed appliance.'),
      schema: {
        tags,
        summary: 'Stops managing an appliance (it is left as it is) and takes it out of every group',
        params: IdParams,
        response: { 200: Type.Object({ id: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const r = await systemOr404(request.params.id);
      await store.managedFleet.delete('system', r.id);
      clients.delete(r.id);
      for (const g of await store.managedFleet.list('group')) {
        const nodes = (g.data.nodes as { id: string }[]).filter((n) => n.id !== r.id);
        if (nodes.length !== (g.data.nodes as unknown[]).length)
          await store.managedFleet.put('group', g.id, { ...g.data, nodes }, null, now().toISOString(), true);
      }
      noteAudit(request, { object: String(r.data.name), details: `Removed ${String(r.data.name)}.` });
      return { id: r.id };
    },
  );

  app.get(
    PATHS.currentSettings,
    {
      config: read,
      schema: {
        tags,
        summary: "The appliance's settings now (502 with its state's reason when it cannot say)",
        params: IdParams,
        response: { 200: CurrentSettingsReply, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) => {
      const r = await systemOr404(request.params.id);
      try {
        const client = await pinned(r, ACTION_TIMEOUT_MS);
        const exported = await client.call<Exported>(
          'GET',
          APPLIANCE_PATHS.exportedConfig,
          ACTION_TIMEOUT_MS,
        );
        return { id: r.id, settings: exported.settings };
      } catch (error) {
        if (!(error instanceof ApplianceFault)) throw error;
        await remember(r, { state: error.state, reason: error.message, checked_at: now().toISOString() });
        throw new ApiHttpError(502, error.message);
      }
    },
  );

  app.put(
    PATHS.maintenance,
    {
      config: write('update', 'Changed the maintenance mode of an appliance.'),
      schema: {
        tags,
        summary: 'Turns maintenance mode on or off on the appliance (502 with its reason when it cannot)',
        params: IdParams,
        body: MaintenanceRequest,
        response: { 200: ManagedSystem, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const r = await systemOr404(request.params.id);
      try {
        const client = await pinned(r, ACTION_TIMEOUT_MS);
        await client.call('PUT', APPLIANCE_SYSTEM_PATHS.maintenance, ACTION_TIMEOUT_MS, request.body);
      } catch (error) {
        if (!(error instanceof ApplianceFault)) throw error;
        await remember(r, { state: error.state, reason: error.message, checked_at: now().toISOString() });
        throw new ApiHttpError(502, error.message);
      }
      noteAudit(request, {
        object: String(r.data.name),
        details: `Maintenance mode ${request.body.enabled ? 'on' : 'off'} on ${String(r.data.name)}.`,
      });
      return probe(r);
    },
  );

  /** Asks the appliance to restart, reboot or shut down and waits until it did. */
  const systemAction = (r: FleetRecord, action: SystemAction) => async () => {
    try {
      const client = await pinned(r, ACTION_TIMEOUT_MS);
      const before = await client.call<ApplianceSystemStatus>(
        'GET',
        APPLIANCE_SYSTEM_PATHS.status,
        ACTION_TIMEOUT_MS,
      );
      await client.call('POST', cmPath(APPLIANCE_SYSTEM_PATHS.action, { action }), ACTION_TIMEOUT_MS);
      const until = Date.now() + BACK_ONLINE_MS;
      for (;;) {
        await sleep(POLL_MS);
        let seen: ApplianceSystemStatus | null = null;
        try {
          seen = await client.call<ApplianceSystemStatus>(
            'GET',
            APPLIANCE_SYSTEM_PATHS.status,
            STATUS_TIMEOUT_MS,
          );
        } catch (error) {
          if (!(error instanceof ApplianceFault) || error.state === 'certificate_changed') throw error;
          if (action === 'shutdown' && error.state === 'down') {
            await remember(r, { state: 'down', reason: error.message, checked_at: now().toISOString() });
            return;
          }
        }
        if (seen && action !== 'shutdown' && seen.boot_count > before.boot_count) {
          await probe(r);
          return;
        }
        if (Date.now() > until)
          throw new Error(
            action === 'shutdown'
              ? `${String(r.data.name)} still answers ${Math.round(BACK_ONLINE_MS / 1000)} s after the shutdown.`
              : `${String(r.data.name)} did not come back within ${Math.round(BACK_ONLINE_MS / 1000)} s after the ${action}.`,
          );
      }
    } catch (error) {
      if (error instanceof ApplianceFault)
        await remember(r, { state: error.state, reason: error.message, checked_at: now().toISOString() });
      throw asTargetError(error);
    }
  };

  const startSystemAction = (r: FleetRecord, action: SystemAction) =>
    jobs.start(action, [{ id: r.id, name: String(r.data.name), run: systemAction(r, action) }]);

  app.post(
    PATHS.action,
    {
      config: write('update', 'Restarted, rebooted or shut down an appliance.'),
      schema: {
        tags,
        summary: 'Restarts, reboots or shuts down the appliance: a job that ends when it did',
        params: Type.Object({ id: IdParams.properties.id, action: SystemActionName }),
        response: { 200: JobCreated, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const r = await systemOr404(request.params.id);
      const { action } = request.params;
      const job_id = await startSystemAction(r, action);
      noteAudit(request, {
        object: String(r.data.name),
        details: `Asked ${String(r.data.name)} to ${action}.`,
      });
      return { job_id };
    },
  );

  // Scheduled actions (scheduleRoutes.ts): the same jobs, started when due.
  await app.register(named(scheduleRoutes({ ...kit, startSystemAction }), 'scheduleRoutes'));

  app.get(
    PATHS.job,
    {
      config: read,
      schema: {
        tags,
        summary: 'A job with its progress per appliance (finished, or failed with the reason)',
        params: IdParams,
        response: { 200: CmJob, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const job = await jobs.get(request.params.id);
      if (!job) throw new ApiHttpError(404, MSGS.jobNotFound, 'id');
      return job;
    },
  );

  // --- Groups ---------------------------------------------------------------------------------

  const groupOf = (r: FleetRecord): Group => ({
    id: r.id,
    name: String(r.data.name),
    nodes: normaliseGroupNodes(r.data.nodes as { id: string; auto_group: unknown }[]),
    template_id: (r.data.template_id as string | null | undefined) ?? null,
    updated_at: r.updatedAt,
  });
  const groupOr404 = async (id: string) => {
    const r = await store.managedFleet.get('group', id);
    if (!r) throw new ApiHttpError(404, MSGS.groupNotFound, 'id');
    return r;
  };
  const checkedGroup = async (body: {
    name: string;
    nodes: { id: string; auto_group: unknown }[];
    template_id?: string | null;
  }) => {
    const nodes = normaliseGroupNodes(body.nodes);
    for (const [i, n] of nodes.entries())
      if (!(await store.managedFleet.get('system', n.id)))
        throw new ApiHttpError(400, `nodes.${i}.id: ${MSGS.notMember(n.id)}`, `nodes.${i}.id`);
    const seen = new Set<string>();
    for (const [i, n] of nodes.entries()) {
      if (seen.has(n.id)) throw new ApiHttpError(400, `nodes.${i}.id: listed twice.`, `nodes.${i}.id`);
      seen.add(n.id);
    }
    if (body.template_id && !(await store.managedFleet.get('template', body.template_id)))
      throw new ApiHttpError(400, `template_id: ${MSGS.templateNotFound}`, 'template_id');
    return { name: body.name, nodes, template_id: body.template_id ?? null };
  };

  app.get(
    PATHS.groups,
    {
      config: read,
      schema: {
        tags,
        summary: 'The groups of appliances',
        response: { 200: GroupList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ groups: (await store.managedFleet.list('group')).map(groupOf) }),
  );
  app.post(
    PATHS.groups,
    {
      config: write('create', 'Created a group of appliances.'),
      schema: {
        tags,
        summary: 'Creates a group',
        body: GroupWrite,
        response: { 200: Group, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const data = await checkedGroup(request.body);
      const id = crypto.randomUUID();
      const at = now().toISOString();
      await store.managedFleet.put('group', id, data, null, at);
      noteAudit(request, { object: data.name, after: data });
      return groupOf({ kind: 'group', id, data, secret: {}, updatedAt: at });
    },
  );
  app.get(
    PATHS.group,
    {
      config: read,
      schema: {
        tags,
        summary: 'One group',
        params: IdParams,
        response: { 200: Group, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => groupOf(await groupOr404(request.params.id)),
  );
  app.put(
    PATHS.group,
    {
      config: write('update', 'Changed a group of appliances.'),
      schema: {
        tags,
        summary: 'Replaces a group',
        params: IdParams,
        body: GroupWrite,
        response: { 200: Group, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const before = await groupOr404(request.params.id);
      const data = await checkedGroup(request.body);
      const at = now().toISOString();
      await store.managedFleet.put('group', before.id, data, null, at, true);
      noteAudit(request, { object: data.name, before: before.data, after: data });
      return groupOf({ ...before, data, updatedAt: at });
    },
  );
  app.delete(
    PATHS.group,
    {
      config: write('delete', 'Deleted a group of appliances.'),
      schema: {
        tags,
        summary: 'Deletes a group (its appliances stay managed)',
        params: IdParams,
        response: { 200: Type.Object({ id: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const r = await groupOr404(request.params.id);
      await store.managedFleet.delete('group', r.id);
      noteAudit(request, { object: String(r.data.name) });
      return { id: r.id };
    },
  );

  // --- Templates ------------------------------------------------------------------------------

  const templateOr404 = async (id: string) => {
    const r = await store.managedFleet.get('template', id);
    if (!r) throw new ApiHttpError(404, MSGS.templateNotFound, 'id');
    return r;
  };
  const templateOf = (r: FleetRecord): Template => ({ id: r.id, ...(r.data as Omit<Template, 'id'>) });
  const membersOf = async (group: FleetRecord) =>
    (
      await Promise.all(
        (group.data.nodes as { id: string }[]).map((n) => store.managedFleet.get('system', n.id)),
      )
    ).filter((r): r is FleetRecord => r !== null);

  app.get(
    PATHS.templates,
    {
      config: read,
      schema: {
        tags,
        summary: 'The settings templates',
        response: { 200: TemplateList, ...errorResponses(401, 403) },
      },
    },
    async () => ({
      templates: (await store.managedFleet.list('template')).map((r) => {
        const { settings: _s, ...rest } = templateOf(r);
        return rest;
      }),
    }),
  );
  app.post(
    PATHS.templates,
    {
      config: write('create', 'Created a settings template.'),
      schema: {
        tags,
        summary: "Creates a template from an appliance's settings now (all but its network and routes)",
        body: TemplateCreate,
        response: { 200: Template, ...errorResponses(400, 401, 403, 502) },
      },
    },
    async (request) => {
      const r = await store.managedFleet.get('system', request.body.from_system);
      if (!r) throw new ApiHttpError(400, `from_system: ${MSGS.systemNotFound}`, 'from_system');
      let exported: Exported;
      try {
        exported = await (
          await pinned(r, ACTION_TIMEOUT_MS)
        ).call<Exported>('GET', APPLIANCE_PATHS.exportedConfig, ACTION_TIMEOUT_MS);
      } catch (error) {
        if (!(error instanceof ApplianceFault)) throw error;
        throw new ApiHttpError(502, error.message);
      }
      const settings: Settings = {};
      for (const [key, doc] of Object.entries(exported.settings))
        if (!TEMPLATE_EXCLUDED_KEYS.includes(key)) settings[key] = doc;
      const at = now().toISOString();
      const data = { name: request.body.name, from_system: r.id, settings, created_at: at };
      const id = crypto.randomUUID();
      await store.managedFleet.put('template', id, data, null, at);
      noteAudit(request, {
        object: data.name,
        details: `Created the template ${data.name} from ${String(r.data.name)}.`,
      });
      return { id, ...data };
    },
  );
  app.get(
    PATHS.template,
    {
      config: read,
      schema: {
        tags,
        summary: 'One template with its settings',
        params: IdParams,
        response: { 200: Template, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => templateOf(await templateOr404(request.params.id)),
  );
  app.delete(
    PATHS.template,
    {
      config: write('delete', 'Deleted a settings template.'),
      schema: {
        tags,
        summary: 'Deletes a template (groups assigned to it keep none)',
        params: IdParams,
        response: { 200: Type.Object({ id: Type.String() }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const r = await templateOr404(request.params.id);
      await store.managedFleet.delete('template', r.id);
      for (const g of await store.managedFleet.list('group'))
        if (g.data.template_id === r.id)
          await store.managedFleet.put(
            'group',
            g.id,
            { ...g.data, template_id: null },
            null,
            now().toISOString(),
            true,
          );
      noteAudit(request, { object: String(r.data.name) });
      return { id: r.id };
    },
  );

  app.post(
    PATHS.templateApply,
    {
      config: write('update', 'Applied a settings template to a group.'),
      schema: {
        tags,
        summary:
          'Assigns the template to the group and pushes it to every member: a job, one target per appliance',
        params: IdParams,
        body: TemplateApply,
        response: { 200: JobCreated, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const template = await templateOr404(request.params.id);
      const group = await store.managedFleet.get('group', request.body.group_id);
      if (!group) throw new ApiHttpError(400, `group_id: ${MSGS.groupNotFound}`, 'group_id');
      await store.managedFleet.put(
        'group',
        group.id,
        { ...group.data, template_id: template.id },
        null,
        now().toISOString(),
        true,
      );
      const wanted = template.data.settings as Settings;
      const members = await membersOf(group);
      const job_id = await jobs.start(
        'apply_template',
        members.map((m) => ({
          id: m.id,
          name: String(m.data.name),
          run: async () => {
            try {
              const client = await pinned(m, ACTION_TIMEOUT_MS);
              // An import of the template's documents only: the member's others stay as they are.
              await client.call('PUT', APPLIANCE_PATHS.exportedConfig, ACTION_TIMEOUT_MS, {
                format: EXPORT_FORMAT,
                version: EXPORT_VERSION,
                mode: String(m.data.mode),
                exported_at: now().toISOString(),
                settings: wanted,
              });
            } catch (error) {
              if (error instanceof ApplianceFault)
                await remember(m, {
                  state: error.state,
                  reason: error.message,
                  checked_at: now().toISOString(),
                });
              throw asTargetError(error);
            }
          },
        })),
      );
      noteAudit(request, {
        object: String(template.data.name),
        details: `Applied the template ${String(template.data.name)} to the group ${String(group.data.name)}.`,
      });
      return { job_id };
    },
  );

  app.get(
    PATHS.templateDrift,
    {
      config: read,
      schema: {
        tags,
        summary:
          'Where each member of the group differs from the template now (unknown with the reason when it cannot say)',
        params: IdParams,
        querystring: DriftQuery,
        response: { 200: DriftReply, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const template = await templateOr404(request.params.id);
      const group = await store.managedFleet.get('group', request.query.group_id);
      if (!group) throw new ApiHttpError(400, `group_id: ${MSGS.groupNotFound}`, 'group_id');
      const wanted = template.data.settings as Settings;
      const members = await Promise.all(
        (await membersOf(group)).map(async (m) => {
          try {
            const client = await pinned(m, STATUS_TIMEOUT_MS);
            const current = await client.call<Exported>(
              'GET',
              APPLIANCE_PATHS.exportedConfig,
              STATUS_TIMEOUT_MS,
            );
            const fields = driftOf(wanted, current.settings);
            return {
              id: m.id,
              name: String(m.data.name),
              drift: fields.length ? ('drifted' as const) : ('in_sync' as const),
              fields,
              reason: null,
            };
          } catch (error) {
            if (!(error instanceof ApplianceFault)) throw error;
            return {
              id: m.id,
              name: String(m.data.name),
              drift: 'unknown' as const,
              fields: [],
              reason: error.message,
            };
          }
        }),
      );
      return { template_id: template.id, group_id: group.id, members };
    },
  );
};

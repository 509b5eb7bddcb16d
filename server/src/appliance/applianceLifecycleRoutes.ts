/**
 * An appliance's licence, registration and software updates (docs/central-manager.md §8, §9), kept
 * in its own config store (rows `license`, `registration`, `update` of appliance_settings, under
 * its data directory), so they outlive a restart, a reboot or a kill.
 *
 * Updates: the software runs from one of two slots (A/B, slot_id 1 and 2). A check lists the
 * releases newer than the one running (with a reason when there is none); a download keeps the
 * release's package; an install verifies the package, writes it to the slot not running and
 * switches to it, each step saved before the next, answered 202 at once and done in the
 * background. A process that starts and finds an install "installing" was stopped mid-install
 * (a reboot, a kill): the install is ended failed with that reason and the slot it ran stays the
 * active one, never left in progress. Rollback switches to another slot; slot 0 is the factory
 * reset (the factory image in slot 1, no other slot, no download, no licence, no registration).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { APPLIANCE_READ_ACCESS, applianceWriteAccess } from './applianceRouteAccess';
import {
  APPLIANCE_LIFECYCLE_PATHS as PATHS,
  APPLIANCE_RELEASES,
  FACTORY_RESET_SLOT,
  FACTORY_VERSION,
  INSTALL_STEPS,
  InstalledLicense,
  LICENSE_MSGS,
  LicenseCheckReply,
  LicenseRequest,
  Registration,
  RegistrationRequest,
  UPDATE_MSGS,
  UpdateCheckReply,
  UpdateDownloadRequest,
  UpdateInstallRequest,
  UpdateRollbackRequest,
  UpdateState,
  type LicenseInfo,
} from '@workbench/common/api/contract/centralManager';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { parseLicense } from './applianceLicense';
import { setMaintenanceMode } from './applianceSystemRoutes';

const tags = ['appliance licence and updates'];
const LICENSE_ROW = 'license';
const REGISTRATION_ROW = 'registration';
const UPDATE_ROW = 'update';
/**
 * The pause after each install step. The steps themselves take milliseconds here; a real install
 * takes minutes, and this keeps a window in which a reboot or a kill lands mid-install.
 */
export const INSTALL_STEP_MS = 800;

const releaseIndex = (version: string) => APPLIANCE_RELEASES.findIndex((r) => r.version === version);
const releaseOf = (version: string) => APPLIANCE_RELEASES[releaseIndex(version)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A release's package: what a download keeps, verified by its digest before an install. */
const packageOf = (version: string) => {
  const body = JSON.stringify({ product: 'workbench appliance', ...releaseOf(version) });
  return { version, body, sha256: crypto.createHash('sha256').update(body).digest('hex') };
};

type Stored = Omit<UpdateState, 'rollback'> & { packages: Record<string, { body: string; sha256: string }> };

const factoryState = (): Stored => ({
  version: FACTORY_VERSION,
  active_slot: 1,
  slots: [{ slot_id: 1, version: FACTORY_VERSION, description: releaseOf(FACTORY_VERSION).description }],
  checked_at: null,
  available: [],
  check_reason: null,
  downloaded: [],
  packages: {},
  install: {
    state: 'idle',
    version: null,
    step: null,
    progress: 0,
    reason: null,
    enter_maintenance_mode: false,
    updated_at: null,
  },
});

/** The state as the API shows it: the rollback list has the Factory Reset entry at slot 0. */
const shown = (s: Stored): UpdateState => {
  const { packages: _p, ...rest } = s;
  return {
    ...rest,
    rollback: [{ ...FACTORY_RESET_SLOT }, ...s.slots.filter((slot) => slot.slot_id !== s.active_slot)],
  };
};

export const applianceLifecycleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { store, now } = app.workbench;
  const read = APPLIANCE_READ_ACCESS;
  const write = applianceWriteAccess;

  // Every change of the update row goes through this chain: one process, one writer at a time.
  let chain: Promise<unknown> = Promise.resolve();
  const loadUpdate = async () => {
    const row = await store.applianceSettings.get(UPDATE_ROW);
    return { row, state: row ? (row.data as unknown as Stored) : factoryState() };
  };
  const changeUpdate = <T>(by: string, change: (s: Stored) => T): Promise<{ state: Stored; result: T }> => {
    const next = chain.then(async () => {
      const { row, state } = await loadUpdate();
      const result = change(state);
      const at = new Date(Math.max(now().getTime(), row ? Date.parse(row.updatedAt) + 1 : 0)).toISOString();
      if (!(await store.applianceSettings.put(UPDATE_ROW, { ...state }, {}, at, by, row?.updatedAt ?? null)))
        throw new ApiHttpError(409, 'The update state changed meanwhile; try again.');
      return { state, result };
    });
    chain = next.catch(() => undefined);
    return next;
  };

  // A process that finds an install under way was stopped in the middle of it.
  const startState = (await loadUpdate()).state;
  if (startState.install.state === 'installing')
    await changeUpdate('system', (s) => {
      s.install = {
        ...s.install,
        state: 'failed',
        reason: UPDATE_MSGS.interrupted(
          String(s.install.version),
          String(s.install.step ?? INSTALL_STEPS[0]),
          s.version,
        ),
        updated_at: now().toISOString(),
      };
    });

  let installing: Promise<void> | null = null;
  app.addHook('onClose', async () => {
    await installing;
  });

  // --- Licence and registration ----------------------------------------------------------------

  const versionNow = async () => (await loadUpdate()).state.version;
  const check = async (license_string: string): Promise<LicenseCheckReply> => {
    const result = parseLicense(license_string, await versionNow(), now());
    return result.ok
      ? { ok: true, reason: null, license: result.license }
      : { ok: false, reason: result.reason, license: null };
  };

  app.post(
    PATHS.validateLicense,
    {
      config: read,
      schema: {
        tags,
        summary: 'Checks a licence string against this appliance (ok false with the reason); changes nothing',
        body: LicenseRequest,
        response: { 200: LicenseCheckReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => check(request.body.license_string),
  );

  const installedLicense = async (): Promise<InstalledLicense> => {
    const row = await store.applianceSettings.get(LICENSE_ROW);
    const text = typeof row?.secret.license_string === 'string' ? row.secret.license_string : null;
    if (!row || text === null) return { license: null, license_state: 'none', installed_at: null };
    // Read again now: a licence installed active may have expired since.
    const parsed = parseLicense(text, await versionNow(), now());
    const license: LicenseInfo | null = parsed.ok ? parsed.license : (parsed.license ?? null);
    return {
      license,
      license_state: license?.license_state ?? 'none',
      installed_at: String(row.data.installed_at ?? row.updatedAt),
    };
  };

  app.get(
    PATHS.license,
    {
      config: read,
      schema: {
        tags,
        summary: 'The licence this appliance holds, with its state now',
        response: { 200: InstalledLicense, ...errorResponses(401, 403) },
      },
    },
    async () => installedLicense(),
  );

  app.put(
    PATHS.license,
    {
      config: write('Installed a licence.'),
      schema: {
        tags,
        summary: 'Installs a licence string when it is valid (ok false with the reason, the old one kept)',
        body: LicenseRequest,
        response: { 200: LicenseCheckReply, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const result = await check(request.body.license_string);
      if (!result.ok) return result;
      const { username } = tenantSessionOf(request);
      const row = await store.applianceSettings.get(LICENSE_ROW);
      const at = new Date(Math.max(now().getTime(), row ? Date.parse(row.updatedAt) + 1 : 0)).toISOString();
      const { license_state: _s, ...fields } = result.license!;
      const stored = await store.applianceSettings.put(
        LICENSE_ROW,
        { ...fields, installed_at: at },
        { license_string: request.body.license_string },
        at,
        username,
        row?.updatedAt ?? null,
      );
      if (!stored) throw new ApiHttpError(409, 'The licence changed meanwhile; try again.');
      noteAudit(request, {
        object: 'licence',
        before: row ? { key_id: row.data.key_id } : null,
        after: { key_id: fields.key_id },
        details: `Installed the licence ${fields.key_id}.`,
      });
      return result;
    },
  );

  const registrationNow = async (): Promise<Registration> => {
    const row = await store.applianceSettings.get(REGISTRATION_ROW);
    if (!row || row.data.registered !== true)
      return {
        registered: false,
        organisation: null,
        contact_email: null,
        key_id: null,
        registered_at: null,
      };
    return {
      registered: true,
      organisation: String(row.data.organisation),
      contact_email: String(row.data.contact_email),
      key_id: String(row.data.key_id),
      registered_at: String(row.data.registered_at),
    };
  };

  app.get(
    PATHS.registration,
    {
      config: read,
      schema: {
        tags,
        summary: 'Who this appliance is registered to, under which licence key',
        response: { 200: Registration, ...errorResponses(401, 403) },
      },
    },
    async () => registrationNow(),
  );

  app.put(
    PATHS.registration,
    {
      config: write('Registered the appliance.'),
      schema: {
        tags,
        summary: 'Registers the appliance under its licence (409 without a valid one)',
        body: RegistrationRequest,
        response: { 200: Registration, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const license = (await installedLicense()).license;
      if (!license || license.license_state === 'expired' || license.license_state === 'none')
        throw new ApiHttpError(409, LICENSE_MSGS.registerFirst);
      const { username } = tenantSessionOf(request);
      const row = await store.applianceSettings.get(REGISTRATION_ROW);
      const at = new Date(Math.max(now().getTime(), row ? Date.parse(row.updatedAt) + 1 : 0)).toISOString();
      const data = { registered: true, ...request.body, key_id: license.key_id, registered_at: at };
      if (
        !(await store.applianceSettings.put(REGISTRATION_ROW, data, {}, at, username, row?.updatedAt ?? null))
      )
        throw new ApiHttpError(409, 'The registration changed meanwhile; try again.');
      noteAudit(request, {
        object: 'registration',
        before: row?.data ?? null,
        after: data,
        details: `Registered to ${request.body.organisation} under ${license.key_id}.`,
      });
      return registrationNow();
    },
  );

  // --- Updates ----------------------------------------------------------------------------------

  app.get(
    PATHS.update,
    {
      config: read,
      schema: {
        tags,
        summary:
          'The version running, the slots, the rollback list, the last check, downloads and the install',
        response: { 200: UpdateState, ...errorResponses(401, 403) },
      },
    },
    async () => shown((await loadUpdate()).state),
  );

  app.post(
    PATHS.updateCheck,
    {
      config: write('Checked for updates.'),
      schema: {
        tags,
        summary: 'Lists the releases newer than the one running (a reason when there is none)',
        response: { 200: UpdateCheckReply, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const { username } = tenantSessionOf(request);
      const { state } = await changeUpdate(username, (s) => {
        const from = releaseIndex(s.version);
        s.available = APPLIANCE_RELEASES.slice(from + 1).map((r) => ({ ...r }));
        s.check_reason = s.available.length === 0 ? UPDATE_MSGS.upToDate(s.version) : null;
        s.checked_at = now().toISOString();
      });
      noteAudit(request, { object: 'updates', details: state.check_reason ?? 'Newer releases found.' });
      return { available: state.available, reason: state.check_reason };
    },
  );

  /** The release `version` when it is one, newer than the running one; 400 naming version otherwise. */
  const newerRelease = (s: Stored, version: string) => {
    if (releaseIndex(version) < 0)
      throw new ApiHttpError(400, UPDATE_MSGS.unknownRelease(version), 'version');
    if (releaseIndex(version) <= releaseIndex(s.version))
      throw new ApiHttpError(400, UPDATE_MSGS.notNewer(version, s.version), 'version');
  };

  app.post(
    PATHS.updateDownload,
    {
      config: write('Downloaded an update.'),
      schema: {
        tags,
        summary: "Keeps a newer release's package on the appliance",
        body: UpdateDownloadRequest,
        response: { 200: UpdateState, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { username } = tenantSessionOf(request);
      const { version } = request.body;
      const { state } = await changeUpdate(username, (s) => {
        newerRelease(s, version);
        const pkg = packageOf(version);
        s.packages[version] = { body: pkg.body, sha256: pkg.sha256 };
        if (!s.downloaded.includes(version)) s.downloaded.push(version);
      });
      noteAudit(request, { object: version, details: `Downloaded ${version}.` });
      return shown(state);
    },
  );

  const runInstall = async (version: string, by: string, maintenance: boolean) => {
    const step = (name: (typeof INSTALL_STEPS)[number], done: number) =>
      changeUpdate(by, (s) => {
        s.install = {
          ...s.install,
          step: name,
          progress: Math.round((done / INSTALL_STEPS.length) * 100),
          updated_at: now().toISOString(),
        };
      });
    try {
      await step('verify', 0);
      const pkg = (await loadUpdate()).state.packages[version];
      if (!pkg || crypto.createHash('sha256').update(pkg.body).digest('hex') !== pkg.sha256)
        throw new Error(`The package of ${version} does not match its digest; download it again.`);
      await sleep(INSTALL_STEP_MS);
      await step('write_slot', 1);
      await sleep(INSTALL_STEP_MS);
      await step('switch_slot', 2);
      await sleep(INSTALL_STEP_MS);
      await changeUpdate(by, (s) => {
        const target = s.active_slot === 1 ? 2 : 1;
        s.slots = [
          ...s.slots.filter((slot) => slot.slot_id !== target),
          { slot_id: target, version, description: releaseOf(version).description },
        ].sort((a, b) => a.slot_id - b.slot_id);
        s.active_slot = target;
        s.version = version;
        s.available = s.available.filter((r) => releaseIndex(r.version) > releaseIndex(version));
        s.install = {
          ...s.install,
          state: 'installed',
          step: null,
          progress: 100,
          updated_at: now().toISOString(),
        };
      });
      // Maintenance mode was for the install; after a failure it stays on (half-installed).
      if (maintenance) await setMaintenanceMode(store, now, false, by);
    } catch (error) {
      await changeUpdate(by, (s) => {
        s.install = {
          ...s.install,
          state: 'failed',
          reason: error instanceof Error ? error.message : String(error),
          updated_at: now().toISOString(),
        };
      }).catch((e: unknown) => app.log.error({ err: e }, 'could not record a failed install'));
    }
  };

  app.post(
    PATHS.updateInstall,
    {
      config: write('Installed an update.'),
      schema: {
        tags,
        summary:
          'Installs a downloaded release into the slot not running (maintenance mode first when asked); 202, then polled',
        body: UpdateInstallRequest,
        response: { 202: UpdateState, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { username } = tenantSessionOf(request);
      const { version, enter_maintenance_mode = false } = request.body;
      const { state } = await changeUpdate(username, (s) => {
        if (s.install.state === 'installing')
          throw new ApiHttpError(409, UPDATE_MSGS.busy(String(s.install.version)));
        newerRelease(s, version);
        if (!s.downloaded.includes(version))
          throw new ApiHttpError(400, UPDATE_MSGS.notDownloaded(version), 'version');
        s.install = {
          state: 'installing',
          version,
          step: INSTALL_STEPS[0],
          progress: 0,
          reason: null,
          enter_maintenance_mode,
          updated_at: now().toISOString(),
        };
      });
      if (enter_maintenance_mode) await setMaintenanceMode(store, now, true, username);
      noteAudit(request, {
        object: version,
        details: `Installing ${version}${enter_maintenance_mode ? ' in maintenance mode' : ''}.`,
      });
      const run = runInstall(version, username, enter_maintenance_mode);
      installing = run;
      void run.finally(() => {
        if (installing === run) installing = null;
      });
      return reply.code(202).send(shown(state));
    },
  );

  app.post(
    PATHS.updateRollback,
    {
      config: write('Rolled back the software.'),
      schema: {
        tags,
        summary: 'Runs the software of another slot; slot 0 is the factory reset',
        body: UpdateRollbackRequest,
        response: { 200: UpdateState, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { username } = tenantSessionOf(request);
      const { slot_id } = request.body;
      if (slot_id === FACTORY_RESET_SLOT.slot_id) return factoryReset(username, request);
      const { state } = await changeUpdate(username, (s) => {
        if (s.install.state === 'installing')
          throw new ApiHttpError(409, UPDATE_MSGS.busy(String(s.install.version)));
        const slot = s.slots.find((x) => x.slot_id === slot_id);
        if (!slot) throw new ApiHttpError(400, UPDATE_MSGS.noSlot(slot_id), 'slot_id');
        if (slot_id === s.active_slot)
          throw new ApiHttpError(400, UPDATE_MSGS.activeSlot(slot_id), 'slot_id');
        s.active_slot = slot_id;
        s.version = slot.version;
        s.available = [];
        s.check_reason = null;
        s.checked_at = null;
      });
      noteAudit(request, {
        object: `slot ${slot_id}`,
        details: `Rolled back to ${state.version} (slot ${slot_id}).`,
      });
      return shown(state);
    },
  );

  const factoryReset = async (username: string, request: Parameters<typeof noteAudit>[0]) => {
    const { state } = await changeUpdate(username, (s) => {
      if (s.install.state === 'installing')
        throw new ApiHttpError(409, UPDATE_MSGS.busy(String(s.install.version)));
      Object.assign(s, factoryState());
    });
    await clearRow(store, LICENSE_ROW, username, now);
    await clearRow(store, REGISTRATION_ROW, username, now);
    noteAudit(request, { object: 'factory reset', details: `Factory reset to ${FACTORY_VERSION}.` });
    return shown(state);
  };

  app.post(
    PATHS.factoryReset,
    {
      config: write('Reset the appliance to its factory image.'),
      schema: {
        tags,
        summary: 'The factory image in slot 1, no other slot, no download, no licence, no registration',
        response: { 200: UpdateState, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => factoryReset(tenantSessionOf(request).username, request),
  );
};

/** Empties a row (the store keeps no deletes for these): an absent licence or registration. */
async function clearRow(store: ConfigStore, key: string, by: string, now: () => Date): Promise<void> {
  const row = await store.applianceSettings.get(key);
  if (!row) return;
  const at = new Date(Math.max(now().getTime(), Date.parse(row.updatedAt) + 1)).toISOString();
  await store.applianceSettings.put(key, {}, {}, at, by, row.updatedAt);
}

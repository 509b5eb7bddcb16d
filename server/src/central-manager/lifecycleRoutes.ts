/**
 * The manager's licence, registration and update calls on one managed system
 * (docs/central-manager.md §8, §9), each on the appliance's own API after its pin is checked.
 *
 * Licences: validate_license and the licence read wait LICENSE_TIMEOUT_MS (60 s); a check the
 * appliance cannot answer is "license check failure" with the appliance's reason; a licence set
 * whose answer's ok is false changes nothing and answers that reason.
 * Updates are jobs (one target, its progress): check fails when its result has a reason;
 * download; install (enter_maintenance_mode) waits for the appliance to finish, through a reboot
 * or a kill: an appliance that comes back with the install failed gives that reason, one that
 * does not come back within UPDATE_INSTALL_TIMEOUT_MS fails the job, so none stays in progress;
 * rollback (slot 0 is the factory reset) and factory reset.
 */
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ACTION_TIMEOUT_MS,
  APPLIANCE_LIFECYCLE_PATHS as APPLIANCE,
  CM_LIFECYCLE_PATHS as PATHS,
  CM_MSGS as MSGS,
  IdParams,
  InstalledLicense,
  JobCreated,
  LICENSE_TIMEOUT_MS,
  LicenseCheckReply,
  LicenseRequest,
  Registration,
  RegistrationRequest,
  STATUS_TIMEOUT_MS,
  UPDATE_INSTALL_TIMEOUT_MS,
  UPDATE_MSGS,
  UpdateDownloadRequest,
  UpdateInstallRequest,
  UpdateRollbackRequest,
  UpdateState,
  type ManagedSystem,
} from '@workbench/common/api/contract/centralManager';
import type { FleetRecord } from '../store/repositories/managedFleet';
import { ApiHttpError, errorResponses } from '../http/errors';
import { noteAudit } from '../audit/auditTrail';
import { ApplianceFault, type ApplianceClient } from './applianceClient';
import type { FleetJobs } from './fleetJobs';

/** What the manager's plugin lends these routes (centralManagerRoutes.ts). */
export interface FleetRouteKit {
  jobs: FleetJobs;
  tags: string[];
  read: FastifyContextConfig;
  write: (action: string, what: string) => FastifyContextConfig;
  systemOr404: (id: string) => Promise<FleetRecord>;
  pinned: (r: FleetRecord, timeoutMs: number) => Promise<ApplianceClient>;
  /** Keeps a fault the appliance showed as its state. */
  noteFault: (r: FleetRecord, fault: ApplianceFault) => Promise<void>;
  probe: (r: FleetRecord) => Promise<ManagedSystem>;
}

const POLL_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const licenseFailure = (why: string) => `${MSGS.licenseCheck}: ${why}`;

/**
 * A call on a managed appliance after its pin is checked; a fault is kept as its state and answered
 * 502 with its reason (400 when the appliance refused the input, in its own words naming the field).
 */
export const applianceCallOf =
  (kit: Pick<FleetRouteKit, 'pinned' | 'noteFault'>) =>
  async <T>(
    r: FleetRecord,
    timeoutMs: number,
    method: string,
    pathname: string,
    body?: unknown,
    failure: (why: string) => string = (why) => why,
  ): Promise<T> => {
    try {
      return await (await kit.pinned(r, timeoutMs)).call<T>(method, pathname, timeoutMs, body);
    } catch (error) {
      if (!(error instanceof ApplianceFault)) throw error;
      // A refusal of the input is no fault of the appliance's state.
      if (error.status !== 400) await kit.noteFault(r, error);
      throw new ApiHttpError(error.status === 400 ? 400 : 502, failure(error.message));
    }
  };

export const lifecycleRoutes =
  (kit: FleetRouteKit): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { jobs, tags, read, write, systemOr404, pinned, noteFault } = kit;

    const onAppliance = applianceCallOf(kit);

    // --- Licences and registration ------------------------------------------------------------

    const licenseCall = async (r: FleetRecord, method: string, pathname: string, body: unknown) => {
      try {
        return await (
          await pinned(r, LICENSE_TIMEOUT_MS)
        ).call<LicenseCheckReply>(method, pathname, LICENSE_TIMEOUT_MS, body);
      } catch (error) {
        if (!(error instanceof ApplianceFault)) throw error;
        await noteFault(r, error);
        return { ok: false, reason: licenseFailure(error.message), license: null };
      }
    };

    app.post(
      PATHS.validateLicense,
      {
        config: read,
        schema: {
          tags,
          summary:
            "validate_license: the appliance checks a licence string (ok false with the reason; 'license check failure' when it cannot say)",
          params: IdParams,
          body: LicenseRequest,
          response: { 200: LicenseCheckReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        licenseCall(await systemOr404(request.params.id), 'POST', APPLIANCE.validateLicense, request.body),
    );

    app.get(
      PATHS.license,
      {
        config: read,
        schema: {
          tags,
          summary: "The licence the appliance holds ('license check failure', 502, when it cannot say)",
          params: IdParams,
          response: { 200: InstalledLicense, ...errorResponses(401, 403, 404, 502) },
        },
      },
      async (request) =>
        onAppliance<InstalledLicense>(
          await systemOr404(request.params.id),
          LICENSE_TIMEOUT_MS,
          'GET',
          APPLIANCE.license,
          undefined,
          licenseFailure,
        ),
    );

    app.put(
      PATHS.license,
      {
        config: write('update', 'Set the licence of an appliance.'),
        schema: {
          tags,
          summary: 'Sets the licence on the appliance; ok false with the reason changes nothing',
          params: IdParams,
          body: LicenseRequest,
          response: { 200: LicenseCheckReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const answer = await licenseCall(r, 'PUT', APPLIANCE.license, request.body);
        noteAudit(request, {
          object: String(r.data.name),
          details: answer.ok
            ? `Set the licence ${answer.license?.key_id ?? ''} on ${String(r.data.name)}.`
            : `The licence set on ${String(r.data.name)} failed: ${answer.reason ?? ''}`,
        });
        return answer;
      },
    );

    app.get(
      PATHS.reg,
      {
        config: read,
        schema: {
          tags,
          summary: 'Registration info of the appliance',
          params: IdParams,
          response: { 200: Registration, ...errorResponses(401, 403, 404, 502) },
        },
      },
      async (request) =>
        onAppliance<Registration>(
          await systemOr404(request.params.id),
          ACTION_TIMEOUT_MS,
          'GET',
          APPLIANCE.registration,
        ),
    );

    app.put(
      PATHS.reg,
      {
        config: write('update', 'Registered an appliance.'),
        schema: {
          tags,
          summary: 'Registers the appliance under its licence (409 from it without a valid one, as 502)',
          params: IdParams,
          body: RegistrationRequest,
          response: { 200: Registration, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const answer = await onAppliance<Registration>(
          r,
          ACTION_TIMEOUT_MS,
          'PUT',
          APPLIANCE.registration,
          request.body,
        );
        noteAudit(request, {
          object: String(r.data.name),
          after: answer,
          details: `Registered ${String(r.data.name)} to ${request.body.organisation}.`,
        });
        return answer;
      },
    );

    // --- Updates ------------------------------------------------------------------------------

    app.get(
      PATHS.updates,
      {
        config: read,
        schema: {
          tags,
          summary: 'The version, slots, rollback list (Factory Reset at slot 0), last check and install',
          params: IdParams,
          response: { 200: UpdateState, ...errorResponses(401, 403, 404, 502) },
        },
      },
      async (request) =>
        onAppliance<UpdateState>(
          await systemOr404(request.params.id),
          ACTION_TIMEOUT_MS,
          'GET',
          APPLIANCE.update,
        ),
    );

    /** One call on the appliance as a job's target: its fault (or the check's reason) fails it. */
    const callTarget = async (r: FleetRecord, pathname: string, body?: unknown) => {
      try {
        return await (
          await pinned(r, ACTION_TIMEOUT_MS)
        ).call<unknown>('POST', pathname, ACTION_TIMEOUT_MS, body);
      } catch (error) {
        if (error instanceof ApplianceFault) {
          if (error.status === null) await noteFault(r, error);
          throw new Error(error.message, { cause: error });
        }
        throw error;
      }
    };

    /** Starts a one-target job on the appliance and notes it in the audit trail. */
    const startJob = async (
      request: Parameters<typeof noteAudit>[0],
      r: FleetRecord,
      kind: string,
      details: string,
      run: (progress: (percent: number) => Promise<void>) => Promise<void>,
    ) => {
      const job_id = await jobs.start(kind, [{ id: r.id, name: String(r.data.name), run }]);
      noteAudit(request, { object: String(r.data.name), details });
      return { job_id };
    };

    const jobRoute = (
      path: string,
      kind: string,
      what: string,
      summary: string,
      body: typeof UpdateDownloadRequest | typeof UpdateInstallRequest | typeof UpdateRollbackRequest | null,
      work: (
        r: FleetRecord,
        body: Record<string, unknown>,
      ) => { details: string; run: (progress: (percent: number) => Promise<void>) => Promise<void> },
    ) =>
      app.post(
        path,
        {
          config: write('update', what),
          schema: {
            tags,
            summary,
            params: IdParams,
            ...(body ? { body } : {}),
            response: { 200: JobCreated, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const r = await systemOr404((request.params as { id: string }).id);
          const { details, run } = work(r, (request.body ?? {}) as Record<string, unknown>);
          return startJob(request, r, kind, details, run);
        },
      );

    jobRoute(
      PATHS.updateCheck,
      'update_check',
      'Checked an appliance for updates.',
      'A job: the appliance lists the newer releases; it fails with the reason when there is none',
      null,
      (r) => ({
        details: `Checked ${String(r.data.name)} for updates.`,
        run: async () => {
          const result = (await callTarget(r, APPLIANCE.updateCheck)) as { reason: string | null };
          if (result.reason) throw new Error(result.reason);
        },
      }),
    );

    jobRoute(
      PATHS.updateDownload,
      'update_download',
      'Downloaded an update on an appliance.',
      "A job: the appliance keeps a newer release's package",
      UpdateDownloadRequest,
      (r, body) => ({
        details: `Downloading ${String(body.version)} on ${String(r.data.name)}.`,
        run: async () => {
          await callTarget(r, APPLIANCE.updateDownload, { version: body.version });
        },
      }),
    );

    /** Polls the appliance until its install of `version` ended; through its silence while it reboots. */
    const installEnd = async (r: FleetRecord, version: string, progress: (p: number) => Promise<void>) => {
      const until = Date.now() + UPDATE_INSTALL_TIMEOUT_MS;
      for (;;) {
        await sleep(POLL_MS);
        try {
          const state = await (
            await pinned(r, STATUS_TIMEOUT_MS)
          ).call<UpdateState>('GET', APPLIANCE.update, STATUS_TIMEOUT_MS);
          if (state.install.version === version) {
            if (state.install.state === 'installed') return;
            if (state.install.state === 'failed')
              throw new Error(state.install.reason ?? MSGS.appliance(200, 'failed'));
            await progress(state.install.progress);
          }
        } catch (error) {
          if (!(error instanceof ApplianceFault)) throw error;
          if (error.state === 'certificate_changed') {
            await noteFault(r, error);
            throw new Error(error.message, { cause: error });
          }
          // Down or slow: rebooting, killed and starting again; asked again until the deadline.
        }
        if (Date.now() > until)
          throw new Error(
            UPDATE_MSGS.noComeBack(String(r.data.name), Math.round(UPDATE_INSTALL_TIMEOUT_MS / 1000)),
          );
      }
    };

    jobRoute(
      PATHS.updateInstall,
      'update_install',
      'Installed an update on an appliance.',
      'A job: the appliance installs a downloaded release (maintenance mode first when asked); ends when it did or failed',
      UpdateInstallRequest,
      (r, body) => ({
        details: `Installing ${String(body.version)} on ${String(r.data.name)}${body.enter_maintenance_mode ? ' in maintenance mode' : ''}.`,
        run: async (progress) => {
          await progress(0);
          await callTarget(r, APPLIANCE.updateInstall, body);
          await installEnd(r, String(body.version), progress);
          await kit.probe(r);
        },
      }),
    );

    jobRoute(
      PATHS.updateRollback,
      'update_rollback',
      'Rolled back the software of an appliance.',
      'A job: the appliance runs the software of another slot; slot 0 is the factory reset',
      UpdateRollbackRequest,
      (r, body) => ({
        details: `Rolling ${String(r.data.name)} back to slot ${String(body.slot_id)}.`,
        run: async () => {
          await callTarget(r, APPLIANCE.updateRollback, { slot_id: body.slot_id });
        },
      }),
    );

    jobRoute(
      PATHS.factoryReset,
      'factory_reset',
      'Reset an appliance to its factory image.',
      'A job: the appliance returns to its factory image (no other slot, download, licence or registration)',
      null,
      (r) => ({
        details: `Factory reset of ${String(r.data.name)}.`,
        run: async () => {
          await callTarget(r, APPLIANCE.factoryReset);
        },
      }),
    );
  };

/**
 * Scheduled actions of a managed system (docs/central-manager.md §10): a restart, reboot or shutdown
 * at a time to come, kept in managed_fleet (kind `schedule`). The station looks every second for
 * the ones due and starts each as the same job an administrator's click starts; the schedule then
 * names its job. One due while the station was not running is not run late (an unexpected reboot
 * hours after its window is worse than none): the next start marks it missed with that reason.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CM_SCHEDULE_PATHS as PATHS,
  IdParams,
  SCHEDULE_MAX_AHEAD_DAYS,
  SCHEDULE_MSGS as MSGS,
  ScheduleList,
  ScheduleParams,
  ScheduleRequest,
  ScheduledAction,
  type SystemAction,
} from '@workbench/common/api/contract/centralManager';
import type { FleetRecord } from '../store/repositories/managedFleet';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import type { FleetRouteKit } from './lifecycleRoutes';

/** How often the station looks for due actions. */
const TICK_MS = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const scheduleRoutes =
  (
    kit: FleetRouteKit & { startSystemAction: (r: FleetRecord, action: SystemAction) => Promise<string> },
  ): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const { store, now } = app.workbench;
    const { tags, read, write, systemOr404 } = kit;

    const scheduleOf = (r: FleetRecord) => ({ id: r.id, ...(r.data as Omit<ScheduledAction, 'id'>) });
    /** Writes `s` over the row read as `r` unless another writer (a replica, a cancel) came first. */
    const change = (r: FleetRecord, s: ScheduledAction) => {
      const { id, ...data } = s;
      return store.managedFleet.replaceIfUnchanged('schedule', id, data, now(), r.updatedAt);
    };
    const pending = async () =>
      (await store.managedFleet.list('schedule')).filter((r) => r.data.status === 'scheduled');

    // Those due while the station was not running are missed, not run late.
    for (const r of await pending()) {
      const s = scheduleOf(r);
      if (Date.parse(s.at) <= now().getTime())
        await change(r, { ...s, status: 'missed', reason: MSGS.missed(s.at) });
    }

    let ticking = false;
    const tick = async () => {
      if (ticking) return;
      ticking = true;
      try {
        for (const r of await pending()) {
          const s = scheduleOf(r);
          if (Date.parse(s.at) > now().getTime()) continue;
          const system = await store.managedFleet.get('system', s.system_id);
          if (!system) {
            await change(r, { ...s, status: 'missed', reason: 'The system is no longer managed.' });
            continue;
          }
          // Claimed first: of two stations' ticks (or a tick and a cancel) one wins, none runs it twice.
          if (!(await change(r, { ...s, status: 'started' }))) continue;
          const job_id = await kit.startSystemAction(system, s.action as SystemAction);
          const claimed = await store.managedFleet.get('schedule', s.id);
          if (claimed) await change(claimed, { ...s, status: 'started', job_id });
        }
      } catch (error) {
        app.log.error({ err: error }, 'scheduled actions could not be started');
      } finally {
        ticking = false;
      }
    };
    const timer = setInterval(() => void tick(), TICK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    app.get(
      PATHS.schedules,
      {
        config: read,
        schema: {
          tags,
          summary: 'The scheduled actions of a managed system, soonest first',
          params: IdParams,
          response: { 200: ScheduleList, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const schedules = (await store.managedFleet.list('schedule'))
          .map(scheduleOf)
          .filter((s) => s.system_id === r.id)
          .sort((a, b) => a.at.localeCompare(b.at));
        return { schedules };
      },
    );

    app.post(
      PATHS.schedules,
      {
        config: write('create', 'Scheduled an action on an appliance.'),
        schema: {
          tags,
          summary: 'Schedules a restart, reboot or shutdown of the system at a time to come',
          params: IdParams,
          body: ScheduleRequest,
          response: { 200: ScheduledAction, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const at = Date.parse(request.body.at);
        if (at <= now().getTime()) throw new ApiHttpError(400, MSGS.past, 'at');
        if (at > now().getTime() + SCHEDULE_MAX_AHEAD_DAYS * DAY_MS)
          throw new ApiHttpError(400, MSGS.tooFar, 'at');
        const s: ScheduledAction = {
          id: crypto.randomUUID(),
          system_id: r.id,
          action: request.body.action,
          at: new Date(at).toISOString(),
          status: 'scheduled',
          job_id: null,
          reason: null,
          created_by: tenantSessionOf(request).username,
          created_at: now().toISOString(),
        };
        const { id, ...data } = s;
        await store.managedFleet.put('schedule', id, data, null, s.created_at);
        noteAudit(request, {
          object: String(r.data.name),
          after: data,
          details: `Scheduled a ${s.action} of ${String(r.data.name)} at ${s.at}.`,
        });
        return s;
      },
    );

    app.delete(
      PATHS.schedule,
      {
        config: write('delete', 'Cancelled a scheduled action.'),
        schema: {
          tags,
          summary: 'Cancels a scheduled action that has not started (kept, cancelled)',
          params: ScheduleParams,
          response: { 200: ScheduledAction, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const r = await systemOr404(request.params.id);
        const row = await store.managedFleet.get('schedule', request.params.schedule_id);
        if (!row || row.data.system_id !== r.id) throw new ApiHttpError(404, MSGS.notFound, 'schedule_id');
        const s = scheduleOf(row);
        const cancelled = { ...s, status: 'cancelled' as const };
        if (s.status !== 'scheduled' || !(await change(row, cancelled))) {
          const latest = await store.managedFleet.get('schedule', s.id);
          throw new ApiHttpError(409, MSGS.notPending(String(latest?.data.status ?? s.status)));
        }
        noteAudit(request, {
          object: String(r.data.name),
          details: `Cancelled the ${s.action} of ${String(r.data.name)} at ${s.at}.`,
        });
        return cancelled;
      },
    );
  };

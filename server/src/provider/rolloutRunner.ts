/**
 * Staged rollouts in the background (providerRollouts.ts), kept as the node-action jobs are
 * (jobRunner.ts): a rollout is a row of the config store (`rollouts`) with every tenant's status,
 * so it is there after a restart, and a tick moves every running rollout whose next wave is due,
 * reading the injected clock (tests move a TestClock and call tick(); the server ticks on a short
 * timer).
 *
 * A wave is the tenants of the lowest wave number still pending, applied one by one, each tenant
 * recorded as it is done (so a restart mid-wave leaves a true record). The first tenant that
 * fails ends the rollout failed with its reason; the rest of the wave is left pending. After a
 * wave the next waits `pause_seconds`. Resume puts the failed tenants back to pending and goes
 * on; rollback restores the recorded before-values of the applied tenants, newest first.
 *
 * Restarts: a rollout running when its server stopped is left paused with
 * ROLLOUT_INTERRUPTED_REASON (the operator resumes it), never running without a runner.
 *
 * Audit: what the waves do is written to the provider's trail as the operator who started (or
 * resumed) the rollout, one event per tenant with its before and after, into the event outbox in
 * the transaction that changes the tenant and records it (audit/README.md "The outbox").
 */
import crypto from 'node:crypto';
import {
  ROLLOUT_INTERRUPTED_REASON,
  TENANT_GONE_REASON,
  tenantFailedMessage,
  type Rollout,
  type RolloutCreateBody,
  type RolloutCounts,
  type RolloutState,
  type RolloutSummary,
  type RolloutTenant,
} from '@workbench/common/api/contract/providerRollouts';
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import type { NewEvent } from '../events/eventStore';
import { outboxRowsOf, type OutboxForwarder } from '../events/eventOutbox';
import { PROVIDER_AUDIT_TID, stateText } from '../audit/auditTrail';
import { TenantChangeError, applyChange, rollBackChange } from './rolloutChanges';
import { ROLLOUT_ENTITY } from './entityChecks';

export { ROLLOUT_ENTITY };
/** How often the server looks for a due wave. */
export const ROLLOUT_TICK_MS = 250;

/** A rollout as stored: the reply's fields and who runs it (the trail's user of its waves). */
export interface StoredRollout extends Omit<Rollout, 'counts' | 'waves' | 'waves_done'> {
  run_by: string;
  /** Where the operator who runs it called from (the trail's src_ip). */
  run_from: string | null;
}

export function countsOf(tenants: readonly RolloutTenant[]): RolloutCounts {
  const counts: RolloutCounts = { pending: 0, applied: 0, failed: 0, rolled_back: 0 };
  for (const t of tenants) counts[t.status] += 1;
  return counts;
}

export function summaryOf(r: StoredRollout): RolloutSummary {
  const { tenants, run_by: _by, run_from: _from, ...rest } = r;
  const waves = tenants.reduce((n, t) => Math.max(n, t.wave), 0);
  let wavesDone = 0;
  for (let w = 1; w <= waves; w += 1) {
    if (tenants.filter((t) => t.wave === w).every((t) => t.status === 'applied')) wavesDone = w;
    else break;
  }
  return { ...rest, waves, waves_done: wavesDone, counts: countsOf(tenants) };
}

export const rolloutReply = (r: StoredRollout): Rollout => ({ ...summaryOf(r), tenants: r.tenants });

/** The wave of the tenant at `index` of the list (1-based). */
export const waveOf = (index: number, waveSize: number): number => Math.floor(index / waveSize) + 1;

/** Records a rollout's new state (RolloutRunner.put, or a route's put with its audit event). */
export type RolloutSave = (next: StoredRollout) => Promise<void>;

export interface RolloutRunnerOptions {
  store: ConfigStore;
  now: () => Date;
  /**
   * The event outbox's forwarder, on a server with an event store: the waves' audit events are
   * written to the outbox in the transaction of their change.
   */
  outbox?: () => OutboxForwarder | undefined;
  /** Without an outbox: who hears the waves' audit events (a test's listener), after the change. */
  audit?: () => ((events: readonly NewEvent[]) => Promise<unknown>) | undefined;
  onError?: (error: unknown) => void;
}

export class RolloutRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RolloutRunnerOptions) {}

  private get store() {
    return this.options.store;
  }
  private nowIso() {
    return this.options.now().toISOString();
  }

  async get(id: string): Promise<StoredRollout | null> {
    const r = await this.store.entities.get(ROLLOUT_ENTITY, id);
    return r ? (r.data as unknown as StoredRollout) : null;
  }

  async all(): Promise<StoredRollout[]> {
    const page = await this.store.entities.list(ROLLOUT_ENTITY, {
      limit: 10_000,
      offset: 0,
      sort: 'created_at',
      order: 'asc',
      searchFields: [],
    });
    return page.records.map((r) => r.data as unknown as StoredRollout);
  }

  private readonly save: RolloutSave = (r) => this.put(r);

  async put(r: StoredRollout, insert = false, store: ConfigStore = this.store): Promise<void> {
    const at = this.nowIso();
    const record: EntityRecord = {
      entity: ROLLOUT_ENTITY,
      id: r.id,
      data: r as unknown as Record<string, unknown>,
      createdAt: r.created_at,
      updatedAt: at,
    };
    if (insert) await store.entities.insert(record);
    else await store.entities.update(record);
  }

  /** Records a new draft rollout over the resolved tenants. */
  async create(
    body: RolloutCreateBody,
    tenants: readonly { tid: string; name: string; changes: RolloutTenant['changes'] }[],
    by: string,
    store: ConfigStore = this.store,
  ): Promise<StoredRollout> {
    const r: StoredRollout = {
      id: crypto.randomUUID(),
      name: body.name.trim(),
      change: body.change,
      target: body.target,
      wave_size: body.wave_size,
      pause_seconds: body.pause_seconds,
      state: 'draft',
      reason: null,
      created_at: this.nowIso(),
      created_by: by,
      started_at: null,
      ended_at: null,
      next_wave_at: null,
      run_by: by,
      run_from: null,
      tenants: tenants.map((t, i) => ({
        tid: t.tid,
        name: t.name,
        wave: waveOf(i, body.wave_size),
        status: 'pending',
        reason: null,
        changes: t.changes,
        applied_at: null,
        rolled_back_at: null,
      })),
    };
    await this.put(r, true, store);
    return r;
  }

  /**
   * Start (draft) or resume (paused, stopped, failed): the next wave is due now. `save` records
   * the rollout's new state (a route passes one that writes its audit event in the same
   * transaction); so do stop's and rollBack's.
   */
  async run(
    r: StoredRollout,
    by: string,
    from: string | null,
    save: RolloutSave = this.save,
  ): Promise<StoredRollout> {
    const next: StoredRollout = {
      ...r,
      state: 'running',
      reason: null,
      started_at: r.started_at ?? this.nowIso(),
      ended_at: null,
      next_wave_at: this.nowIso(),
      run_by: by,
      run_from: from,
      // A failed tenant is tried again (the operator has fixed what stopped it).
      tenants: r.tenants.map((t) => (t.status === 'failed' ? { ...t, status: 'pending', reason: null } : t)),
    };
    await save(next);
    return next;
  }

  async stop(r: StoredRollout, save: RolloutSave = this.save): Promise<StoredRollout> {
    const next: StoredRollout = { ...r, state: 'stopped', next_wave_at: null, ended_at: this.nowIso() };
    await save(next);
    return next;
  }

  /**
   * Writes the events through `tx`, the transaction of their change, when the server has an
   * outbox; answers what to do once it committed (nudge the forwarder, or hand the events to a
   * listener on a server without an event store).
   */
  private async auditEvents(
    tx: ConfigStore,
    r: StoredRollout,
    entries: { object: string; before: unknown; after: unknown; details: string; action: string }[],
  ): Promise<() => Promise<void>> {
    const done = async () => undefined;
    if (entries.length === 0) return done;
    const time = this.options.now().getTime();
    const events: NewEvent[] = entries.map((e) => ({
      tid: PROVIDER_AUDIT_TID,
      logType: 'scan_audit',
      time,
      fields: {
        userid: r.run_by,
        audit_action: e.action,
        sub_event_type: 'tenants',
        details: e.details,
        object: e.object,
        before: stateText(e.before),
        after: stateText(e.after),
        src_ip: r.run_from,
        user_agent: 'rollout runner',
      },
    }));
    const outbox = this.options.outbox?.();
    if (outbox) {
      await tx.eventOutbox.insert(outboxRowsOf(events, time));
      return async () => outbox.nudge();
    }
    const sink = this.options.audit?.();
    if (!sink) return done;
    return async () => {
      try {
        await sink(events);
      } catch (error) {
        this.options.onError?.(error);
      }
    };
  }

  /** Rolls back the applied tenants (newest first); a tenant that cannot be keeps its reason. */
  async rollBack(
    r: StoredRollout,
    by: string,
    from: string | null,
    save: RolloutSave = this.save,
  ): Promise<StoredRollout> {
    const at = this.options.now();
    const tenants = r.tenants.map((t) => ({ ...t }));
    const order = tenants
      .filter((t) => t.status === 'applied')
      .sort((a, b) => String(b.applied_at).localeCompare(String(a.applied_at)));
    const runBy = { ...r, run_by: by, run_from: from };
    for (const t of order) {
      try {
        // Each tenant's rollback and its audit event: one transaction.
        const committed = await this.store.transaction(async (tx) => {
          await rollBackChange(tx, r.change, t.tid, t.changes, at, by, `Rollback of the rollout ${r.name}`);
          return this.auditEvents(tx, runBy, [
            {
              object: t.name,
              before: Object.fromEntries(t.changes.map((d) => [d.item, d.after])),
              after: Object.fromEntries(t.changes.map((d) => [d.item, d.before])),
              details: `Rolled back the rollout ${r.name} on ${t.name}.`,
              action: 'rollback',
            },
          ]);
        });
        await committed();
        t.status = 'rolled_back';
        t.reason = null;
        t.rolled_back_at = at.toISOString();
      } catch (e) {
        t.reason = e instanceof TenantChangeError ? e.message : TENANT_GONE_REASON;
      }
    }
    const next: StoredRollout = {
      ...r,
      tenants,
      state: 'rolled_back',
      next_wave_at: null,
      ended_at: at.toISOString(),
      run_by: by,
      run_from: from,
    };
    await save(next);
    return next;
  }

  /**
   * Applies the change to one tenant of the rollout now (a wave's step, or rolloutinit): records
   * its outcome; answers the tenant as recorded.
   */
  async applyTenant(
    r: StoredRollout,
    tid: string,
    by: string,
    from: string | null,
  ): Promise<{ rollout: StoredRollout; tenant: RolloutTenant }> {
    const at = this.options.now();
    const index = r.tenants.findIndex((t) => t.tid === tid);
    const current = r.tenants[index];
    const recorded = (tenant: RolloutTenant): StoredRollout => ({
      ...r,
      tenants: r.tenants.map((t, i) => (i === index ? tenant : t)),
    });
    try {
      // The tenant's change, the rollout's record of it and its audit event: one transaction.
      const { rollout, tenant, committed } = await this.store.transaction(async (tx) => {
        const changes = await applyChange(tx, r.change, tid, at, by, `Rollout ${r.name}`);
        const applied: RolloutTenant = {
          ...current,
          status: 'applied',
          reason: null,
          changes,
          applied_at: at.toISOString(),
        };
        const next = recorded(applied);
        await this.put(next, false, tx);
        const after = await this.auditEvents(tx, { ...next, run_by: by, run_from: from }, [
          {
            object: applied.name,
            before: Object.fromEntries(changes.map((d) => [d.item, d.before])),
            after: Object.fromEntries(changes.map((d) => [d.item, d.after])),
            details: `Applied the rollout ${r.name} to ${applied.name} (wave ${applied.wave}).`,
            action: 'update',
          },
        ]);
        return { rollout: next, tenant: applied, committed: after };
      });
      await committed();
      return { rollout, tenant };
    } catch (e) {
      if (!(e instanceof TenantChangeError)) throw e;
      const tenant: RolloutTenant = { ...current, status: 'failed', reason: e.message };
      const rollout = recorded(tenant);
      await this.put(rollout);
      return { rollout, tenant };
    }
  }

  /** Runs the rollout's next wave: stops at the first failure; completes after the last wave. */
  private async wave(start: StoredRollout): Promise<void> {
    let r = start;
    const pending = r.tenants.filter((t) => t.status === 'pending');
    if (pending.length === 0) {
      await this.put({ ...r, state: 'completed', next_wave_at: null, ended_at: this.nowIso() });
      return;
    }
    const wave = Math.min(...pending.map((t) => t.wave));
    for (const t of pending.filter((p) => p.wave === wave)) {
      // Stopped (or rolled back) by the operator while this wave ran: no further tenant.
      const fresh = await this.get(r.id);
      if (!fresh || fresh.state !== 'running') return;
      const { rollout, tenant } = await this.applyTenant(fresh, t.tid, fresh.run_by, fresh.run_from);
      r = rollout;
      if (tenant.status === 'failed') {
        await this.put({
          ...r,
          state: 'failed',
          reason: tenantFailedMessage(tenant.name, tenant.reason ?? ''),
          next_wave_at: null,
          ended_at: this.nowIso(),
        });
        return;
      }
    }
    const left = r.tenants.some((t) => t.status === 'pending');
    const at = this.options.now();
    await this.put(
      left
        ? { ...r, next_wave_at: new Date(at.getTime() + r.pause_seconds * 1000).toISOString() }
        : { ...r, state: 'completed', next_wave_at: null, ended_at: at.toISOString() },
    );
  }

  private async inState(state: RolloutState): Promise<StoredRollout[]> {
    return (await this.all()).filter((r) => r.state === state);
  }

  /** Runs the wave of every running rollout whose next wave is due; answers how many ran. */
  async tick(): Promise<number> {
    const now = this.options.now().getTime();
    let moved = 0;
    for (const r of await this.inState('running')) {
      if (r.next_wave_at !== null && Date.parse(r.next_wave_at) > now) continue;
      await this.wave(r);
      moved += 1;
    }
    return moved;
  }

  /** Leaves paused, with the reason, every rollout a previous server left running. */
  async pauseInterrupted(): Promise<string[]> {
    const ids: string[] = [];
    for (const r of await this.inState('running')) {
      await this.put({ ...r, state: 'paused', reason: ROLLOUT_INTERRUPTED_REASON, next_wave_at: null });
      ids.push(r.id);
    }
    return ids;
  }

  private kick(): void {
    this.running = this.running
      .then(() => this.tick())
      .catch((error: unknown) => this.options.onError?.(error));
  }

  /** Serialises a request's change with the waves (one writer of a rollout at a time). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.running.then(work);
    this.running = result.catch(() => undefined);
    return result;
  }

  startTimer(): void {
    this.timer = setInterval(() => this.kick(), ROLLOUT_TICK_MS);
    this.timer.unref();
  }

  async stopTimer(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

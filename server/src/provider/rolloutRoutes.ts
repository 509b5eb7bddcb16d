/**
 * Staged rollouts (docs/provider-console.md §1 ops/rollout areas; §6 Provider console: rolloutinit,
 * tenantpolicyinit, ops/rollout deployments and tenants; issue 14). Reads need `tenants:*:read`
 * (operators and support), writes `tenants:*:write` (a rollout changes tenants: operators only,
 * support 403, a tenant session 401). Every write goes to the provider's audit trail: the routes
 * by their declaration (before and after noted), the waves by the runner (rolloutRunner.ts).
 */
import {
  firstObsolete,
  firstUnknown,
  UNKNOWN_CAPABILITY,
  obsoleteCapabilityMessage,
} from '@workbench/common/api/contract/providerCapabilityStates';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  EMPTY_CHANGE,
  NO_TARGET_TENANTS,
  ROLLOUTS_PATH,
  ROLLOUT_DEPLOYMENTS_PATH,
  ROLLOUT_NOT_FOUND,
  ROLLOUT_PREVIEW_PATH,
  ROLLOUT_RESUMABLE_STATES,
  ROLLOUT_ROLLBACK_STATES,
  ROLLOUT_TENANTS_PATH,
  Rollout,
  RolloutCreateBody,
  RolloutDeployments,
  RolloutInitBody,
  RolloutList,
  RolloutListQuery,
  RolloutPreview,
  RolloutPreviewBody,
  RolloutPreviewQuery,
  RolloutTenant,
  RolloutTenantChoices,
  TenantPolicyInitBody,
  TenantPolicyInitReply,
  alreadyAppliedMessage,
  notInRolloutMessage,
  rolloutStateMessage,
  type RolloutChange,
  type RolloutPreviewTenant,
  type RolloutTarget,
} from '@workbench/common/api/contract/providerRollouts';
import {
  EmptyBody,
  TENANTS_PATH,
  TENANT_NOT_FOUND,
  UNKNOWN_SKU,
} from '@workbench/common/api/contract/providerTenants';
import { unknownDeploymentMessage, unknownTenantsMessage } from '@workbench/common/api/contract/providerOps';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { providerSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { TENANTS_READ, TENANTS_WRITE } from './tenantRouteKit';
import { defaultDeploymentOf, tenantDeploymentsOf } from './entityChecks';
import { TenantChangeError, applyChange, diffOf, problemOf, templateDocuments } from './rolloutChanges';
import {
  RolloutRunner,
  rolloutReply,
  summaryOf,
  waveOf,
  type RolloutSave,
  type StoredRollout,
} from './rolloutRunner';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const ALL = { limit: 10_000, offset: 0, order: 'asc' as const, searchFields: [] };

declare module '../context' {
  interface ServerContext {
    /** The staged rollouts' runner (rolloutRunner.ts), set when its routes register. */
    rollouts?: RolloutRunner;
  }
}

async function docsOf(store: ConfigStore, entity: string, field: string): Promise<Map<string, string[]>> {
  const page = await store.entities.list(entity, { ...ALL, sort: 'id' });
  return new Map(
    page.records.map((r) => [r.id, Array.isArray(r.data[field]) ? (r.data[field] as string[]) : []]),
  );
}

/** Every tenant with what a target chooses by: deployment, tags, SKUs. */
async function tenantChoices(store: ConfigStore) {
  const [deployments, tags, skus] = await Promise.all([
    tenantDeploymentsOf(store),
    docsOf(store, 'tenant_tags', 'tags'),
    docsOf(store, 'tenant_skus', 'sku_ids'),
  ]);
  return (await store.tenants.list())
    .map((t) => ({
      record: t,
      tid: t.tid,
      name: t.name,
      status: t.status,
      deployment: deployments.get(t.tid) ?? '',
      tags: tags.get(t.tid) ?? [],
      sku_ids: skus.get(t.tid) ?? [],
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.tid.localeCompare(b.tid));
}

/** Refuses (400 naming the field) a change that changes nothing or names what does not exist. */
async function checkChange(store: ConfigStore, change: RolloutChange): Promise<void> {
  switch (change.kind) {
    case 'capabilities': {
      if (Object.keys(change.set).length === 0 && change.remove.length === 0)
        throw new ApiHttpError(400, EMPTY_CHANGE, 'change.set');
      const both = change.remove.find((c) => c in change.set);
      if (both) throw new ApiHttpError(400, `${both} is both set and removed.`, 'change.remove');
      // A name the service does not know would take no effect: refused, like the tenant's PATCH.
      const unknown = firstUnknown(Object.keys(change.set));
      if (unknown) throw new ApiHttpError(400, UNKNOWN_CAPABILITY(unknown), 'change.set');
      // Schema state obsolete: setting it is refused (providerCapabilityStates.ts).
      const obsolete = firstObsolete(Object.keys(change.set));
      if (obsolete) throw new ApiHttpError(400, obsoleteCapabilityMessage(obsolete), 'change.set');
      return;
    }
    case 'skus': {
      if (change.add.length === 0 && change.remove.length === 0)
        throw new ApiHttpError(400, EMPTY_CHANGE, 'change.add');
      for (const field of ['add', 'remove'] as const)
        for (const id of change[field])
          if (!(await store.entities.get('skus', id)))
            throw new ApiHttpError(400, UNKNOWN_SKU(id), `change.${field}`);
      return;
    }
    case 'policy_template':
      try {
        await templateDocuments(store, change.template);
      } catch (e) {
        if (e instanceof ApiHttpError) throw new ApiHttpError(400, e.message, 'change.template');
        throw e;
      }
  }
}

/** The target's tenants, by name: any matching a tag, a deployment, a SKU, or named by id. */
async function resolveTarget(store: ConfigStore, target: RolloutTarget): Promise<TenantRecord[]> {
  const choices = await tenantChoices(store);
  const known = new Set(choices.map((c) => c.tid));
  const unknown = target.tids.filter((tid) => !known.has(tid));
  if (unknown.length > 0) throw new ApiHttpError(400, unknownTenantsMessage(unknown), 'target.tids');
  for (const d of target.deployments)
    if (!(await store.entities.get('deployments', d)))
      throw new ApiHttpError(400, unknownDeploymentMessage(d), 'target.deployments');
  for (const s of target.sku_ids)
    if (!(await store.entities.get('skus', s))) throw new ApiHttpError(400, UNKNOWN_SKU(s), 'target.sku_ids');
  const chosen = choices.filter(
    (c) =>
      target.tids.includes(c.tid) ||
      target.deployments.includes(c.deployment) ||
      c.tags.some((t) => target.tags.includes(t)) ||
      c.sku_ids.some((s) => target.sku_ids.includes(s)),
  );
  if (chosen.length === 0) throw new ApiHttpError(400, NO_TARGET_TENANTS, 'target');
  return chosen.map((c) => c.record);
}

async function previewOf(
  store: ConfigStore,
  change: RolloutChange,
  tenants: readonly TenantRecord[],
  waveSize: number,
): Promise<RolloutPreviewTenant[]> {
  const rows: RolloutPreviewTenant[] = [];
  for (const [i, t] of tenants.entries()) {
    const changes = await diffOf(store, change, t);
    rows.push({
      tid: t.tid,
      name: t.name,
      wave: waveOf(i, waveSize),
      changes,
      problem: await problemOf(store, change, t, changes),
    });
  }
  return rows;
}

export interface RolloutRoutesOptions {
  /** Waves move on by themselves (default true); tests turn it off and call `rollouts.tick()`. */
  timer?: boolean;
}

export const rolloutRoutes =
  (options: RolloutRoutesOptions = {}): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const store = ctx.store;
    const runner = new RolloutRunner({
      store,
      now: ctx.now,
      audit: () => ctx.audit,
      outbox: () => ctx.outbox,
      onError: (error) => app.log.error({ err: error }, 'a rollout tick failed'),
    });
    ctx.rollouts = runner;
    // A rollout a previous server left running is paused (with why) before anything reads it.
    app.addHook('onReady', async () => {
      await runner.pauseInterrupted();
      if (options.timer ?? true) runner.startTimer();
    });
    app.addHook('onClose', async () => runner.stopTimer());

    const tags = ['provider rollouts'];
    const read = { world: 'provider' as const, permission: TENANTS_READ };
    const write = (action: string, what: string) => ({
      world: 'provider' as const,
      permission: TENANTS_WRITE,
      // Every write records its event in the transaction of its change (audit/README.md).
      audit: { action, area: 'tenants', what, inTransaction: true as const },
    });
    const item = `${ROLLOUTS_PATH}/:id`;
    const rolloutOr404 = async (id: string): Promise<StoredRollout> => {
      const r = await runner.get(id);
      if (!r) throw new ApiHttpError(404, ROLLOUT_NOT_FOUND);
      return r;
    };
    const who = (request: FastifyRequest) => providerSessionOf(request).username;

    app.get(
      ROLLOUT_TENANTS_PATH,
      {
        config: read,
        schema: {
          tags,
          summary: 'Every tenant with its status, deployment, tags and SKUs (what a rollout targets by)',
          response: { 200: RolloutTenantChoices, ...errorResponses(401, 403) },
        },
      },
      async () => ({ tenants: (await tenantChoices(store)).map(({ record: _r, ...c }) => c) }),
    );

    app.get(
      ROLLOUT_DEPLOYMENTS_PATH,
      {
        config: read,
        schema: {
          tags,
          summary: 'The deployments with how many tenants each holds',
          response: { 200: RolloutDeployments, ...errorResponses(401, 403) },
        },
      },
      async () => {
        const byTid = await tenantDeploymentsOf(store);
        const rows = await store.entities.list('deployments', { ...ALL, sort: 'deployment_id' });
        const count = (d: string) => [...byTid.values()].filter((v) => v === d).length;
        return {
          deployments: rows.records.map((r) => ({
            deployment_id: r.id,
            name: typeof r.data.name === 'string' ? r.data.name : r.id,
            tenants: count(r.id),
          })),
          default_deployment: await defaultDeploymentOf(store),
        };
      },
    );

    app.get(
      ROLLOUTS_PATH,
      {
        config: read,
        schema: {
          tags,
          summary:
            'Rollouts: a page (limit, offset), sorted (sort, order; newest first by default), searched (q: name); pending_for: those a tenant is in and not applied in',
          querystring: RolloutListQuery,
          response: { 200: RolloutList, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { limit = 25, offset = 0, sort = 'created_at', order = 'desc', q, pending_for } = request.query;
        const needle = q?.trim().toLowerCase();
        const rows = (await runner.all())
          .filter((r) => !needle || r.name.toLowerCase().includes(needle))
          .filter(
            (r) =>
              pending_for === undefined ||
              (r.state !== 'rolled_back' &&
                r.tenants.some((t) => t.tid === pending_for && t.status !== 'applied')),
          )
          .map(summaryOf);
        const sign = order === 'asc' ? 1 : -1;
        rows.sort(
          (a, b) => String(a[sort]).localeCompare(String(b[sort])) * sign || a.id.localeCompare(b.id),
        );
        return { rollouts: rows.slice(offset, offset + limit), total: rows.length };
      },
    );

    app.post(
      ROLLOUT_PREVIEW_PATH,
      {
        config: {
          ...read,
          audit: { exempt: 'a dry run: reads the tenants and changes nothing' },
        },
        schema: {
          tags,
          summary: "Dry run of a change over a target: every tenant's difference and what would stop it",
          querystring: RolloutPreviewQuery,
          body: RolloutPreviewBody,
          response: { 200: RolloutPreview, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { change, target } = request.body;
        await checkChange(store, change);
        const tenants = await resolveTarget(store, target);
        return { tenants: await previewOf(store, change, tenants, request.query.wave_size ?? 1) };
      },
    );

    app.post(
      ROLLOUTS_PATH,
      {
        config: write('create', 'Created a rollout.'),
        schema: {
          tags,
          summary:
            'Creates a draft rollout: the target is resolved to its tenants now, each with its difference',
          body: RolloutCreateBody,
          response: { 201: Rollout, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        await checkChange(store, body.change);
        const tenants = await resolveTarget(store, body.target);
        const preview = await previewOf(store, body.change, tenants, body.wave_size);
        const r = await auditedChange(request, async (tx) => {
          const created = await runner.create(body, preview, who(request), tx);
          noteAudit(request, {
            object: created.name,
            after: {
              change: created.change,
              tenants: created.tenants.map((t) => t.name),
              wave_size: created.wave_size,
              pause_seconds: created.pause_seconds,
            },
            details: `Created the rollout ${created.name} over ${created.tenants.length} tenant${created.tenants.length === 1 ? '' : 's'}.`,
          });
          return created;
        });
        return reply.code(201).send(rolloutReply(r));
      },
    );

    app.get(
      item,
      {
        config: read,
        schema: {
          tags,
          summary: 'One rollout with every tenant: wave, status, reason, before and after',
          params: IdParams,
          response: { 200: Rollout, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => rolloutReply(await rolloutOr404(request.params.id)),
    );

    app.post(
      `${item}/preview`,
      {
        config: { ...read, audit: { exempt: 'a dry run: reads the tenants and changes nothing' } },
        schema: {
          tags,
          summary: "Dry run of the rollout's tenants not yet applied: each one's difference now",
          params: IdParams,
          body: Type.Optional(EmptyBody),
          response: { 200: RolloutPreview, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const r = await rolloutOr404(request.params.id);
        const rows: RolloutPreviewTenant[] = [];
        for (const t of r.tenants.filter((x) => x.status === 'pending' || x.status === 'failed')) {
          const tenant = await store.tenants.get(t.tid);
          if (!tenant) continue;
          const changes = await diffOf(store, r.change, tenant);
          rows.push({
            tid: t.tid,
            name: t.name,
            wave: t.wave,
            changes,
            problem: await problemOf(store, r.change, tenant, changes),
          });
        }
        return { tenants: rows };
      },
    );

    /** start, stop, resume, rollback: each from the states it may, else 409 naming the state. */
    const stateAction = (
      action: 'start' | 'stop' | 'resume' | 'rollback',
      auditAction: string,
      what: string,
      summary: string,
      allowed: (r: StoredRollout) => boolean,
      run: (r: StoredRollout, request: FastifyRequest, save: RolloutSave) => Promise<StoredRollout>,
    ) =>
      app.post(
        `${item}/${action}`,
        {
          config: write(auditAction, what),
          schema: {
            tags,
            summary,
            params: IdParams,
            body: Type.Optional(EmptyBody),
            response: { 200: Rollout, ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) =>
          runner.exclusive(async () => {
            const r = await rolloutOr404(request.params.id);
            if (!allowed(r))
              throw new ApiHttpError(
                409,
                rolloutStateMessage(action === 'rollback' ? 'roll back' : action, r.state),
                'state',
              );
            // The rollout's new state and this request's event: one transaction.
            const save: RolloutSave = (next) =>
              auditedChange(request, async (tx) => {
                await runner.put(next, false, tx);
                noteAudit(request, {
                  object: r.name,
                  before: { state: r.state, counts: summaryOf(r).counts },
                  after: { state: next.state, counts: summaryOf(next).counts },
                  details: `${what.replace(/\.$/, '')}: ${r.name}.`,
                });
              });
            return rolloutReply(await run(r, request, save));
          }),
      );
    stateAction(
      'start',
      'update',
      'Started a rollout.',
      'Starts a draft rollout: its first wave runs now',
      (r) => r.state === 'draft',
      (r, q, save) => runner.run(r, who(q), q.ip, save),
    );
    stateAction(
      'stop',
      'update',
      'Stopped a rollout.',
      'Stops a running rollout after the tenant in hand',
      (r) => r.state === 'running',
      (r, _q, save) => runner.stop(r, save),
    );
    stateAction(
      'resume',
      'update',
      'Resumed a rollout.',
      'Resumes a paused, stopped or failed rollout: its failed tenants are tried again, then the next waves',
      (r) => ROLLOUT_RESUMABLE_STATES.includes(r.state),
      (r, q, save) => runner.run(r, who(q), q.ip, save),
    );
    stateAction(
      'rollback',
      'rollback',
      'Rolled back a rollout.',
      'Restores the recorded before-values of every applied tenant',
      (r) => ROLLOUT_ROLLBACK_STATES.includes(r.state) && r.tenants.some((t) => t.status === 'applied'),
      (r, q, save) => runner.rollBack(r, who(q), q.ip, save),
    );

    // docs/provider-console.md §6 tenant commands.
    const tenantOr404 = async (tid: string): Promise<TenantRecord> => {
      const t = await store.tenants.get(tid);
      if (!t) throw new ApiHttpError(404, TENANT_NOT_FOUND);
      return t;
    };
    app.post(
      `${TENANTS_PATH}/:id/rolloutinit`,
      {
        config: write('update', 'Applied a rollout to a tenant.'),
        schema: {
          tags,
          summary:
            "Applies a rollout's change to this tenant now (ahead of its wave, or again after it failed); 409 with the reason when it cannot",
          params: IdParams,
          body: RolloutInitBody,
          response: { 200: RolloutTenant, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        runner.exclusive(async () => {
          const t = await tenantOr404(request.params.id);
          const r = await runner.get(request.body.rollout_id);
          if (!r) throw new ApiHttpError(400, ROLLOUT_NOT_FOUND, 'rollout_id');
          const entry = r.tenants.find((x) => x.tid === t.tid);
          if (!entry) throw new ApiHttpError(409, notInRolloutMessage(t.name), 'rollout_id');
          if (entry.status === 'applied')
            throw new ApiHttpError(409, alreadyAppliedMessage(t.name), 'rollout_id');
          if (r.state === 'rolled_back')
            throw new ApiHttpError(409, rolloutStateMessage('apply', r.state), 'rollout_id');
          // The runner writes the tenant's own event (before and after) in the transaction of its
          // change; this route's would repeat it.
          noteAudit(request, { skip: true });
          const { tenant } = await runner.applyTenant(r, t.tid, who(request), request.ip);
          if (tenant.status === 'failed') throw new ApiHttpError(409, tenant.reason ?? '', 'rollout_id');
          return tenant;
        }),
    );

    app.post(
      `${TENANTS_PATH}/:id/tenantpolicyinit`,
      {
        config: write('published', "Published a policy template as a tenant's revision."),
        schema: {
          tags,
          summary:
            "Stages a policy template's documents into the tenant's revision and publishes it; 409 with the reason when it cannot",
          params: IdParams,
          body: TenantPolicyInitBody,
          response: { 200: TenantPolicyInitReply, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const t = await tenantOr404(request.params.id);
        const change: RolloutChange = { kind: 'policy_template', template: request.body.template };
        await checkChange(store, change).catch((e: unknown) => {
          throw e instanceof ApiHttpError ? new ApiHttpError(400, e.message, 'template') : e;
        });
        try {
          return await auditedChange(request, async (tx) => {
            const changes = await applyChange(
              tx,
              change,
              t.tid,
              ctx.now(),
              who(request),
              `Policy template ${request.body.template}`,
            );
            const rev = await tx.revisions.get(t.tid);
            noteAudit(request, {
              skip: changes.length === 0,
              object: t.name,
              before: Object.fromEntries(changes.map((d) => [d.item, d.before])),
              after: Object.fromEntries(changes.map((d) => [d.item, d.after])),
              details: `Published the policy template ${request.body.template} to ${t.name} as revision ${rev?.revId ?? ''}.`,
            });
            return { rev_id: rev?.revId ?? 0, changes };
          });
        } catch (e) {
          if (e instanceof TenantChangeError) throw new ApiHttpError(409, e.message, 'template');
          throw e;
        }
      },
    );
  };

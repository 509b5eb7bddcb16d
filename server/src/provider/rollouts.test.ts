/**
 * Staged rollouts over real HTTP with a moved clock (the server's own timer off; tick() does what
 * it would): waves with their pause, the first failure stopping the rollout with its reason,
 * resume and rollback, the SKU and policy-template changes, the tenant commands, who may do what,
 * bad input, and a restart mid-rollout leaving it paused (never running without a runner).
 */
import { UNKNOWN_CAPABILITY } from '@workbench/common/api/contract/providerCapabilityStates';
import {
  ROLLOUTS_PATH,
  ROLLOUT_INTERRUPTED_REASON,
  ROLLOUT_PREVIEW_PATH,
  ROLLOUT_TENANTS_PATH,
  TENANT_DISABLED_REASON,
  rolloutActionPath,
  rolloutPath,
  type Rollout,
  type RolloutCreateBody,
  type RolloutList,
  type RolloutPreview,
  type RolloutTenantChoices,
} from '@workbench/common/api/contract/providerRollouts';
import {
  TENANTS_PATH,
  tenantPath,
  tenantSubPath,
  type TenantCreateReply,
  type TenantDetail,
} from '@workbench/common/api/contract/providerTenants';
import {
  signIn,
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type TestServer,
} from '../testing/testServer';

let server: TestServer;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;
const tids: string[] = [];

const call = (path: string, method = 'GET', body?: unknown, who: OperatorSignedIn = operator) =>
  server.call(path, { method, body, jar: who.jar });
const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;
const rollout = (id: string) => json<Rollout>(call(rolloutPath(id)));
const act = (id: string, action: 'start' | 'stop' | 'resume' | 'rollback', who = operator) =>
  call(rolloutActionPath(id, action), 'POST', {}, who);
const caps = async (tid: string) => (await json<TenantDetail>(call(tenantPath(tid)))).capabilities;
/** Moves the clock and lets the runner run what is due. */
const tick = async (ms = 0) => {
  server.clock.advance(ms);
  await server.app.workbench.rollouts?.tick();
};

const body = (over: Partial<RolloutCreateBody> = {}): RolloutCreateBody => ({
  name: 'Isolation beta',
  change: { kind: 'capabilities', set: { insights: true }, remove: [] },
  target: { tags: ['beta'], deployments: [], sku_ids: [], tids: [] },
  wave_size: 2,
  pause_seconds: 30,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer({ jobTimer: false });
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
  for (const name of ['roll-a', 'roll-b', 'roll-c', 'roll-d']) {
    const created = await json<TenantCreateReply>(
      call(TENANTS_PATH, 'POST', { name, admin_username: `admin@${name}.example` }),
    );
    tids.push(created.tenant.tid);
    expect((await call(tenantSubPath(created.tenant.tid, 'tags'), 'PUT', { tags: ['beta'] })).status).toBe(
      200,
    );
  }
});
afterAll(async () => {
  await server.close();
});

test('a capability goes out in two waves of two with the pause between them; support reads it', async () => {
  const preview = await json<RolloutPreview>(
    call(`${ROLLOUT_PREVIEW_PATH}?wave_size=2`, 'POST', { change: body().change, target: body().target }),
  );
  expect(preview.tenants.map((t) => [t.name, t.wave, t.problem])).toEqual([
    ['roll-a', 1, null],
    ['roll-b', 1, null],
    ['roll-c', 2, null],
    ['roll-d', 2, null],
  ]);
  expect(preview.tenants[0].changes).toEqual([{ item: 'insights', before: null, after: true }]);
  expect(await caps(tids[0])).toEqual({});

  const created = await call(ROLLOUTS_PATH, 'POST', body());
  expect(created.status).toBe(201);
  const { id, state, waves } = await json<Rollout>(created);
  expect([state, waves]).toEqual(['draft', 2]);
  expect((await act(id, 'start')).status).toBe(200);
  await tick();
  let r = await rollout(id);
  expect(r.tenants.map((t) => t.status)).toEqual(['applied', 'applied', 'pending', 'pending']);
  expect(r).toMatchObject({ state: 'running', waves_done: 1 });
  expect(await caps(tids[1])).toEqual({ insights: true });
  // The pause: nothing more until it has passed.
  await tick(29_000);
  expect((await rollout(id)).counts.applied).toBe(2);
  await tick(1_000);
  r = await json<Rollout>(call(rolloutPath(id), 'GET', undefined, support));
  expect(r).toMatchObject({ state: 'completed', waves_done: 2, counts: { applied: 4, pending: 0 } });
  expect(r.tenants[3].changes).toEqual([{ item: 'insights', before: null, after: true }]);
  const list = await json<RolloutList>(call(`${ROLLOUTS_PATH}?q=isolation`, 'GET', undefined, support));
  expect(list.rollouts.map((x) => x.id)).toContain(id);

  // Rollback restores what each tenant had.
  expect((await act(id, 'rollback')).status).toBe(200);
  expect(await caps(tids[3])).toEqual({});
  expect((await rollout(id)).counts.rolled_back).toBe(4);
});

test('a disabled tenant stops the rollout with its reason; resume goes on once it is re-enabled', async () => {
  expect((await call(tenantSubPath(tids[1], 'disabletenant'), 'POST', {})).status).toBe(200);
  const preview = await json<RolloutPreview>(
    call(ROLLOUT_PREVIEW_PATH, 'POST', {
      change: { kind: 'skus', add: ['SWG-BASIC'], remove: [] },
      target: body().target,
    }),
  );
  expect(preview.tenants.find((t) => t.tid === tids[1])?.problem).toBe(TENANT_DISABLED_REASON);

  const { id } = await json<Rollout>(
    call(
      ROLLOUTS_PATH,
      'POST',
      body({ name: 'Basic gateway', change: { kind: 'skus', add: ['SWG-BASIC'], remove: [] } }),
    ),
  );
  await act(id, 'start');
  await tick();
  let r = await rollout(id);
  expect(r.state).toBe('failed');
  expect(r.reason).toBe(`roll-b: ${TENANT_DISABLED_REASON}`);
  expect(r.tenants.map((t) => [t.status, t.reason])).toEqual([
    ['applied', null],
    ['failed', TENANT_DISABLED_REASON],
    ['pending', null],
    ['pending', null],
  ]);
  expect(r.tenants[0].changes).toEqual([{ item: 'sku_ids', before: [], after: ['SWG-BASIC'] }]);
  // Waves wait for nobody once failed.
  await tick(60_000);
  expect((await rollout(id)).counts.pending).toBe(2);

  // Support cannot resume; a failed rollout cannot be stopped.
  expect((await act(id, 'resume', support)).status).toBe(403);
  expect((await act(id, 'stop')).status).toBe(409);
  await call(tenantSubPath(tids[1], 'reenable'), 'POST', {});
  expect((await act(id, 'resume')).status).toBe(200);
  await tick();
  expect((await rollout(id)).counts.applied).toBe(2);
  // Stopped between waves, then rolled back: the applied part only.
  expect((await act(id, 'stop')).status).toBe(200);
  await tick(60_000);
  r = await rollout(id);
  expect(r.state).toBe('stopped');
  expect((await act(id, 'rollback')).status).toBe(200);
  r = await rollout(id);
  expect(r.tenants.map((t) => t.status)).toEqual(['rolled_back', 'rolled_back', 'pending', 'pending']);
  const skus = await json<{ sku_ids: string[] }>(call(tenantSubPath(tids[0], 'skus')));
  expect(skus.sku_ids).toEqual([]);
});

test('a policy template publishes a revision; rolloutinit applies one tenant now', async () => {
  const init = await call(tenantSubPath(tids[2], 'tenantpolicyinit'), 'POST', {
    template: 'branded-block-page',
  });
  expect(init.status).toBe(200);
  const published = await json<{ rev_id: number; changes: { item: string }[] }>(init);
  expect(published.changes.map((c) => c.item)).toEqual(['customization/web']);
  const policy = await json<{ rev_id: number; state: string }>(call(tenantSubPath(tids[2], 'policy')));
  expect(policy).toMatchObject({ rev_id: published.rev_id, state: 'new' });
  expect((await call(tenantSubPath(tids[2], 'tenantpolicyinit'), 'POST', { template: 'nope' })).status).toBe(
    400,
  );

  const { id } = await json<Rollout>(
    call(
      ROLLOUTS_PATH,
      'POST',
      body({
        name: 'DLP notices',
        change: { kind: 'policy_template', template: 'dlp-upload-notice' },
        target: { tags: [], deployments: [], sku_ids: [], tids: [tids[3]] },
      }),
    ),
  );
  // The console's rolloutinit offers the rollouts a tenant is in and not applied in.
  const pendingFor = async (tid: string) =>
    (await json<{ rollouts: { id: string }[] }>(call(`${ROLLOUTS_PATH}?pending_for=${tid}`))).rollouts.map(
      (r) => r.id,
    );
  expect(await pendingFor(tids[3])).toContain(id);
  expect(await pendingFor(tids[0])).not.toContain(id);
  const applied = await call(tenantSubPath(tids[3], 'rolloutinit'), 'POST', { rollout_id: id });
  expect(applied.status).toBe(200);
  expect(await pendingFor(tids[3])).not.toContain(id);
  expect((await call(tenantSubPath(tids[3], 'rolloutinit'), 'POST', { rollout_id: id })).status).toBe(409);
  expect((await call(tenantSubPath(tids[0], 'rolloutinit'), 'POST', { rollout_id: id })).status).toBe(409);
  await act(id, 'rollback');
  const after = await json<{ rev_id: number }>(call(tenantSubPath(tids[3], 'policy')));
  // Applied as revision 2, rolled back as revision 3.
  expect(after.rev_id).toBe(3);
});

test('bad input names its field; unknown ids 404; support reads only; tenant sessions 401', async () => {
  const bad = async (over: Partial<RolloutCreateBody>, field: string) => {
    const r = await call(ROLLOUTS_PATH, 'POST', body(over));
    expect(r.status).toBe(400);
    expect((await json<{ field: string }>(r)).field).toBe(field);
  };
  await bad({ wave_size: 0 }, 'wave_size');
  await bad({ change: { kind: 'capabilities', set: {}, remove: [] } }, 'change.set');
  const unknown = await call(
    ROLLOUTS_PATH,
    'POST',
    body({ change: { kind: 'capabilities', set: { not_a_capability: true }, remove: [] } }),
  );
  expect(unknown.status).toBe(400);
  expect(await json(unknown)).toMatchObject({
    message: UNKNOWN_CAPABILITY('not_a_capability'),
    field: 'change.set',
  });
  await bad({ change: { kind: 'skus', add: ['NOPE'], remove: [] } }, 'change.add');
  await bad({ target: { tags: ['nobody'], deployments: [], sku_ids: [], tids: [] } }, 'target');
  await bad({ target: { tags: [], deployments: [], sku_ids: [], tids: ['nope'] } }, 'target.tids');
  expect((await call(rolloutPath('nope'))).status).toBe(404);
  expect((await act('nope', 'start')).status).toBe(404);
  expect((await call(ROLLOUTS_PATH, 'POST', body(), support)).status).toBe(403);
  const choices = await json<RolloutTenantChoices>(call(ROLLOUT_TENANTS_PATH, 'GET', undefined, support));
  expect(choices.tenants.find((t) => t.name === 'roll-a')).toMatchObject({
    tags: ['beta'],
    status: 'active',
  });
  const tenant = await signIn(server, 'admin@acme.example');
  expect((await server.call(ROLLOUTS_PATH, { jar: tenant.jar })).status).toBe(401);
});

test('a rollout running when its server stops is paused with the reason after the restart', async () => {
  const { id } = await json<Rollout>(call(ROLLOUTS_PATH, 'POST', body({ name: 'Across a restart' })));
  await act(id, 'start');
  await tick();
  server = await server.restart();
  operator = await signInOperator(server, 'operator@provider.example');
  const r = await rollout(id);
  expect(r).toMatchObject({ state: 'paused', reason: ROLLOUT_INTERRUPTED_REASON, counts: { applied: 2 } });
  await act(id, 'resume');
  await tick();
  expect((await rollout(id)).state).toBe('completed');
});

test('templates are the stored rows: a new one is published, a replace changes the next, one in use is not deleted', async () => {
  const TEMPLATES = '/gdmanage/api/v1/templates';
  const notice = (title: string) => ({
    'customization/web': {
      list: [{ page: 'block', enabled: true, title, message: 'Ask the service desk.' }],
    },
  });
  const made = await call(TEMPLATES, 'POST', {
    template_id: 'night-shift',
    title: 'Night shift',
    description: 'Block page for the night shift.',
    documents: notice('Closed tonight'),
  });
  expect(made.status).toBe(201);
  expect(
    (
      await call(
        TEMPLATES,
        'POST',
        { template_id: 'x', title: 'x', description: '', documents: notice('a') },
        support,
      )
    ).status,
  ).toBe(403);
  const refused = await call(TEMPLATES, 'POST', {
    template_id: 'broken',
    title: 'Broken',
    description: '',
    documents: { 'customization/web': { list: [{ page: 'block' }] } },
  });
  expect(refused.status).toBe(400);
  expect(await json<{ field: string; message: string }>(refused)).toMatchObject({
    field: 'documents',
    message: expect.stringContaining('customization/web') as string,
  });

  const first = await json<{ changes: { item: string; after: unknown }[] }>(
    call(tenantSubPath(tids[1], 'tenantpolicyinit'), 'POST', { template: 'night-shift' }),
  );
  expect(first.changes).toEqual([
    expect.objectContaining({
      item: 'customization/web',
      after: notice('Closed tonight')['customization/web'],
    }),
  ]);
  expect(
    (
      await call(`${TEMPLATES}/night-shift`, 'PUT', {
        title: 'Night shift',
        description: '',
        documents: notice('Back at 8'),
      })
    ).status,
  ).toBe(200);
  const second = await json<{ changes: { after: unknown }[] }>(
    call(tenantSubPath(tids[1], 'tenantpolicyinit'), 'POST', { template: 'night-shift' }),
  );
  expect(second.changes.map((c) => c.after)).toEqual([notice('Back at 8')['customization/web']]);

  // Two tenants, one a wave: after Start the rollout runs, waiting for its second wave.
  const { id } = await json<Rollout>(
    call(
      ROLLOUTS_PATH,
      'POST',
      body({
        name: 'Night shift everywhere',
        change: { kind: 'policy_template', template: 'night-shift' },
        target: { tags: [], deployments: [], sku_ids: [], tids: [tids[0], tids[1]] },
        wave_size: 1,
      }),
    ),
  );
  expect((await act(id, 'start')).status).toBe(200);
  expect((await rollout(id)).state).toBe('running');
  const inUse = await call(`${TEMPLATES}/night-shift`, 'DELETE');
  expect(inUse.status).toBe(409);
  expect((await json<{ message: string }>(inUse)).message).toContain('Night shift everywhere');
  expect((await call(`${TEMPLATES}/night-shift`)).status).toBe(200);
  expect((await act(id, 'stop')).status).toBe(200);
  expect((await call(`${TEMPLATES}/night-shift`, 'DELETE')).status).toBe(204);
  // Resumed without its template, the waiting tenant fails with the reason.
  expect((await act(id, 'resume')).status).toBe(200);
  await tick(31_000);
  const after = await rollout(id);
  expect(after.tenants.find((t) => t.status === 'failed')?.reason).toBe(
    'No such policy template: night-shift.',
  );
  const gone = await call(tenantSubPath(tids[1], 'tenantpolicyinit'), 'POST', { template: 'night-shift' });
  expect([gone.status, (await json<{ field: string }>(gone)).field]).toEqual([400, 'template']);
});

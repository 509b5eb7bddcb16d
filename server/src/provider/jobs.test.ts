/**
 * Node-action jobs over real HTTP with a moved clock (the server's own timer off; tick() does what
 * it would): pending → started → finished, a faulty node's job failed with its reason, the node's
 * state and operation state following, one action at a time per node, and a job in flight when
 * its server restarts ending failed (never stuck) on the same store.
 */
import {
  JOBS_PATH,
  JOB_INTERRUPTED_REASON,
  jobPath,
  nodeActionRefusedMessage,
  nodeActionPath,
  podNodesPath,
  type Job,
  type JobList,
  type PodNodes,
} from '@workbench/common/api/contract/providerOps';
import { DEMO_FAULTY_NODE } from '../seed/demoProvider';
import {
  signInOperator,
  startTestServer,
  type OperatorSignedIn,
  type TestServer,
} from '../testing/testServer';
import { testEmbeddedOnly } from '../testing/embeddedOnly';
import { ACTION_STEPS, JOB_STEP_MS } from './jobRunner';

let server: TestServer;
let operator: OperatorSignedIn;
let support: OperatorSignedIn;

beforeAll(async () => {
  server = await startTestServer({ jobTimer: false });
  operator = await signInOperator(server, 'operator@provider.example');
  support = await signInOperator(server, 'support@provider.example');
});
afterAll(async () => {
  await server.close();
});

const act = (pod: string, node: string, action: string, who = operator) =>
  server.call(nodeActionPath(pod, node), { method: 'POST', jar: who.jar, body: { action } });
const job = async (id: string, who = operator) =>
  (await (await server.call(jobPath(id), { jar: who.jar })).json()) as Job;
const node = async (pod: string, name: string) =>
  ((await (await server.call(podNodesPath(pod), { jar: operator.jar })).json()) as PodNodes).nodes.find(
    (n) => n.node === name,
  );
/** Moves the clock by `steps` job steps and lets the runner tick. */
const step = async (steps: number) => {
  server.clock.advance(steps * JOB_STEP_MS);
  await server.app.workbench.jobs?.tick();
};

test('a restart goes pending → started → finished; the node restarts and is active after', async () => {
  const started = await act('use1-a', 'use1-a-node-1', 'restart');
  expect(started.status).toBe(202);
  const { id, status } = (await started.json()) as Job;
  expect(status).toBe('pending');
  // The node says it is restarting from the moment the job is accepted, not only once it runs.
  expect(await node('use1-a', 'use1-a-node-1')).toMatchObject({
    state: 'restarting',
    operation_state: 'pending',
    job_id: id,
  });
  // Another action on the busy node waits for this one.
  const busy = await act('use1-a', 'use1-a-node-1', 'freeze');
  expect(busy.status).toBe(409);

  await step(1);
  expect(await job(id)).toMatchObject({ status: 'started' });
  // Pods, their nodes and jobs are operators' work: support is refused the reads too (server/README.md).
  expect((await server.call(jobPath(id), { jar: support.jar })).status).toBe(403);
  expect((await server.call(podNodesPath('use1-a'), { jar: support.jar })).status).toBe(403);
  expect(await node('use1-a', 'use1-a-node-1')).toMatchObject({
    state: 'restarting',
    operation_state: 'started',
  });
  await step(ACTION_STEPS.restart - 1);
  expect((await job(id)).status).toBe('started');
  await step(1);
  const done = await job(id);
  expect(done).toMatchObject({
    status: 'finished',
    action: 'restart',
    requested_by: 'operator@provider.example',
  });
  expect(done.reason).toBeUndefined();
  expect(await node('use1-a', 'use1-a-node-1')).toMatchObject({
    state: 'active',
    operation_state: 'completed',
  });
});

test("a faulty node's restart fails with its reason; its diagnostics finish and report the fault", async () => {
  const restart = (await (await act('euw1-b', DEMO_FAULTY_NODE, 'restart')).json()) as Job;
  await step(1);
  await step(ACTION_STEPS.restart);
  expect(await job(restart.id)).toMatchObject({
    status: 'failed',
    reason: `The node ${DEMO_FAULTY_NODE} did not report healthy within the restart window.`,
  });
  expect(await node('euw1-b', DEMO_FAULTY_NODE)).toMatchObject({
    state: 'active',
    operation_state: 'failed',
  });

  const diagnostics = (await (await act('euw1-b', DEMO_FAULTY_NODE, 'diagnostics')).json()) as Job;
  await step(1);
  await step(ACTION_STEPS.diagnostics);
  expect(await job(diagnostics.id)).toMatchObject({
    status: 'finished',
    result: expect.stringMatching(/FAILED/),
  });
});

test('freeze then thaw change the node state; the job list is newest first and narrows by pod', async () => {
  const freeze = (await (await act('use1-b', 'use1-b-node-1', 'freeze')).json()) as Job;
  await step(1);
  await step(ACTION_STEPS.freeze);
  expect(await node('use1-b', 'use1-b-node-1')).toMatchObject({
    state: 'frozen',
    operation_state: 'completed',
  });
  const thaw = (await (await act('use1-b', 'use1-b-node-1', 'thaw')).json()) as Job;
  await step(1);
  await step(ACTION_STEPS.thaw);
  expect(await node('use1-b', 'use1-b-node-1')).toMatchObject({ state: 'active', last_action: 'thaw' });

  const list = (await (
    await server.call(`${JOBS_PATH}?pod_id=use1-b&limit=2`, { jar: operator.jar })
  ).json()) as JobList;
  expect(list.jobs.map((j) => j.id)).toEqual([thaw.id, freeze.id]);
  expect(list.total).toBeGreaterThanOrEqual(3); // the demo's history of the pod too

  // One node's history: its own jobs only, newest first, with their outcome.
  const history = (await (
    await server.call(`${JOBS_PATH}?pod_id=use1-b&node=use1-b-node-1`, { jar: operator.jar })
  ).json()) as JobList;
  expect(history.jobs.map((j) => [j.id, j.action, j.status])).toEqual([
    [thaw.id, 'thaw', 'finished'],
    [freeze.id, 'freeze', 'finished'],
  ]);
  expect(history.total).toBe(2);
  const noPod = await server.call(`${JOBS_PATH}?node=use1-b-node-1`, { jar: operator.jar });
  expect(noPod.status).toBe(400);
  expect(((await noPod.json()) as { field: string }).field).toBe('pod_id');
});

test('an action the node state does not take is refused with 409 and the reason, and changes nothing', async () => {
  // Thaw on an active node (the node was never frozen).
  const thaw = await act('use1-a', 'use1-a-node-2', 'thaw');
  expect(thaw.status).toBe(409);
  expect(await thaw.json()).toMatchObject({
    message: nodeActionRefusedMessage('use1-a-node-2', 'active', 'thaw'),
    field: 'action',
  });
  expect(nodeActionRefusedMessage('use1-a-node-2', 'active', 'thaw')).toBe(
    'The node use1-a-node-2 is active: Thaw applies only to a node that is frozen.',
  );
  // Freeze on a frozen node (the demo froze use1-b-node-3).
  const frozen = await node('use1-b', 'use1-b-node-3');
  expect(frozen?.state).toBe('frozen');
  const freeze = await act('use1-b', 'use1-b-node-3', 'freeze');
  expect(freeze.status).toBe(409);
  expect(((await freeze.json()) as { message: string }).message).toBe(
    nodeActionRefusedMessage('use1-b-node-3', 'frozen', 'freeze'),
  );
  expect(await node('use1-b', 'use1-b-node-3')).toEqual(frozen);
});

test('bad input is 400 naming the field, unknown pod, node or job 404, support 403, no session 401', async () => {
  const bad = await act('use1-a', 'use1-a-node-3', 'reboot');
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { field: string }).field).toBe('action');
  expect((await act('no-pod', 'n', 'restart')).status).toBe(404);
  expect((await act('use1-a', 'no-node', 'restart')).status).toBe(404);
  expect((await server.call(jobPath('no-such-job'), { jar: operator.jar })).status).toBe(404);
  expect((await act('use1-a', 'use1-a-node-3', 'restart', support)).status).toBe(403);
  expect((await server.call(JOBS_PATH)).status).toBe(401);
  expect((await node('use1-a', 'use1-a-node-3'))?.operation_state).toBeUndefined();
});

testEmbeddedOnly(
  'a job in flight when the server restarts ends failed with the reason, and its node is as before',
  'a shared store sweeps nothing at start: the other servers go on moving the jobs (jobRunner.ts)',
  async () => {
    const inFlight = (await (await act('apse2-a', 'apse2-a-node-2', 'freeze')).json()) as Job;
    await step(1);
    expect((await job(inFlight.id)).status).toBe('started');
    server = await server.restart();
    operator = await signInOperator(server, 'operator@provider.example');
    support = await signInOperator(server, 'support@provider.example');
    expect(await job(inFlight.id)).toMatchObject({ status: 'failed', reason: JOB_INTERRUPTED_REASON });
    expect(await node('apse2-a', 'apse2-a-node-2')).toMatchObject({
      state: 'active',
      operation_state: 'failed',
    });
    // The demo's running jobs were in flight too; none is left pending or started.
    const all = (await (
      await server.call(`${JOBS_PATH}?limit=500`, { jar: operator.jar })
    ).json()) as JobList;
    expect(all.jobs.filter((j) => j.status === 'pending' || j.status === 'started')).toEqual([]);
    // And the node takes actions again.
    expect((await act('apse2-a', 'apse2-a-node-2', 'freeze')).status).toBe(202);
  },
);

/**
 * Dashboards people build (docs/dashboards.md), through real HTTP against a real store. Requests
 * are written from the behaviour's text (paths, bodies and messages as docs/dashboards.md gives
 * them), not built from the contract's types.
 */
import { startAuditedTestServer } from '../testing/auditedTestServer';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';

let server: TestServer;
let admin: SignedIn;
beforeEach(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin@acme.example');
});
afterEach(async () => {
  await server.close();
});

const BOARDS = '/api/dashboards/v1/boards';
const START = '/api/dashboards/v1/start_board';

interface BoardAnswer {
  id: string;
  name: string;
  interval: string;
  variables: { name: string; value: string }[];
  panels: { id: string; chart: string; layout: { x: number; y: number; w: number; h: number } }[];
  updated_by: string;
}

const twoPanels = {
  name: 'Team traffic',
  interval: '7d',
  variables: [{ name: 'user', value: '' }],
  panels: [
    {
      id: 'p1',
      title: 'Top domains',
      source: { kind: 'query', query: 'top_domains', limit: 10 },
      chart: 'pie',
      layout: { x: 0, y: 0, w: 6, h: 4 },
    },
    {
      id: 'p2',
      title: 'Bandwidth',
      source: { kind: 'query', query: 'bandwidth_usage_by_date' },
      chart: 'area',
      layout: { x: 6, y: 0, w: 6, h: 4 },
    },
  ],
};

const create = (who: SignedIn, body: unknown) => server.call(BOARDS, { method: 'POST', jar: who.jar, body });
const list = async (who: SignedIn) => {
  const r = await server.call(BOARDS, { jar: who.jar });
  expect(r.status).toBe(200);
  return (await r.json()) as { boards: BoardAnswer[]; start_board: string | null };
};

describe('dashboards people build', () => {
  test('a board is created, read, replaced with a new layout, and survives a restart', async () => {
    const r = await create(admin, twoPanels);
    expect(r.status).toBe(200);
    const made = (await r.json()) as BoardAnswer;
    expect(made).toMatchObject({ name: 'Team traffic', interval: '7d', updated_by: 'admin@acme.example' });
    expect(made.panels.map((p) => p.chart)).toEqual(['pie', 'area']);

    const moved = {
      ...twoPanels,
      variables: [
        { name: 'user', value: 'alice' },
        { name: 'domain', value: '' },
      ],
      panels: twoPanels.panels.map((p, i) => ({ ...p, layout: { x: 0, y: i * 5, w: 12, h: 5 } })),
    };
    const put = await server.call(`${BOARDS}/${made.id}`, { method: 'PUT', jar: admin.jar, body: moved });
    expect(put.status).toBe(200);

    server = await server.restart();
    admin = await signIn(server, 'admin@acme.example');
    const one = await server.call(`${BOARDS}/${made.id}`, { jar: admin.jar });
    expect(one.status).toBe(200);
    const saved = (await one.json()) as BoardAnswer;
    expect(saved.variables).toEqual([
      { name: 'user', value: 'alice' },
      { name: 'domain', value: '' },
    ]);
    expect(saved.panels.map((p) => p.layout)).toEqual([
      { x: 0, y: 0, w: 12, h: 5 },
      { x: 0, y: 5, w: 12, h: 5 },
    ]);
    expect((await list(admin)).boards.map((b) => b.name)).toEqual(['Team traffic']);
  });

  test.each([
    ['a chart kind the query does not allow', { chart: 'line' }, 'panels.0.chart'],
    ['a panel wider than the grid', { layout: { x: 8, y: 0, w: 6, h: 4 } }, 'panels.0.layout'],
    ['a query that does not exist', { source: { kind: 'query', query: 'top_nothing' } }, 'panels.0.source'],
  ])('%s is a 400 naming the field, and nothing is stored', async (_what, change, field) => {
    const body = { ...twoPanels, panels: [{ ...twoPanels.panels[0], ...change }] };
    const r = await create(admin, body);
    expect(r.status).toBe(400);
    const answer = (await r.json()) as { field?: string; message: string };
    expect(answer.field).toContain(field);
    expect((await list(admin)).boards).toEqual([]);
  });

  test('a panel id given twice, a repeated variable, an empty name: 400 naming the field', async () => {
    const twice = { ...twoPanels, panels: [twoPanels.panels[0], { ...twoPanels.panels[1], id: 'p1' }] };
    expect(await (await create(admin, twice)).json()).toMatchObject({ field: 'panels.1.id' });
    const vars = {
      ...twoPanels,
      variables: [
        { name: 'user', value: '' },
        { name: 'user', value: 'x' },
      ],
    };
    expect(await (await create(admin, vars)).json()).toMatchObject({ field: 'variables' });
    const blank = await create(admin, { ...twoPanels, name: '   ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ field: 'name' });
    expect((await list(admin)).boards).toEqual([]);
  });

  test('a field panel (Visualise) needs a field of its log type', async () => {
    const field = (name: string) => ({
      ...twoPanels,
      panels: [
        {
          id: 'f',
          title: 'Users',
          source: { kind: 'field', log_type: 'scan_web', field: name, view: 'top', query: '' },
          chart: 'bar',
          layout: { x: 0, y: 0, w: 6, h: 4 },
        },
      ],
    });
    expect((await create(admin, field('userid'))).status).toBe(200);
    const r = await create(admin, { ...field('smtp_code'), name: 'Other' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ field: 'panels.0.source.field' });
  });

  test('names are unique per tenant without regard to case (409), on create and on rename', async () => {
    const first = (await (await create(admin, twoPanels)).json()) as BoardAnswer;
    const again = await create(admin, { ...twoPanels, name: ' TEAM traffic ' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ field: 'name' });
    const other = (await (await create(admin, { ...twoPanels, name: 'Other' })).json()) as BoardAnswer;
    const rename = await server.call(`${BOARDS}/${other.id}`, {
      method: 'PUT',
      jar: admin.jar,
      body: { ...twoPanels, name: 'team TRAFFIC' },
    });
    expect(rename.status).toBe(409);
    expect((await list(admin)).boards.map((b) => b.id)).toEqual([other.id, first.id]);
    // Another tenant may use the name.
    const globex = await signIn(server, 'admin@globex.example');
    expect((await create(globex, twoPanels)).status).toBe(200);
  });

  test('a read-only role reads the boards but cannot create, change or delete them', async () => {
    const made = (await (await create(admin, twoPanels)).json()) as BoardAnswer;
    const auditor = await signIn(server, 'auditor@acme.example');
    expect((await list(auditor)).boards.map((b) => b.id)).toEqual([made.id]);
    expect((await create(auditor, { ...twoPanels, name: 'Mine' })).status).toBe(403);
    const put = await server.call(`${BOARDS}/${made.id}`, {
      method: 'PUT',
      jar: auditor.jar,
      body: twoPanels,
    });
    expect(put.status).toBe(403);
    const del = await server.call(`${BOARDS}/${made.id}`, { method: 'DELETE', jar: auditor.jar });
    expect(del.status).toBe(403);
    expect((await list(admin)).boards).toHaveLength(1);
  });

  test("another tenant's board is not found: read, replace, delete and start board answer 404", async () => {
    const made = (await (await create(admin, twoPanels)).json()) as BoardAnswer;
    const globex = await signIn(server, 'admin@globex.example');
    expect((await server.call(`${BOARDS}/${made.id}`, { jar: globex.jar })).status).toBe(404);
    const put = await server.call(`${BOARDS}/${made.id}`, {
      method: 'PUT',
      jar: globex.jar,
      body: twoPanels,
    });
    expect(put.status).toBe(404);
    const del = await server.call(`${BOARDS}/${made.id}`, { method: 'DELETE', jar: globex.jar });
    expect(del.status).toBe(404);
    const start = await server.call(START, { method: 'PUT', jar: globex.jar, body: { board_id: made.id } });
    expect(start.status).toBe(404);
    expect((await list(admin)).boards).toHaveLength(1);
  });

  test("the start board is each user's own, and goes when its board is deleted", async () => {
    const made = (await (await create(admin, twoPanels)).json()) as BoardAnswer;
    const auditor = await signIn(server, 'auditor@acme.example');
    const set = await server.call(START, { method: 'PUT', jar: auditor.jar, body: { board_id: made.id } });
    expect(set.status).toBe(200);
    expect((await list(auditor)).start_board).toBe(made.id);
    expect((await list(admin)).start_board).toBeNull();
    const del = await server.call(`${BOARDS}/${made.id}`, { method: 'DELETE', jar: admin.jar });
    expect(del.status).toBe(200);
    expect((await list(auditor)).start_board).toBeNull();
    const cleared = await server.call(START, { method: 'PUT', jar: auditor.jar, body: { board_id: null } });
    expect(await cleared.json()).toEqual({ start_board: null });
  });

  test('every change is in the audit log under the dashboards area', async () => {
    const audited = await startAuditedTestServer('boards-');
    try {
      const who = await signIn(audited.server, 'admin@acme.example');
      const r = await audited.server.call(BOARDS, { method: 'POST', jar: who.jar, body: twoPanels });
      const made = (await r.json()) as BoardAnswer;
      await audited.server.call(`${BOARDS}/${made.id}`, { method: 'DELETE', jar: who.jar });
      const trail = (await audited.auditEvents(who.jar)).filter((e) => e.sub_event_type === 'dashboards');
      expect(trail.map((e) => e.details).sort()).toEqual([
        'Created the dashboard Team traffic.',
        'Deleted the dashboard Team traffic.',
      ]);
    } finally {
      await audited.close();
    }
  });
});

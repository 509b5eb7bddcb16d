/**
 * The impact preview through real HTTP (docs/policy-impact.md), on hand-built web events whose
 * changed decisions are known exactly: one staged change per kind of rule that decides web
 * requests, each against the defaults published. The event store is the topology's (DuckDB, or
 * ClickHouse on the scaled run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventStore, NewEvent } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { signIn, startTestServer, type SignedIn, type TestServer } from '../testing/testServer';
import { IMPACT_JOB_ENTITY, IMPACT_JOB_STALE_MS } from './impactRoutes';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let server: TestServer;
let store: EventStore;
let storeDir: string;
let admin: SignedIn;
let now: number;

interface Rev {
  staged_rev_id: number;
  rev_id: number;
  state: string;
  updated_at: string;
}
interface Rule {
  kind: string;
  key?: string;
  index?: number;
  name: string;
}
interface Job {
  id: string;
  status: string;
  reason?: string | null;
  progress: { scanned: number; total: number };
  rev_id: number;
  staged_rev_id: number;
  result: null | {
    total: number;
    changed: number;
    matrix: { from: string; to: string; count: number }[];
    top_users: { key: string; count: number }[];
    top_domains: { key: string; count: number }[];
    top_categories: { key: string; count: number }[];
    top_rules: { side: string; rule: Rule; count: number }[];
    samples: {
      url: string;
      user: string | null;
      published: { action: string; rule: Rule | null };
      staged: { action: string; rule: Rule | null };
    }[];
    unmatched_rules: Rule[];
  };
}

const web = (tid: string, time: number, fields: Record<string, string>): NewEvent => ({
  tid,
  logType: 'scan_web',
  time,
  fields: { domain: new URL(fields.url).hostname, groups: 'staff', src_ip: '10.0.0.9', ...fields },
});

/**
 * acme's window: a gambling site (risk G, Chrome 120), a news site (risk G, Firefox 100), a red
 * site read with curl. With the defaults published: allow, allow, block (risk R).
 */
const CASINO = 'https://casino.example/play';
const NEWS = 'https://news.example/today';
const RISKY = 'https://risky.example/';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:100.0) Gecko/20100101 Firefox/100.0';

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'impact-events-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  now = server.clock.now().getTime();
  const tenants = await server.app.workbench.store.tenants.list();
  const tid = (name: string) => tenants.find((t) => t.name.toLowerCase().includes(name))!.tid;
  const acme = tid('acme');
  await store.append([
    web(acme, now - 2 * HOUR, {
      url: CASINO,
      userid: 'alice@acme.example',
      category: 'gambling',
      risk: 'G',
      user_agent: CHROME,
    }),
    web(acme, now - 3 * HOUR, {
      url: NEWS,
      userid: 'bob@acme.example',
      category: 'news',
      risk: 'G',
      user_agent: FIREFOX,
    }),
    web(acme, now - 4 * HOUR, {
      url: RISKY,
      userid: 'carol@acme.example',
      category: 'news',
      risk: 'R',
      user_agent: 'curl/8.5.0',
    }),
    // Outside a 1-day window, inside 7 days.
    web(acme, now - 3 * DAY, {
      url: CASINO,
      userid: 'dave@acme.example',
      category: 'gambling',
      risk: 'G',
      user_agent: CHROME,
    }),
    // Another tenant's request: never replayed for acme.
    web(tid('globex'), now - 2 * HOUR, {
      url: CASINO,
      userid: 'eve@globex.example',
      category: 'gambling',
      risk: 'G',
      user_agent: CHROME,
    }),
  ]);
  await store.flush();
}, 180_000);

afterAll(async () => {
  await server?.close();
  await store?.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

beforeEach(async () => {
  admin = await signIn(server, 'admin@acme.example');
  // Each test stages its own change on top of the defaults.
  const rev = await revision();
  if (rev.state === 'staged') {
    const r = await server.call(`/api/policy/v1/rules/${rev.staged_rev_id}/discard`, {
      method: 'POST',
      jar: admin.jar,
      body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at },
    });
    expect(r.status).toBe(200);
  }
});

const revision = async (): Promise<Rev> =>
  (await (await server.call('/api/policy/v1/rules?timestamp=1', { jar: admin.jar })).json()) as Rev;

async function stage(kindPath: string, data: unknown): Promise<void> {
  const rev = await revision();
  const r = await server.call(`${kindPath}/${rev.staged_rev_id}`, {
    method: 'PUT',
    jar: admin.jar,
    body: { rev_id: rev.rev_id, state: rev.state, updated_at: rev.updated_at, data },
  });
  expect([r.status, await r.text()]).toEqual([200, expect.anything()]);
}

async function preview(days: number, who = admin): Promise<NonNullable<Job['result']>> {
  const started = await server.call('/api/policy/v1/impact', {
    method: 'POST',
    jar: who.jar,
    body: { days },
  });
  expect(started.status).toBe(200);
  let job = (await started.json()) as Job;
  expect(job.status).toBe('started');
  // The job runs in the background; its row says when it ended.
  while (job.status === 'started') {
    await new Promise((resolve) => setImmediate(resolve));
    const r = await server.call(`/api/policy/v1/impact/${job.id}`, { jar: who.jar });
    expect(r.status).toBe(200);
    job = (await r.json()) as Job;
  }
  expect(job).toMatchObject({ status: 'finished', reason: null });
  expect(job.progress.scanned).toBe(job.progress.total);
  return job.result!;
}

test('a category action: the gambling request goes from allow to block, by the category', async () => {
  await stage('/api/policy/v1/rules/cats', { list: [{ category_id: 27, action: 'block' }] });
  const r = await preview(1);
  expect(r.total).toBe(3);
  expect(r.changed).toBe(1);
  expect(r.matrix).toEqual([{ from: 'allow', to: 'block', count: 1 }]);
  expect(r.top_users).toEqual([{ key: 'alice@acme.example', count: 1 }]);
  expect(r.top_domains).toEqual([{ key: 'casino.example', count: 1 }]);
  expect(r.top_categories).toEqual([{ key: 'gambling', count: 1 }]);
  expect(r.top_rules).toEqual([
    { side: 'staged', rule: expect.objectContaining({ kind: 'cats', key: '27' }), count: 1 },
  ]);
  expect(r.samples).toEqual([
    expect.objectContaining({
      url: CASINO,
      user: 'alice@acme.example',
      published: { action: 'allow', rule: expect.objectContaining({ kind: 'risks', key: 'G' }) },
      staged: { action: 'block', rule: expect.objectContaining({ kind: 'cats', key: '27' }) },
    }),
  ]);
  // Seven days hold the older gambling request too.
  const week = await preview(7);
  expect(week.total).toBe(4);
  expect(week.matrix).toEqual([{ from: 'allow', to: 'block', count: 2 }]);
  expect(week.top_users.map((u) => u.key).sort()).toEqual(['alice@acme.example', 'dave@acme.example']);
});

test('a risk level: the red request goes from block to allow, by the published risk rule', async () => {
  await stage('/api/policy/v1/rules/risks', {
    list: [
      { risk: 'G', action: 'allow' },
      { risk: 'Y', action: 'safeview' },
      { risk: 'R', action: 'allow' },
    ],
    flash: false,
  });
  const r = await preview(1);
  expect(r.changed).toBe(1);
  expect(r.matrix).toEqual([{ from: 'block', to: 'allow', count: 1 }]);
  expect(r.top_rules).toEqual([
    { side: 'staged', rule: expect.objectContaining({ kind: 'risks', key: 'R' }), count: 1 },
  ]);
  expect(r.top_categories).toEqual([{ key: 'news', count: 1 }]);
});

test('a domain rule: the news request is isolated; a rule that matches nothing is listed', async () => {
  await stage('/api/policy/v3/rules/web/exceptions', {
    bypass: [],
    list: [
      {
        id: 'iso-news',
        name: 'Isolate news',
        enabled: true,
        action: 'safeview',
        conditions: { domain: ['news.example'] },
      },
      {
        id: 'nobody',
        name: 'Nobody visits',
        enabled: true,
        action: 'block',
        conditions: { domain: ['nowhere.example'] },
      },
      {
        id: 'off',
        name: 'Switched off',
        enabled: false,
        action: 'block',
        conditions: { domain: ['news.example'] },
      },
    ],
  });
  const r = await preview(1);
  expect(r.matrix).toEqual([{ from: 'allow', to: 'safeview', count: 1 }]);
  expect(r.samples[0]).toMatchObject({
    url: NEWS,
    staged: {
      action: 'safeview',
      rule: { kind: 'web/exceptions', key: 'iso-news', index: 0, name: 'Isolate news' },
    },
  });
  // A disabled rule decides nothing by design: only enabled rules are listed.
  expect(r.unmatched_rules).toEqual([
    { kind: 'web/exceptions', key: 'nobody', index: 1, name: 'Nobody visits' },
  ]);
});

test('the bypass list: the red site is bypassed instead of blocked', async () => {
  await stage('/api/policy/v3/rules/web/exceptions', {
    bypass: ['risky.example', 'unused.example'],
    list: [],
  });
  const r = await preview(1);
  expect(r.matrix).toEqual([{ from: 'block', to: 'bypass', count: 1 }]);
  expect(r.top_domains).toEqual([{ key: 'risky.example', count: 1 }]);
  expect(r.unmatched_rules).toEqual([
    { kind: 'web/exceptions', key: 'unused.example', name: 'Bypass unused.example' },
  ]);
});

test('a user-agent rule: the curl request is allowed', async () => {
  await stage('/api/policy/v3/rules/web/user_agents', {
    list: [
      {
        id: 'curl',
        name: 'Let curl through',
        enabled: true,
        match: 'starts_with',
        value: 'curl/',
        action: 'allow',
      },
    ],
  });
  const r = await preview(1);
  expect(r.matrix).toEqual([{ from: 'block', to: 'allow', count: 1 }]);
  expect(r.top_users).toEqual([{ key: 'carol@acme.example', count: 1 }]);
  expect(r.top_rules[0].rule).toMatchObject({ kind: 'web/user_agents', key: 'curl' });
});

test('a browser rule: Firefox below 101 is blocked; Chrome 120 is not', async () => {
  await stage('/api/policy/v3/rules/bnb', {
    pre: {
      list: [
        {
          id: 'old-ff',
          name: 'Old Firefox',
          enabled: true,
          browser: 'firefox',
          min_version: '101',
          action: 'block',
        },
        {
          id: 'old-chrome',
          name: 'Old Chrome',
          enabled: true,
          browser: 'chrome',
          min_version: '100',
          action: 'block',
        },
      ],
      unsupported_or_non_browsers: 'allow',
    },
    post: { list: [], unsupported_or_non_browsers: 'allow' },
  });
  const r = await preview(1);
  expect(r.matrix).toEqual([{ from: 'allow', to: 'block', count: 1 }]);
  expect(r.samples.map((s) => s.url)).toEqual([NEWS]);
  expect(r.unmatched_rules).toEqual([{ kind: 'bnb', key: 'old-chrome', index: 1, name: 'Old Chrome' }]);
});

test('nothing staged changes nothing; bad windows and other tenants are refused', async () => {
  const r = await preview(30);
  expect(r).toMatchObject({ total: 4, changed: 0, matrix: [], samples: [] });
  const bad = await server.call('/api/policy/v1/impact', {
    method: 'POST',
    jar: admin.jar,
    body: { days: 2 },
  });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toMatch(/days/);
  const started = (await (
    await server.call('/api/policy/v1/impact', { method: 'POST', jar: admin.jar, body: { days: 1 } })
  ).json()) as Job;
  const globex = await signIn(server, 'admin@globex.example');
  expect((await server.call(`/api/policy/v1/impact/${started.id}`, { jar: globex.jar })).status).toBe(404);
  // A role without the web policy's read may not start one.
  const logs = await signIn(server, 'logs@acme.example');
  expect(
    (await server.call('/api/policy/v1/impact', { method: 'POST', jar: logs.jar, body: { days: 1 } })).status,
  ).toBe(403);
});

test('a job its server left started (killed mid-run) reads failed with why once it stopped moving', async () => {
  const acme = (await server.app.workbench.store.tenants.list()).find((t) => t.name === 'acme')!;
  const at = server.clock.now();
  // What a killed server leaves: the row as its last progress wrote it, and nobody running it.
  const orphan = {
    id: 'a0c5a1de-0000-4000-8000-00000000dead',
    tid: acme.tid,
    status: 'started',
    reason: null,
    days: 7,
    rev_id: 1,
    staged_rev_id: 2,
    start: at.getTime() - 7 * 86_400_000,
    end: at.getTime(),
    progress: { scanned: 5000, total: 20000 },
    result: null,
  };
  await server.app.workbench.store.entities.insert({
    entity: IMPACT_JOB_ENTITY,
    id: orphan.id,
    data: orphan,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  });
  const read = async () =>
    (await (await server.call(`/api/policy/v1/impact/${orphan.id}`, { jar: admin.jar })).json()) as Job;
  // Still within its batches' rhythm: started.
  expect((await read()).status).toBe('started');
  server.clock.advance(IMPACT_JOB_STALE_MS + 1000);
  admin = await signIn(server, 'admin@acme.example');
  expect(await read()).toMatchObject({
    status: 'failed',
    // docs/policy-impact.md's words.
    reason: 'The server running this impact preview stopped before it finished: start the preview again.',
    progress: { scanned: 5000, total: 20000 },
  });
  // Stays failed.
  expect((await read()).status).toBe('failed');
});

/**
 * The file server's routes (docs/reports.md §5) through real HTTP against a real event store: the
 * files a tenant's events carry and their reports, tenant scoping (a foreign tenant's file is 404),
 * the log type's permission, bad input (400 naming the field), and the HTML report's sandbox policy
 * with every value escaped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileAnalysisReport, FileserverReply } from '@workbench/common/api/contract/fileserver';
import { fileHtmlReportPath, fileReportPath } from '@workbench/common/api/contract/fileserver';
import {
  signIn,
  signInWithRoles,
  startTestServer,
  type SignedIn,
  type TestServer,
} from '../testing/testServer';
import type { EventStore, NewEvent } from '../events/eventStore';
import { openTestEventStore } from '../testing/testEventStore';
import { demoFileSha256 } from '../seed/eventGenerator';
import { fileIdOf } from './fileAnalysis';

/** 2026-11-02T00:00:00Z. */
const DAY0_MS = 1_793_577_600_000;
const WEB_EXE = demoFileSha256('setup.exe', 'downloads.example');
const EMAIL_TXT = demoFileSha256('notes.txt', 'mail.example');
const GLOBEX_PDF = demoFileSha256('Q3-report.pdf', 'globex.example');
const SCRIPTED = demoFileSha256('<script>', 'x.example');
const UNKNOWN = 'f'.repeat(64);

let server: TestServer;
let store: EventStore;
let storeDir: string;
let acme: SignedIn;
let globex: SignedIn;
let webOnly: SignedIn;
let noLogs: SignedIn;

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fileserver-routes-'));
  store = await openTestEventStore(storeDir);
  server = await startTestServer({ events: { store } });
  const tenants = await server.app.workbench.store.tenants.list();
  const tid = (name: string) => tenants.find((t) => t.name === name)?.tid as string;
  const events: NewEvent[] = [
    {
      tid: tid('acme'),
      logType: 'scan_web',
      time: DAY0_MS + 5000,
      fields: { file_name: 'setup.exe', file_type: 'exe', sha256: WEB_EXE, domain: 'downloads.example' },
    },
    {
      tid: tid('acme'),
      logType: 'scan_web',
      time: DAY0_MS + 1000,
      fields: { file_name: 'setup.exe', file_type: 'exe', sha256: WEB_EXE, domain: 'downloads.example' },
    },
    {
      tid: tid('acme'),
      logType: 'scan_email',
      time: DAY0_MS + 2000,
      fields: { file_name: 'notes.txt', file_type: 'txt', sha256: EMAIL_TXT },
    },
    {
      tid: tid('acme'),
      logType: 'scan_web',
      time: DAY0_MS + 3000,
      fields: { file_name: '<script>parent.pwned=1</script>.pdf', file_type: 'pdf', sha256: SCRIPTED },
    },
    {
      tid: tid('globex'),
      logType: 'scan_web',
      time: DAY0_MS,
      fields: { file_name: 'Q3-report.pdf', file_type: 'pdf', sha256: GLOBEX_PDF },
    },
  ];
  await store.append(events);
  acme = await signIn(server, 'admin@acme.example');
  globex = await signIn(server, 'admin@globex.example');
  webOnly = await signInWithRoles(server, 'acme', 'web-files@acme.example', {
    read: ['logs:web'],
    write: [],
  });
  noLogs = await signInWithRoles(server, 'acme', 'no-logs@acme.example', {
    read: ['dashboard:web'],
    write: [],
  });
});

afterAll(async () => {
  await server.close();
  await store.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

type Answer<T> = { status: number; body: T & { message?: string; field?: string } };

async function query(who: SignedIn | null, body: unknown): Promise<Answer<FileserverReply>> {
  const r = await server.call('/api/rep/v1/fileserver/restapi', {
    method: 'POST',
    body,
    ...(who ? { jar: who.jar } : {}),
  });
  return {
    status: r.status,
    body: (await r.json()) as FileserverReply & { message?: string; field?: string },
  };
}

async function report(who: SignedIn | null, pathname: string): Promise<Answer<FileAnalysisReport>> {
  const r = await server.call(pathname, who ? { jar: who.jar } : {});
  return {
    status: r.status,
    body: (await r.json()) as FileAnalysisReport & { message?: string; field?: string },
  };
}

describe('POST /api/rep/v1/fileserver/restapi', () => {
  it("answers the tenant's files among the hashes, each with its reports, and the hashes not found", async () => {
    const { status, body } = await query(acme, { sha256: [WEB_EXE, EMAIL_TXT, GLOBEX_PDF, UNKNOWN] });
    expect(status).toBe(200);
    expect(body.not_found).toEqual([GLOBEX_PDF, UNKNOWN]);
    expect(body.files.map((f) => f.file)).toEqual([
      {
        sha256: WEB_EXE,
        file_name: 'setup.exe',
        file_type: 'exe',
        size: expect.any(Number),
        log_type: 'scan_web',
        first_seen: (DAY0_MS + 1000) / 1000,
        events: 2,
      },
      {
        sha256: EMAIL_TXT,
        file_name: 'notes.txt',
        file_type: 'txt',
        size: expect.any(Number),
        log_type: 'scan_email',
        first_seen: (DAY0_MS + 2000) / 1000,
        events: 1,
      },
    ]);
    // A program is detonated in the sandbox; a text file is not.
    expect(body.files[0].reports.map((r) => r.plugin)).toEqual(['static_analysis', 'av_scan', 'sandbox']);
    expect(body.files[1].reports.map((r) => r.plugin)).toEqual(['static_analysis', 'av_scan']);
    for (const r of body.files[0].reports) {
      expect(r.file_id).toBe(fileIdOf(WEB_EXE, r.plugin));
      expect(r.completed_at).toBeGreaterThanOrEqual(r.submitted_at);
    }
    // The same file has the same verdict from every plugin, and the same answer next time.
    expect(new Set(body.files[0].reports.map((r) => r.verdict)).size).toBe(1);
    expect((await query(acme, { sha256: [WEB_EXE, EMAIL_TXT] })).body.files).toEqual(body.files);
  });

  it('finds the files of a name', async () => {
    const { status, body } = await query(acme, { file_name: 'setup.exe' });
    expect(status).toBe(200);
    expect(body.files.map((f) => f.file.sha256)).toEqual([WEB_EXE]);
    expect(body.not_found).toEqual([]);
  });

  it('reads only the log types the reader may read', async () => {
    const { body } = await query(webOnly, { sha256: [WEB_EXE, EMAIL_TXT] });
    expect(body.files.map((f) => f.file.sha256)).toEqual([WEB_EXE]);
    expect(body.not_found).toEqual([EMAIL_TXT]);
  });

  it("answers another tenant's files as not found", async () => {
    const { body } = await query(globex, { sha256: [WEB_EXE, GLOBEX_PDF] });
    expect(body.files.map((f) => f.file.sha256)).toEqual([GLOBEX_PDF]);
    expect(body.not_found).toEqual([WEB_EXE]);
  });

  it.each([
    [{ sha256: ['abc'] }, /^sha256/],
    [{ sha256: [WEB_EXE.toUpperCase()] }, /^sha256/],
    [{ sha256: [] }, /^sha256/],
    [{}, /^sha256$/],
    [{ sha256: [WEB_EXE], file_name: 'setup.exe' }, /^sha256$/],
    [{ file_name: '' }, /^file_name$/],
    [{ sha256: [WEB_EXE], extra: 1 }, /^extra$/],
  ])('refuses %j with a 400 naming the field', async (sent, field) => {
    const { status, body } = await query(acme, sent);
    expect(status).toBe(400);
    expect(body.field).toMatch(field);
  });

  it('needs a session (401) and a logs permission (403)', async () => {
    expect((await query(null, { sha256: [WEB_EXE] })).status).toBe(401);
    const refused = await query(noLogs, { sha256: [WEB_EXE] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/logs:web:\*/);
  });
});

describe('GET /api/rep/v1/fileserver/report/{sha256}/{plugin}/{file_id}', () => {
  const path = (sha256: string, plugin: 'static_analysis' | 'av_scan' | 'sandbox') =>
    fileReportPath(sha256, plugin, fileIdOf(sha256, plugin));

  it("answers the plugin's report: verdict, score, engine, findings and the file", async () => {
    const { status, body } = await report(acme, path(WEB_EXE, 'sandbox'));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      plugin: 'sandbox',
      file_id: fileIdOf(WEB_EXE, 'sandbox'),
      verdict: expect.stringMatching(/^(clean|suspicious|malicious)$/),
      engine: expect.any(String),
      file: { sha256: WEB_EXE, file_name: 'setup.exe', events: 2 },
    });
    expect(body.score).toBeGreaterThanOrEqual(0);
    expect(body.score).toBeLessThanOrEqual(100);
    expect(body.findings.length).toBeGreaterThan(0);
    expect((await report(acme, path(WEB_EXE, 'sandbox'))).body).toEqual(body);
  });

  it('is 404 for a file of another tenant, of a log type the reader may not read, or a report it has not', async () => {
    expect((await report(globex, path(WEB_EXE, 'av_scan'))).status).toBe(404);
    expect((await report(acme, path(GLOBEX_PDF, 'av_scan'))).status).toBe(404);
    expect((await report(webOnly, path(EMAIL_TXT, 'av_scan'))).status).toBe(404);
    expect((await report(acme, path(UNKNOWN, 'av_scan'))).status).toBe(404);
    // A text file has no sandbox report; a report id of another plugin is not this one's.
    const noSandbox = await report(acme, path(EMAIL_TXT, 'sandbox'));
    expect([noSandbox.status, noSandbox.body.field]).toEqual([404, 'plugin']);
    const otherId = await report(acme, fileReportPath(WEB_EXE, 'av_scan', fileIdOf(WEB_EXE, 'sandbox')));
    expect([otherId.status, otherId.body.field]).toEqual([404, 'file_id']);
  });

  it.each([
    ['sha256', fileReportPath('xyz', 'av_scan', fileIdOf(WEB_EXE, 'av_scan'))],
    ['plugin', fileReportPath(WEB_EXE, 'yara', fileIdOf(WEB_EXE, 'av_scan'))],
    ['file_id', fileReportPath(WEB_EXE, 'av_scan', 'not-an-id')],
  ])('refuses a bad %s with a 400 naming it', async (field, pathname) => {
    const { status, body } = await report(acme, pathname);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
  });

  it('needs a session (401) and a logs permission (403)', async () => {
    expect((await report(null, path(WEB_EXE, 'av_scan'))).status).toBe(401);
    expect((await report(noLogs, path(WEB_EXE, 'av_scan'))).status).toBe(403);
  });
});

describe('GET /api/rep/v1/fileserver/html-report/{sha256}/{plugin}/{file_id}', () => {
  it('is an HTML document under a sandbox policy, with the values escaped and no script', async () => {
    const r = await server.call(
      fileHtmlReportPath(SCRIPTED, 'static_analysis', fileIdOf(SCRIPTED, 'static_analysis')),
      {
        jar: acme.jar,
      },
    );
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = r.headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toEqual(
      expect.arrayContaining(['sandbox', "default-src 'none'"]),
    );
    expect(csp).not.toMatch(/script-src|allow-scripts|allow-same-origin/);
    const html = await r.text();
    expect(html).toContain('&lt;script&gt;parent.pwned=1&lt;/script&gt;.pdf');
    expect(html).not.toMatch(/<script/i);
  });

  it('is 404 for a foreign tenant and 400 for a bad hash', async () => {
    const foreign = fileHtmlReportPath(WEB_EXE, 'av_scan', fileIdOf(WEB_EXE, 'av_scan'));
    expect((await server.call(foreign, { jar: globex.jar })).status).toBe(404);
    const bad = await server.call(fileHtmlReportPath('1234', 'av_scan', fileIdOf(WEB_EXE, 'av_scan')), {
      jar: acme.jar,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { field: string }).field).toBe('sha256');
  });
});

describe('OpenAPI', () => {
  it('publishes the three file server routes', async () => {
    const doc = (await (await server.call('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(Object.keys(doc.paths['/api/rep/v1/fileserver/restapi'])).toEqual(['post']);
    for (const variant of ['report', 'html-report'])
      expect(
        doc.paths[`/api/rep/v1/fileserver/${variant}/{sha256}/{plugin}/{file_id}`].get.summary,
      ).toBeTruthy();
  });
});

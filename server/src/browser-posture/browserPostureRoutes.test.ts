/**
 * The Browser Posture Manager over real HTTP against a real server (stores in a temp dir;
 * docs/browser-posture.md): the catalogue and its filters; config policies from settings, pasted
 * text and multipart uploads (.reg, Group Policy XML, JSON, Intune), unknown settings reported, a
 * malformed file refused with its line or key and nothing stored; PATCH, DELETE, batchDelete;
 * export → upload round trips per format; assessments per comparator, re-assessment's trend,
 * review status with who and when; permissions, the feature, another tenant; audited writes.
 */
import {
  BROWSER_POSTURE_PATHS as PATHS,
  browserPosturePath,
  type Assessment,
  type AssessmentList,
  type ConfigPolicy,
  type ConfigPolicyList,
  type SettingDefinitionList,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { startAuditedTestServer, type AuditedTestServer } from '../testing/auditedTestServer';
import { signIn, type SignedIn, type TestServer } from '../testing/testServer';

jest.setTimeout(120_000);

let audited: AuditedTestServer;
let server: TestServer;
let admin: SignedIn;
let auditor: SignedIn;
let logs: SignedIn;
let globex: SignedIn;

beforeAll(async () => {
  audited = await startAuditedTestServer('brw-');
  server = audited.server;
  [admin, auditor, logs, globex] = await Promise.all(
    ['admin@acme.example', 'auditor@acme.example', 'logs@acme.example', 'admin@globex.example'].map((u) =>
      signIn(server, u),
    ),
  );
});
afterAll(() => audited.close());

const call = (who: SignedIn, pathname: string, method = 'GET', body?: unknown) =>
  server.call(pathname, { method, jar: who.jar, body });
const json = async <T>(r: Response, status = 200): Promise<T> => {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  return JSON.parse(text) as T;
};
const refusal = (r: Response, status = 400) => json<{ field?: string; message: string }>(r, status);

/** A multipart/form-data upload of one file and some fields. */
function upload(
  who: SignedIn,
  filename: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
) {
  const boundary = `----brw${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return server.call(PATHS.configPolicies, {
    method: 'POST',
    jar: who.jar,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    rawBody: new Uint8Array(Buffer.concat(parts)),
  });
}
const list = async (who = admin) =>
  (await json<ConfigPolicyList>(await call(who, PATHS.configPolicies))).configPolicies;
const settingsOf = (p: ConfigPolicy) => Object.fromEntries(p.settings.map((s) => [s.name, s.value]));

type AuditRow = Record<string, string | number>;
async function postureAudits(): Promise<AuditRow[]> {
  server.clock.advance(1000);
  const r = await call(admin, `/api/rep/v1/query/scan_audit?limit=1000`);
  return ((await r.json()) as { events: AuditRow[] }).events.filter(
    (e) => e.sub_event_type === 'browser_posture',
  );
}

const CHROME_REG = [
  'Windows Registry Editor Version 5.00',
  '',
  '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome]',
  '"PasswordManagerEnabled"=dword:00000000',
  '"SafeBrowsingProtectionLevel"=dword:00000001',
  '"SSLVersionMin"="tls1"',
  '"DownloadRestrictions"=dword:00000004',
  '"HomepageLocation"="https://intranet.example/\\"home\\""',
  '"SomeFuturePolicy"=dword:00000001',
  '',
  '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome\\URLBlocklist]',
  '"2"="ftp://*"',
  '"1"="javascript://*"',
  '',
].join('\r\n');

describe('the setting definitions catalogue', () => {
  test('has at least 150 real settings of the three browsers; filters by platform, browser, version and text', async () => {
    const all = await json<SettingDefinitionList>(await call(admin, PATHS.settingDefinitions));
    expect(all.total).toBeGreaterThanOrEqual(150);
    expect(new Set(all.definitions.map((d) => d.browser))).toEqual(new Set(['chrome', 'edge', 'firefox']));
    const chrome = await json<SettingDefinitionList>(
      await call(admin, `${PATHS.settingDefinitions}?browser=chrome&platform=macos`),
    );
    expect(chrome.definitions.every((d) => d.browser === 'chrome' && d.platforms.includes('macos'))).toBe(
      true,
    );
    // Windows-only policies are not offered for macOS.
    expect(chrome.definitions.map((d) => d.name)).not.toContain('ChromeCleanupEnabled');
    const old = await json<SettingDefinitionList>(
      await call(admin, `${PATHS.settingDefinitions}?browser=chrome&version=70`),
    );
    expect(old.definitions.map((d) => d.name)).toContain('PasswordManagerEnabled');
    expect(old.definitions.map((d) => d.name)).not.toContain('SafeBrowsingProtectionLevel'); // since 83
    const text = await json<SettingDefinitionList>(
      await call(admin, `${PATHS.settingDefinitions}?browser=edge&q=smartscreen&securityRelevant=true`),
    );
    expect(text.definitions.length).toBeGreaterThanOrEqual(4);
    expect((await refusal(await call(admin, `${PATHS.settingDefinitions}?browser=opera`))).message).toMatch(
      /browser/,
    );
    expect((await call(admin, `${PATHS.settingDefinitions}?version=abc`)).status).toBe(400);
  });
});

describe('config policies', () => {
  test('a .reg upload maps its settings onto the catalogue, its list subkey in order, unknown settings reported', async () => {
    const policy = await json<ConfigPolicy>(
      await upload(admin, 'chrome-office.reg', CHROME_REG, { name: 'Office Chrome' }),
      201,
    );
    expect(policy).toMatchObject({
      name: 'Office Chrome',
      browser: 'chrome',
      platform: 'windows',
      createdBy: 'admin@acme.example',
      uploadedFile: { filename: 'chrome-office.reg', format: 'registry' },
    });
    expect(settingsOf(policy)).toEqual({
      PasswordManagerEnabled: false,
      SafeBrowsingProtectionLevel: 1,
      SSLVersionMin: 'tls1',
      DownloadRestrictions: 4,
      HomepageLocation: 'https://intranet.example/"home"',
      URLBlocklist: ['javascript://*', 'ftp://*'],
    });
    expect(policy.unknownSettings).toEqual([{ name: 'SomeFuturePolicy', value: 1, line: 9 }]);
    expect((await list()).map((p) => p.id)).toContain(policy.id);
    // regedit's own encoding (UTF-16LE with its mark) reads the same.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CHROME_REG, 'utf16le')]);
    const again = await json<ConfigPolicy>(await upload(admin, 'utf16.reg', utf16), 201);
    expect(settingsOf(again)).toEqual(settingsOf(policy));
    expect(again.name).toBe('utf16');
  });

  test('a malformed upload is refused with the line or key that failed, and nothing is stored', async () => {
    const before = await list();
    const cases: [string, string, Record<string, string>, RegExp][] = [
      ['bad.reg', CHROME_REG.replace('"SSLVersionMin"="tls1"', '"SSLVersionMin"=hex:01,02'), {}, /line 6/],
      [
        'bad.reg',
        CHROME_REG.replace('dword:00000000', 'dword:00000007'),
        {},
        /line 4: PasswordManagerEnabled takes a DWORD of 0 or 1/,
      ],
      [
        'bad.reg',
        CHROME_REG.replace('"SSLVersionMin"="tls1"', '"SSLVersionMin"="ssl3"'),
        {},
        /line 6: SSLVersionMin takes one of/,
      ],
      [
        'bad.reg',
        `${CHROME_REG}[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Mozilla\\Firefox]\r\n"DisableTelemetry"=dword:1`,
        {},
        /line 15: a policy is of one browser/,
      ],
      [
        'bad.reg',
        CHROME_REG.replace(
          '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome]',
          '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Acme]',
        ),
        {},
        /line 3: .*not under the policy key/,
      ],
      [
        'bad.xml',
        '<?xml version="1.0"?>\n<RegistrySettings>\n<Registry name="x">\n</RegistrySettings>',
        {},
        /line 4/,
      ],
      [
        'bad.json',
        '{\n  "policies": {\n    "DisableAppUpdate": "yes"\n  }\n}',
        { browser: 'firefox' },
        /policies\.DisableAppUpdate: DisableAppUpdate takes true or false/,
      ],
      ['bad.json', '{\n  "PasswordManagerEnabled": true,\n  oops\n}', { browser: 'chrome' }, /line 3/],
      ['plain.json', '{"PasswordManagerEnabled": true}', {}, /names no browser/],
      ['notes.txt', 'hello', {}, /not a policy file/],
    ];
    for (const [name, text, fields, message] of cases) {
      const r = await refusal(await upload(admin, name, text, fields));
      expect({ name, field: r.field, message: r.message }).toMatchObject({
        name,
        field: 'file',
        message: expect.stringMatching(message),
      });
    }
    // Not multipart at all.
    expect((await refusal(await call(admin, PATHS.configPolicies, 'POST', { name: 'x' }))).field).toBe(
      'file',
    );
    expect((await list()).length).toBe(before.length);
  });

  test('Group Policy registry XML and Firefox policies.json are read; Firefox nested policies are dotted names', async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<RegistrySettings clsid="{A3CCFC41-DFDB-43a5-8D26-0FE8B954DA51}">
  <Collection clsid="{53B533F5-224C-47e3-B01B-CA3B3F3FF4BF}" name="Edge">
    <Registry clsid="{9CD4B2F4-923D-47f5-A062-E897DD1DAD50}" name="SmartScreenEnabled"><Properties action="U" hive="HKEY_LOCAL_MACHINE" key="SOFTWARE\\Policies\\Microsoft\\Edge" name="SmartScreenEnabled" type="REG_DWORD" value="00000001"/></Registry>
  </Collection>
  <Registry clsid="{9CD4B2F4-923D-47f5-A062-E897DD1DAD50}" name="TrackingPrevention"><Properties action="U" hive="HKEY_LOCAL_MACHINE" key="SOFTWARE\\Policies\\Microsoft\\Edge" name="TrackingPrevention" type="REG_DWORD" value="00000003"/></Registry>
</RegistrySettings>`;
    const edge = await json<ConfigPolicy>(
      await upload(admin, 'Registry.xml', xml, { platform: 'windows' }),
      201,
    );
    expect(edge.browser).toBe('edge');
    expect(settingsOf(edge)).toEqual({ SmartScreenEnabled: true, TrackingPrevention: 3 });
    const firefox = await json<ConfigPolicy>(
      await upload(
        admin,
        'policies.json',
        JSON.stringify({ policies: { DisableAppUpdate: false, DNSOverHTTPS: { Enabled: true, Fancy: 1 } } }),
        { browser: 'firefox', platform: 'macos', name: 'Mac Firefox' },
      ),
      201,
    );
    expect(firefox).toMatchObject({
      browser: 'firefox',
      platform: 'macos',
      uploadedFile: { format: 'json' },
    });
    expect(settingsOf(firefox)).toEqual({ DisableAppUpdate: false, 'DNSOverHTTPS.Enabled': true });
    expect(firefox.unknownSettings).toEqual([{ name: 'DNSOverHTTPS.Fancy', value: 1 }]);
  });

  test('inputPolicy: from typed settings (checked against the catalogue) or pasted text; one of the two', async () => {
    const typed = await json<ConfigPolicy>(
      await call(admin, PATHS.inputPolicy, 'POST', {
        name: 'Typed',
        browser: 'chrome',
        settings: [
          { name: 'SitePerProcess', value: true },
          { name: 'RelaunchNotificationPeriod', value: 86400000 },
        ],
      }),
      201,
    );
    expect(settingsOf(typed)).toEqual({ SitePerProcess: true, RelaunchNotificationPeriod: 86400000 });
    expect(typed.uploadedFile).toBeNull();
    const pasted = await json<ConfigPolicy>(
      await call(admin, PATHS.inputPolicy, 'POST', { name: 'Pasted', text: CHROME_REG }),
      201,
    );
    expect(pasted.browser).toBe('chrome');
    expect(pasted.unknownSettings.map((s) => s.name)).toEqual(['SomeFuturePolicy']);
    const before = (await list()).length;
    const bad: [unknown, string][] = [
      [
        { name: 'x', browser: 'chrome', settings: [{ name: 'NoSuchPolicy', value: true }] },
        'settings.0.name',
      ],
      [
        { name: 'x', browser: 'chrome', settings: [{ name: 'SitePerProcess', value: 1 }] },
        'settings.0.value',
      ],
      [
        { name: 'x', browser: 'chrome', settings: [{ name: 'RelaunchNotificationPeriod', value: 5 }] },
        'settings.0.value',
      ],
      [{ name: 'x', settings: [] }, 'browser'],
      [{ name: 'x', browser: 'chrome' }, 'settings'],
      [{ name: 'x', text: 'nonsense' }, 'text'],
    ];
    for (const [body, field] of bad)
      expect((await refusal(await call(admin, PATHS.inputPolicy, 'POST', body))).field).toBe(field);
    expect((await list()).length).toBe(before);
  });

  test('PATCH changes the fields given (409 on a stale updatedAt); DELETE and batchDelete (one unknown id deletes nothing); audited', async () => {
    const p = await json<ConfigPolicy>(
      await call(admin, PATHS.inputPolicy, 'POST', { name: 'To edit', browser: 'edge', settings: [] }),
      201,
    );
    server.clock.advance(1000);
    const patched = await json<ConfigPolicy>(
      await call(admin, PATHS.configPolicies, 'PATCH', {
        id: p.id,
        name: 'Edited',
        settings: [{ name: 'SmartScreenEnabled', value: true }],
        updatedAt: p.updatedAt,
      }),
    );
    expect(patched).toMatchObject({ name: 'Edited', updatedBy: 'admin@acme.example' });
    expect(settingsOf(patched)).toEqual({ SmartScreenEnabled: true });
    expect(
      (
        await refusal(
          await call(admin, PATHS.configPolicies, 'PATCH', { id: p.id, name: 'x', updatedAt: p.updatedAt }),
          409,
        )
      ).field,
    ).toBe('updatedAt');
    expect(
      (
        await refusal(
          await call(admin, PATHS.configPolicies, 'PATCH', {
            id: p.id,
            settings: [{ name: 'TrackingPrevention', value: 9 }],
          }),
        )
      ).field,
    ).toBe('settings.0.value');
    expect(
      (await refusal(await call(admin, PATHS.configPolicies, 'PATCH', { id: 'nope', name: 'x' }), 404)).field,
    ).toBe('id');

    const q = await json<ConfigPolicy>(
      await call(admin, PATHS.inputPolicy, 'POST', { name: 'Second', browser: 'edge', settings: [] }),
      201,
    );
    expect(
      (await refusal(await call(admin, PATHS.batchDelete, 'POST', { ids: [p.id, 'nope'] }), 404)).field,
    ).toBe('ids.1');
    expect((await list()).map((x) => x.id)).toEqual(expect.arrayContaining([p.id, q.id]));
    expect(await json(await call(admin, PATHS.batchDelete, 'POST', { ids: [p.id, q.id] }))).toEqual({
      deleted: [p.id, q.id],
    });
    const r = await json<ConfigPolicy>(
      await call(admin, PATHS.inputPolicy, 'POST', { name: 'Third', browser: 'edge', settings: [] }),
      201,
    );
    expect(await json(await call(admin, `${PATHS.configPolicies}?id=${r.id}`, 'DELETE'))).toEqual({
      deleted: [r.id],
    });
    expect((await list()).map((x) => x.id)).not.toEqual(expect.arrayContaining([p.id]));

    const audits = await postureAudits();
    const edit = audits.find((e) => String(e.details).includes('Changed the browser config policy Edited'));
    expect(edit).toBeDefined();
    expect(JSON.parse(String(edit?.before))).toMatchObject({ name: 'To edit' });
    expect(JSON.parse(String(edit?.after))).toMatchObject({ name: 'Edited' });
    expect(
      audits.some((e) => String(e.details).includes('Deleted the browser config policies Edited, Second')),
    ).toBe(true);
  });
});

describe('export: real files that read back through the upload', () => {
  test.each(['registry', 'registryXmlGpo', 'microsoftIntune'] as const)('%s round-trips', async (format) => {
    const original = await json<ConfigPolicy>(
      await upload(admin, 'rt.reg', CHROME_REG, { name: `Round ${format}` }),
      201,
    );
    const r = await call(admin, `${PATHS.export}?id=${original.id}&format=${format}`);
    expect(r.status).toBe(200);
    const disposition = r.headers.get('content-disposition') ?? '';
    const file = await r.text();
    if (format === 'registry') {
      expect(disposition).toContain('Round-registry-chrome.reg');
      expect(file.startsWith('Windows Registry Editor Version 5.00\r\n')).toBe(true);
      expect(file).toContain('"PasswordManagerEnabled"=dword:00000000');
      expect(file).toContain(
        '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome\\URLBlocklist]\r\n"1"="javascript://*"',
      );
    } else if (format === 'registryXmlGpo') {
      expect(disposition).toContain('-Registry.xml');
      expect(file).toContain('<RegistrySettings clsid="{A3CCFC41-DFDB-43a5-8D26-0FE8B954DA51}">');
      expect(file).toContain(
        'key="SOFTWARE\\Policies\\Google\\Chrome" name="SafeBrowsingProtectionLevel" type="REG_DWORD" value="00000001"',
      );
    } else {
      const doc = JSON.parse(file) as {
        '@odata.type': string;
        omaSettings: { omaUri: string; value: string }[];
      };
      expect(doc['@odata.type']).toBe('#microsoft.graph.windows10CustomConfiguration');
      expect(doc.omaSettings).toContainEqual(
        expect.objectContaining({
          omaUri: './Device/Vendor/MSFT/Policy/Config/Chrome~Policy~googlechrome/PasswordManagerEnabled',
          value: '<disabled/>',
        }),
      );
    }
    const back = await json<ConfigPolicy>(await upload(admin, `back.${format}`, file, { name: 'Back' }), 201);
    expect(back.browser).toBe('chrome');
    expect(settingsOf(back)).toEqual(settingsOf(original));
    expect(back.unknownSettings.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: 'SomeFuturePolicy', value: 1 },
    ]);
  });

  test('an unknown format is 400 naming it; another tenant’s policy is 404', async () => {
    const p = (await list())[0];
    expect((await refusal(await call(admin, `${PATHS.export}?id=${p.id}&format=pdf`))).message).toMatch(
      /format/,
    );
    expect((await call(globex, `${PATHS.export}?id=${p.id}&format=registry`)).status).toBe(404);
  });
});

describe('assessments', () => {
  test('the seeded baseline per browser; each comparator hand-checked; not configured; re-assess shows the trend; review with who and when', async () => {
    const { benchmarkPolicies } = await json<{
      benchmarkPolicies: { id: string; browser: string; rules: unknown[] }[];
    }>(await call(admin, PATHS.benchmarkPolicies));
    expect(benchmarkPolicies.map((b) => b.browser).sort()).toEqual(['chrome', 'edge', 'firefox']);

    // Chrome's baseline has 10 rules; this policy sets 6 of them.
    const p = await json<ConfigPolicy>(
      await call(admin, PATHS.inputPolicy, 'POST', {
        name: 'Assessed',
        browser: 'chrome',
        settings: [
          { name: 'SafeBrowsingProtectionLevel', value: 0 }, // greater_than 0: fails at the bound
          { name: 'DownloadRestrictions', value: 4 }, // inbetween 1..4: passes at the upper bound
          { name: 'RelaunchNotificationPeriod', value: 259200000 }, // less_than 259200001: passes
          { name: 'SSLVersionMin', value: 'tls1.1' }, // equal tls1.2: fails
          { name: 'SitePerProcess', value: true }, // equal true: passes
          { name: 'AmbientAuthenticationInPrivateModesEnabled', value: 1 }, // less_than 1: fails at the bound
        ],
      }),
      201,
    );
    const first = await json<Assessment>(
      await call(admin, browserPosturePath(PATHS.assessOne, p.id), 'POST', {}),
      201,
    );
    const status = Object.fromEntries(first.results.map((r) => [r.setting, [r.status, r.actual]]));
    expect(status).toMatchObject({
      SafeBrowsingProtectionLevel: ['fail', 0],
      DownloadRestrictions: ['pass', 4],
      RelaunchNotificationPeriod: ['pass', 259200000],
      SSLVersionMin: ['fail', 'tls1.1'],
      SitePerProcess: ['pass', true],
      AmbientAuthenticationInPrivateModesEnabled: ['fail', 1],
      PasswordLeakDetectionEnabled: ['not_configured', null],
    });
    expect(first.results.find((r) => r.setting === 'DownloadRestrictions')?.expected).toEqual([1, 4]);
    expect(first).toMatchObject({
      benchmarkPolicyId: 'chrome-security-baseline',
      passed: 3,
      failed: 3,
      notConfigured: 4,
      score: 30,
      trend: null,
      reviewStatus: 'unreviewed',
      assessedBy: 'admin@acme.example',
    });

    // Fix two failing rules in the policy and re-assess: the score rises and the history shows it.
    server.clock.advance(1000);
    await json(
      await call(admin, PATHS.configPolicies, 'PATCH', {
        id: p.id,
        settings: [
          { name: 'SafeBrowsingProtectionLevel', value: 2 },
          { name: 'DownloadRestrictions', value: 4 },
          { name: 'RelaunchNotificationPeriod', value: 259200000 },
          { name: 'SSLVersionMin', value: 'tls1.2' },
          { name: 'SitePerProcess', value: true },
          { name: 'AmbientAuthenticationInPrivateModesEnabled', value: 0 },
        ],
      }),
    );
    const reviewed = await json<Assessment>(
      await call(admin, browserPosturePath(PATHS.reviewStatus, first.id), 'PUT', {
        reviewStatus: 'reviewed',
        comment: 'Seen',
      }),
    );
    expect(reviewed).toMatchObject({
      reviewStatus: 'reviewed',
      reviewedBy: 'admin@acme.example',
      reviewComment: 'Seen',
    });
    expect(reviewed.reviewedAt).toEqual(expect.any(String));
    server.clock.advance(1000);
    const second = await json<Assessment>(
      await call(admin, browserPosturePath(PATHS.reassess, first.id), 'POST', {}),
    );
    expect(second).toMatchObject({
      id: first.id,
      passed: 6,
      failed: 0,
      score: 60,
      trend: 30,
      reviewStatus: 'unreviewed',
    });
    expect(second.history.map((h) => h.score)).toEqual([30, 60]);
    expect(
      await json<Assessment>(await call(auditor, browserPosturePath(PATHS.assessment, first.id))),
    ).toEqual(second);
    const all = await json<AssessmentList>(await call(admin, PATHS.assessments));
    expect(all.assessments[0]).toMatchObject({ id: first.id, score: 60, trend: 30 });

    // assess (several at once, a named benchmark of the policy's browser only).
    expect(
      (
        await refusal(
          await call(admin, PATHS.assess, 'POST', {
            configPolicyIds: [p.id],
            benchmarkPolicyId: 'edge-security-baseline',
          }),
        )
      ).field,
    ).toBe('benchmarkPolicyId');
    const batch = await json<AssessmentList>(
      await call(admin, PATHS.assess, 'POST', { configPolicyIds: [p.id] }),
      201,
    );
    expect(batch.assessments).toHaveLength(1);
    expect(
      (
        await refusal(
          await call(admin, browserPosturePath(PATHS.reviewStatus, first.id), 'PUT', {
            reviewStatus: 'done',
          }),
        )
      ).field,
    ).toMatch(/reviewStatus/);

    const audits = await postureAudits();
    const review = audits.find((e) =>
      String(e.details).startsWith('Marked the assessment of Assessed reviewed'),
    );
    expect(JSON.parse(String(review?.after))).toMatchObject({
      reviewStatus: 'reviewed',
      reviewedBy: 'admin@acme.example',
    });
  });
});

describe('permissions, feature, another tenant', () => {
  test('reads need the items’ read permission, writes their write permission; no session is 401', async () => {
    expect((await call(logs, PATHS.configPolicies)).status).toBe(403);
    expect((await call(logs, PATHS.settingDefinitions)).status).toBe(403);
    expect((await call(auditor, PATHS.configPolicies)).status).toBe(200);
    expect((await call(auditor, PATHS.benchmarkPolicies)).status).toBe(200);
    expect(
      (await call(auditor, PATHS.inputPolicy, 'POST', { name: 'x', browser: 'chrome', settings: [] })).status,
    ).toBe(403);
    expect((await upload(auditor, 'a.reg', CHROME_REG)).status).toBe(403);
    expect((await call(auditor, PATHS.assess, 'POST', { configPolicyIds: ['x'] })).status).toBe(403);
    expect((await server.call(PATHS.configPolicies)).status).toBe(401);
  });

  test('another tenant sees none of acme’s policies or assessments; without the feature it is refused', async () => {
    const mine = await list();
    expect(mine.length).toBeGreaterThan(0);
    expect(await list(globex)).toEqual([]);
    const id = mine[0].id;
    expect((await call(globex, PATHS.configPolicies, 'PATCH', { id, name: 'mine now' })).status).toBe(404);
    expect((await call(globex, `${PATHS.configPolicies}?id=${id}`, 'DELETE')).status).toBe(404);
    expect((await call(globex, browserPosturePath(PATHS.assessOne, id), 'POST', {})).status).toBe(404);
    const [assessment] = (await json<AssessmentList>(await call(admin, PATHS.assessments))).assessments;
    expect((await call(globex, browserPosturePath(PATHS.assessment, assessment.id))).status).toBe(404);
    expect(
      (
        await call(globex, browserPosturePath(PATHS.reviewStatus, assessment.id), 'PUT', {
          reviewStatus: 'reviewed',
        })
      ).status,
    ).toBe(404);
    expect((await json<AssessmentList>(await call(globex, PATHS.assessments))).assessments).toEqual([]);
    expect((await list()).find((p) => p.id === id)?.name).toBe(mine[0].name);

    const store = server.app.workbench.store;
    const tid = (await store.tenants.list()).find((t) => t.name === 'globex')?.tid ?? '';
    const tenant = await store.tenants.get(tid);
    await store.tenants.update(tid, { capabilities: { ...tenant?.capabilities, browser_posture: false } });
    const refused = await call(globex, PATHS.configPolicies);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('browser_posture');
  });
});

/**
 * api-client-layer §7 Browser posture, with §3's browser config policy (uploaded file, createdBy,
 * name, ids; export formats microsoftIntune, registry, registryXmlGpo) and §3's comparators. The
 * spec names the calls and not their bodies: the rows name the choice (`browser-posture`).
 */
import { expectFields, expectRefused, expectStatus, ok, type Suite } from '../checks';
import { acl, type SpecEndpoint } from '../endpointTypes';

const FAMILY = 'api-client-layer §7 Browser posture';
const BRW = '/api/brw-posture-mgmt/v1/';
const POLICIES = `${BRW}configPolicies`;
const CALLS = acl(
  '§7 Browser posture',
  'configPolicies: GET, POST (multipart), PATCH, DELETE, batchDelete, export?format, inputPolicy, assess, assess/{id}, reassess/{id}, assessments/{id}, and assessments/{id}/reviewStatus (PUT).',
);
const ENTITY = acl(
  '§3 Other settings entities',
  'Browser config policy: uploaded file, createdBy, name, ids. Export formats: microsoftIntune, registry, registryXmlGpo.',
);
const COMPARATORS = acl('§3 Enumerations', 'comparators: equal, inbetween, less_than, greater_than');
const DEFINITIONS = acl(
  '§7 Browser posture',
  'configSettingDefinitions with optional platform, browser and version.',
);
const BENCHMARKS = acl('§7 Browser posture', 'benchmarkPolicies.');
const EXPORT_FORMATS = ['microsoftIntune', 'registry', 'registryXmlGpo'];

const A_REG_FILE = [
  'Windows Registry Editor Version 5.00',
  '',
  '[HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Google\\Chrome]',
  '"PasswordManagerEnabled"=dword:00000000',
  '"SSLErrorOverrideAllowed"=dword:00000001',
  '',
].join('\r\n');

/** Uploads a policy file as multipart/form-data. */
function upload(suite: Suite, text: string, filename: string) {
  const form = new FormData();
  form.set('name', `Conformance ${filename}`);
  form.set('file', new Blob([text]), filename);
  return suite.tenant.send({ method: 'POST', path: POLICIES, form });
}
async function aPolicy(suite: Suite): Promise<string> {
  return String(ok(await upload(suite, A_REG_FILE, 'conformance.reg'), 201).id);
}
async function anAssessment(suite: Suite): Promise<string> {
  const id = await aPolicy(suite);
  return String(ok(await suite.tenant.post(`${POLICIES}/assess/${id}`, {}), 201).id);
}

const row = (
  method: SpecEndpoint['method'],
  path: string,
  check: SpecEndpoint['check'],
  sources = [CALLS],
): SpecEndpoint => ({
  family: FAMILY,
  method,
  path,
  sources,
  silent: ['browser-posture', 'error-field'],
  check,
});

export const BROWSER_POSTURE_ENDPOINTS: readonly SpecEndpoint[] = [
  row(
    'GET',
    POLICIES,
    async (suite) => {
      const id = await aPolicy(suite);
      const list = ok(await suite.tenant.get(POLICIES)).configPolicies as Record<string, unknown>[];
      const policy = list.find((p) => p.id === id);
      expectFields(policy, ['id', 'name', 'createdBy', 'uploadedFile']);
    },
    [CALLS, ENTITY],
  ),
  row(
    'POST',
    POLICIES,
    async (suite) => {
      const policy = ok(await upload(suite, A_REG_FILE, 'conformance.reg'), 201);
      expectFields(policy, ['id', 'name', 'createdBy', 'uploadedFile.filename']);
      expectRefused(await upload(suite, 'Windows Registry Editor Version 5.00\r\n"a"=1', 'bad.reg'), 'file');
    },
    [CALLS, ENTITY],
  ),
  row('PATCH', POLICIES, async (suite) => {
    const id = await aPolicy(suite);
    expect(ok(await suite.tenant.patch(POLICIES, { id, name: 'Renamed by conformance' })).name).toBe(
      'Renamed by conformance',
    );
  }),
  row('DELETE', POLICIES, async (suite) => {
    const id = await aPolicy(suite);
    ok(await suite.tenant.delete(POLICIES, undefined, { id }));
    const list = ok(await suite.tenant.get(POLICIES)).configPolicies as Record<string, unknown>[];
    expect(list.some((p) => p.id === id)).toBe(false);
  }),
  row(
    'ANY',
    `${POLICIES}/batchDelete`,
    async (suite) => {
      const ids = [await aPolicy(suite), await aPolicy(suite)];
      ok(await suite.tenant.post(`${POLICIES}/batchDelete`, { ids }));
      const list = ok(await suite.tenant.get(POLICIES)).configPolicies as Record<string, unknown>[];
      expect(list.some((p) => ids.includes(String(p.id)))).toBe(false);
    },
    [CALLS, ENTITY],
  ),
  row(
    'ANY',
    `${POLICIES}/export`,
    async (suite) => {
      const id = await aPolicy(suite);
      for (const format of EXPORT_FORMATS) {
        const file = await suite.tenant.get(`${POLICIES}/export`, { id, format });
        expectStatus(file, 200);
        expect(file.text).toContain('PasswordManagerEnabled');
        // The exported file reads back through the upload.
        ok(await upload(suite, file.text, `back-${format}`), 201);
      }
      expectRefused(await suite.tenant.get(`${POLICIES}/export`, { id, format: 'csv' }), 'format');
    },
    [CALLS, ENTITY],
  ),
  row('ANY', `${POLICIES}/inputPolicy`, async (suite) => {
    const policy = ok(
      await suite.tenant.post(`${POLICIES}/inputPolicy`, {
        name: 'Conformance typed',
        browser: 'edge',
        settings: [{ name: 'SmartScreenEnabled', value: true }],
      }),
      201,
    );
    expectFields(policy, ['id', 'name', 'createdBy']);
  }),
  row(
    'ANY',
    `${POLICIES}/assess`,
    async (suite) => {
      const id = await aPolicy(suite);
      const answer = ok(await suite.tenant.post(`${POLICIES}/assess`, { configPolicyIds: [id] }), 201);
      const [assessment] = answer.assessments as Record<string, unknown>[];
      expectFields(assessment, ['id', 'score', 'results']);
    },
    [CALLS, COMPARATORS],
  ),
  row(
    'ANY',
    `${POLICIES}/assess/{id}`,
    async (suite) => {
      const id = await aPolicy(suite);
      const assessment = ok(await suite.tenant.post(`${POLICIES}/assess/${id}`, {}), 201);
      const results = assessment.results as Record<string, unknown>[];
      expect(results.find((r) => r.setting === 'SSLErrorOverrideAllowed')).toMatchObject({
        comparator: 'equal',
        status: 'fail',
      });
      for (const r of results)
        expect(['equal', 'inbetween', 'less_than', 'greater_than']).toContain(r.comparator);
    },
    [CALLS, COMPARATORS],
  ),
  row('ANY', `${POLICIES}/reassess/{id}`, async (suite) => {
    const id = await anAssessment(suite);
    const again = ok(await suite.tenant.post(`${POLICIES}/reassess/${id}`, {}));
    expect((again.history as unknown[]).length).toBe(2);
  }),
  row('ANY', `${POLICIES}/assessments/{id}`, async (suite) => {
    const id = await anAssessment(suite);
    expectFields(ok(await suite.tenant.get(`${POLICIES}/assessments/${id}`)), ['id', 'score', 'results']);
    expectStatus(await suite.tenant.get(`${POLICIES}/assessments/no-such-assessment`), 404);
  }),
  row('PUT', `${POLICIES}/assessments/{id}/reviewStatus`, async (suite) => {
    const id = await anAssessment(suite);
    const reviewed = ok(
      await suite.tenant.put(`${POLICIES}/assessments/${id}/reviewStatus`, { reviewStatus: 'reviewed' }),
    );
    expectFields(reviewed, ['reviewStatus', 'reviewedBy', 'reviewedAt']);
    expectRefused(
      await suite.tenant.put(`${POLICIES}/assessments/${id}/reviewStatus`, { reviewStatus: 'maybe' }),
      'reviewStatus',
    );
  }),
  row(
    'GET',
    `${BRW}configSettingDefinitions`,
    async (suite) => {
      const answer = ok(
        await suite.tenant.get(`${BRW}configSettingDefinitions`, {
          platform: 'windows',
          browser: 'chrome',
          version: '120',
        }),
      );
      const definitions = answer.definitions as Record<string, unknown>[];
      expect(definitions.length).toBeGreaterThan(0);
      expect(definitions.every((d) => d.browser === 'chrome')).toBe(true);
      expectRefused(
        await suite.tenant.get(`${BRW}configSettingDefinitions`, { platform: 'amiga' }),
        'platform',
      );
    },
    [DEFINITIONS],
  ),
  row(
    'ANY',
    `${BRW}benchmarkPolicies`,
    async (suite) => {
      const list = ok(await suite.tenant.get(`${BRW}benchmarkPolicies`)).benchmarkPolicies as Record<
        string,
        unknown
      >[];
      expect(list.length).toBeGreaterThan(0);
      for (const b of list)
        for (const r of b.rules as Record<string, unknown>[])
          expect(['equal', 'inbetween', 'less_than', 'greater_than']).toContain(r.comparator);
    },
    [BENCHMARKS, COMPARATORS],
  ),
];

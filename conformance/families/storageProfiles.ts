/**
 * api-client-layer §7 Tenant settings, storage profiles, with §3 Storage profile and §5's schema
 * rule: the envelope (list, updated_at, updated_by), a profile's fields, the two platform forms,
 * the limits (1-50 profiles, texts 1-250 characters), `validate` and `capabilities`. The request
 * bodies are the spec's own fields, written out here; where the spec is silent (how a form names
 * its platform, the secret being write-only, what validate and capabilities answer) the rows name
 * the choice (`storage-profiles`).
 */
import { expectFields, expectListDocument, expectRefused, ok, type Suite } from '../checks';
import { acl, type SpecEndpoint } from '../endpointTypes';

const FAMILY = 'api-client-layer §7 Tenant settings';
const PATH = '/api/settings/v1/tenants/storage_profiles';
const CALLS = acl(
  '§7 Tenant settings',
  'Storage profiles: GET and POST with list, updated_at, updated_by; POST validate; capabilities.',
);
const SHAPE = acl(
  '§3 Storage profile',
  'The envelope has list (1 to 50 profiles), updated_at and updated_by. Each profile has: uuid, name (1-250 chars), description (1-250 chars), validated (boolean), limit_size: enabled, max_size, units (GB, MB or KB), access_type: read or readwrite, storage_platform, one of two forms.',
);
const FORMS = acl(
  '§3 Storage profile',
  "'Amazon AWS': s3_bucket, key_id, secret_key and path, all required, 1-250 chars each. Optional assume_role with external_aws_ac_id, iam_role_name, external_id; and assume_role_key. 'Microsoft Azure': account, share, secret_key and path required; storage_mode file or blob.",
);
const RULE = acl(
  '§5 Validation rules',
  'Storage profile schema: 1-50 profiles; text fields 1-250 chars; required fields per platform as listed; units GB/MB/KB; storage mode file/blob.',
);

const PROFILE_FIELDS = [
  'uuid',
  'name',
  'description',
  'validated',
  'limit_size.enabled',
  'limit_size.max_size',
  'limit_size.units',
  'access_type',
  'storage_platform.name',
  'storage_platform.path',
];

const awsProfile = (name: string) => ({
  name,
  description: 'Conformance suite profile',
  validated: false,
  limit_size: { enabled: true, max_size: 5, units: 'MB' },
  access_type: 'read',
  storage_platform: {
    name: 'Amazon AWS',
    s3_bucket: 'conformance-bucket',
    key_id: 'AKIAIOSFODNN7EXAMPLE',
    secret_key: 'conformance-secret',
    path: 'bf',
  },
});
const azureProfile = (name: string) => ({
  name,
  description: 'Conformance suite profile',
  validated: false,
  limit_size: { enabled: false, max_size: 1, units: 'GB' },
  access_type: 'readwrite',
  storage_platform: {
    name: 'Microsoft Azure',
    account: 'conformanceacct',
    share: 'bf',
    secret_key: 'conformance-azure-secret',
    path: 'bf',
    storage_mode: 'blob',
  },
});

async function envelope(suite: Suite): Promise<{ list: Record<string, unknown>[]; updated_at: unknown }> {
  const doc = ok(await suite.tenant.get(PATH));
  expect(Array.isArray(doc.list)).toBe(true);
  expect('updated_at' in doc && 'updated_by' in doc).toBe(true);
  return doc as { list: Record<string, unknown>[]; updated_at: unknown };
}

export const STORAGE_PROFILE_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: FAMILY,
    method: 'GET',
    path: PATH,
    sources: [CALLS, SHAPE],
    silent: ['storage-profiles'],
    check: async (suite) => {
      const doc = await envelope(suite);
      for (const profile of doc.list) expectFields(profile, PROFILE_FIELDS);
    },
  },
  {
    family: FAMILY,
    method: 'POST',
    path: PATH,
    sources: [CALLS, SHAPE, FORMS, RULE],
    silent: ['storage-profiles', 'error-field'],
    check: async (suite) => {
      // The stored profiles go back as read (their secrets stay the server's: the flag it adds goes).
      const stored = (await envelope(suite)).list.map((p) => {
        const { secret_key_set: _set, ...platform } = p.storage_platform as Record<string, unknown>;
        return { ...p, storage_platform: platform };
      });
      const saved = ok(
        await suite.tenant.post(PATH, {
          list: [...stored, awsProfile('Spec AWS'), azureProfile('Spec Azure')],
        }),
      );
      const list = saved.list as Record<string, unknown>[];
      expect(list.map((p) => p.name).slice(-2)).toEqual(['Spec AWS', 'Spec Azure']);
      for (const p of list) expectFields(p, PROFILE_FIELDS);
      expect(JSON.stringify(saved)).not.toContain('conformance-secret');
      expect(saved.updated_by).toEqual(expect.any(String));
      const before = await envelope(suite);
      const long = 'x'.repeat(251);
      expectRefused(await suite.tenant.post(PATH, { list: [] }), 'list');
      expectRefused(
        await suite.tenant.post(PATH, { list: Array.from({ length: 51 }, (_, i) => awsProfile(`P${i}`)) }),
        'list',
      );
      expectRefused(
        await suite.tenant.post(PATH, { list: [{ ...awsProfile('A'), name: '' }] }),
        'list.0.name',
      );
      expectRefused(
        await suite.tenant.post(PATH, { list: [{ ...awsProfile('A'), description: long }] }),
        'list.0.description',
      );
      expectRefused(
        await suite.tenant.post(PATH, {
          list: [{ ...awsProfile('A'), limit_size: { enabled: true, max_size: 1, units: 'TB' } }],
        }),
        'list.0.limit_size.units',
      );
      expectRefused(
        await suite.tenant.post(PATH, { list: [{ ...awsProfile('A'), access_type: 'write' }] }),
        'list.0.access_type',
      );
      const aws = awsProfile('A');
      const { s3_bucket: _b, ...noBucket } = aws.storage_platform;
      expectRefused(
        await suite.tenant.post(PATH, { list: [{ ...aws, storage_platform: noBucket }] }),
        'list.0.storage_platform.s3_bucket',
      );
      const azure = azureProfile('B');
      expectRefused(
        await suite.tenant.post(PATH, {
          list: [{ ...azure, storage_platform: { ...azure.storage_platform, storage_mode: 'disk' } }],
        }),
        'list.0.storage_platform.storage_mode',
      );
      expectRefused(
        await suite.tenant.post(PATH, {
          list: [{ ...azure, storage_platform: { ...azure.storage_platform, share: long } }],
        }),
        'list.0.storage_platform.share',
      );
      expect(await envelope(suite)).toEqual(before);
    },
  },
  {
    family: FAMILY,
    method: 'POST',
    path: `${PATH}/validate`,
    sources: [CALLS],
    silent: ['storage-profiles'],
    check: async (suite) => {
      const answer = ok(
        await suite.tenant.post(`${PATH}/validate`, {
          ...awsProfile('Check'),
          storage_platform: { ...awsProfile('Check').storage_platform, s3_bucket: 'Not_A_Bucket' },
        }),
      );
      expect(answer.validated).toBe(false);
      const failed = (answer.checks as { field: string; ok: boolean }[])
        .filter((c) => !c.ok)
        .map((c) => c.field);
      expect(failed).toContain('storage_platform.s3_bucket');
    },
  },
  {
    family: FAMILY,
    method: 'ANY',
    path: `${PATH}/capabilities`,
    sources: [CALLS, FORMS],
    silent: ['storage-profiles'],
    check: async (suite) => {
      const caps = ok(await suite.tenant.get(`${PATH}/capabilities`));
      expect(caps).toMatchObject({
        platforms: ['Amazon AWS', 'Microsoft Azure'],
        max_profiles: 50,
        text_max: 250,
      });
    },
  },
];

const BF_PATH = '/api/settings/v1/tenants/bf_profiles';
const BF_CALLS = acl(
  '§7 Tenant settings',
  'Forensics (BF) profiles: GET and POST, status, viewer GET and POST.',
);
const BF_SHAPE = acl(
  '§3 Forensics profile',
  'capture_params: retain_bf_file: always or user_input; screenshot: enabled and frequency; user_input flags; files settings; network settings. capture_indicator.enabled. storage_default, storage_profile_id, uuid, name, description, updated_at, updated_by.',
);
const BF_SAMPLES = acl(
  '§9 Business constants and limits',
  'Forensics sample values: screenshot frequency 10, file limit 100 MB, payload 10 KB, post 100 KB.',
);
const BF_FIELDS = [
  'uuid',
  'name',
  'description',
  'capture_params.retain_bf_file',
  'capture_params.screenshot.enabled',
  'capture_params.screenshot.frequency',
  'capture_indicator.enabled',
  'storage_default',
];
const bfProfile = (name: string, storage: Record<string, unknown>) => ({
  name,
  description: 'Conformance suite profile',
  capture_params: {
    retain_bf_file: 'user_input',
    screenshot: { enabled: true, frequency: 10 },
    user_input: { keystrokes: false, clipboard: true, form_fields: false },
    files: { enabled: true, max_file_size_mb: 100 },
    network: { enabled: true, max_payload_kb: 10, max_post_kb: 100 },
  },
  capture_indicator: { enabled: true },
  ...storage,
});

const BF_VIEWER = acl(
  '§3 Forensics profile',
  'Forensics viewer: enabled, validated, viewer_url, open_link (modal_window or new_tab).',
);
const BF_VIEWER_RULE = acl(
  '§5 Validation rules',
  'Forensics viewer URL check passes for any non-empty value.',
);
const VIEWER_FIELDS = ['enabled', 'validated', 'viewer_url', 'open_link'];

export const FORENSICS_PROFILE_ENDPOINTS: readonly SpecEndpoint[] = [
  {
    family: FAMILY,
    method: 'GET',
    path: `${BF_PATH}/status`,
    sources: [BF_CALLS],
    silent: ['forensics-status'],
    check: async (suite) => {
      const status = ok(await suite.tenant.get(`${BF_PATH}/status`));
      expectFields(status, ['recording', 'rules', 'profiles', 'viewer.enabled', 'state']);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: `${BF_PATH}/viewer`,
    sources: [BF_CALLS, BF_VIEWER],
    check: async (suite) => {
      expectFields(ok(await suite.tenant.get(`${BF_PATH}/viewer`)), VIEWER_FIELDS);
    },
  },
  {
    family: FAMILY,
    method: 'POST',
    path: `${BF_PATH}/viewer`,
    sources: [BF_CALLS, BF_VIEWER, BF_VIEWER_RULE],
    silent: ['error-field'],
    check: async (suite) => {
      // Any non-empty value passes the URL check: even one that is not a URL.
      const saved = ok(
        await suite.tenant.post(`${BF_PATH}/viewer`, {
          enabled: true,
          viewer_url: 'viewer',
          open_link: 'new_tab',
        }),
      );
      expectFields(saved, VIEWER_FIELDS);
      expect(saved).toMatchObject({ validated: true, viewer_url: 'viewer', open_link: 'new_tab' });
      expectRefused(
        await suite.tenant.post(`${BF_PATH}/viewer`, {
          enabled: true,
          viewer_url: 'viewer',
          open_link: 'popup',
        }),
        'open_link',
      );
      expect(ok(await suite.tenant.get(`${BF_PATH}/viewer`))).toEqual(saved);
    },
  },
  {
    family: FAMILY,
    method: 'GET',
    path: BF_PATH,
    sources: [BF_CALLS, BF_SHAPE],
    silent: ['forensics-profiles'],
    check: async (suite) => {
      await expectListDocument(suite.tenant, BF_PATH, BF_FIELDS);
    },
  },
  {
    family: FAMILY,
    method: 'POST',
    path: BF_PATH,
    sources: [BF_CALLS, BF_SHAPE, BF_SAMPLES],
    silent: ['forensics-profiles', 'error-field'],
    check: async (suite) => {
      const storage = ((ok(await suite.tenant.get(PATH)).list as { uuid: string }[]) ?? [])[0];
      const saved = ok(
        await suite.tenant.post(BF_PATH, {
          list: [
            bfProfile('Spec default', { storage_default: true }),
            ...(storage
              ? [bfProfile('Spec stored', { storage_default: false, storage_profile_id: storage.uuid })]
              : []),
          ],
        }),
      );
      for (const p of saved.list as unknown[]) expectFields(p, BF_FIELDS);
      const before = ok(await suite.tenant.get(BF_PATH));
      expectRefused(
        await suite.tenant.post(BF_PATH, {
          list: [
            {
              ...bfProfile('A', { storage_default: true }),
              capture_params: { ...bfProfile('A', {}).capture_params, retain_bf_file: 'sometimes' },
            },
          ],
        }),
        'list.0.capture_params.retain_bf_file',
      );
      expectRefused(
        await suite.tenant.post(BF_PATH, {
          list: [
            bfProfile('B', {
              storage_default: false,
              storage_profile_id: '00000000-0000-4000-8000-000000000000',
            }),
          ],
        }),
        'list.0.storage_profile_id',
      );
      expect(ok(await suite.tenant.get(BF_PATH))).toEqual(before);
    },
  },
];

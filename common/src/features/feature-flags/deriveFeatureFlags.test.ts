import {
  deriveFeatureFlags,
  DERIVED_FEATURE_NAMES,
  PASS_THROUGH_FEATURE_DEFAULTS,
} from './deriveFeatureFlags';

const FILE_CAPS = ['safedocs', 'filedownload', 'swg_upload', 'flash', 'webmail'];

describe('feature flags (docs/access.md §5)', () => {
  test('About 60 flags exist', () => {
    const flags = deriveFeatureFlags({});
    expect(Object.keys(flags).length).toBeGreaterThanOrEqual(60);
    for (const name of [...DERIVED_FEATURE_NAMES, ...Object.keys(PASS_THROUGH_FEATURE_DEFAULTS)]) {
      expect(typeof flags[name]).toBe('boolean');
    }
    for (const name of [
      'threats',
      'categories',
      'documents',
      'files',
      'ssl',
      'usersAndGroups',
      'policySettings',
      'contentInspection',
      'bandwidth',
      'rbac',
      'sso',
      'tfa',
      'pac',
      'fwaas',
      'watermarking',
      'browsing_forensics',
      'multiple_idp',
    ]) {
      expect(name in flags).toBe(true);
    }
  });

  test('threats and categories are on unless policy_only_domains is set', () => {
    expect(deriveFeatureFlags({})).toMatchObject({ threats: true, categories: true });
    expect(deriveFeatureFlags({ policy_only_domains: true })).toMatchObject({
      threats: false,
      categories: false,
    });
  });

  test('documents and files need any of safedocs, filedownload, swg_upload, flash or webmail', () => {
    expect(deriveFeatureFlags({})).toMatchObject({ documents: false, files: false });
    for (const cap of FILE_CAPS) {
      expect(deriveFeatureFlags({ [cap]: true })).toMatchObject({ documents: true, files: true });
    }
  });

  test('contentInspection follows the same rule but is off when policy_only_domains is set', () => {
    expect(deriveFeatureFlags({}).contentInspection).toBe(false);
    for (const cap of FILE_CAPS) expect(deriveFeatureFlags({ [cap]: true }).contentInspection).toBe(true);
    expect(deriveFeatureFlags({ safedocs: true, policy_only_domains: true }).contentInspection).toBe(false);
  });

  test('bandwidth needs bandwidth_limits or daily_bandwidth_quota', () => {
    expect(deriveFeatureFlags({}).bandwidth).toBe(false);
    expect(deriveFeatureFlags({ bandwidth_limits: true }).bandwidth).toBe(true);
    expect(deriveFeatureFlags({ daily_bandwidth_quota: true }).bandwidth).toBe(true);
  });

  test('menlo_email needs safemailPolicy plus one of: email attachments, the reversing labs license, or URL isolate not disabled', () => {
    expect(deriveFeatureFlags({ url_isolate_disabled: false }).menlo_email).toBe(false);
    expect(deriveFeatureFlags({ safemailPolicy: true }).menlo_email).toBe(true);
    expect(deriveFeatureFlags({ safemailPolicy: true, url_isolate_disabled: true }).menlo_email).toBe(false);
    expect(
      deriveFeatureFlags({ safemailPolicy: true, url_isolate_disabled: true, email_attachments: true })
        .menlo_email,
    ).toBe(true);
    expect(
      deriveFeatureFlags({ safemailPolicy: true, url_isolate_disabled: true, reversinglabs_license: true })
        .menlo_email,
    ).toBe(true);
  });

  test('attachments needs email attachments or the reversing labs license', () => {
    expect(deriveFeatureFlags({}).attachments).toBe(false);
    expect(deriveFeatureFlags({ email_attachments: true }).attachments).toBe(true);
    expect(deriveFeatureFlags({ reversinglabs_license: true }).attachments).toBe(true);
  });

  test('applicationPolicy equals the bnb capability', () => {
    expect(deriveFeatureFlags({ bnb: true }).applicationPolicy).toBe(true);
    expect(deriveFeatureFlags({ bnb: false }).applicationPolicy).toBe(false);
    expect(deriveFeatureFlags({}).applicationPolicy).toBe(false);
  });

  test('bnbStrictMode needs both bnb and its strict flag', () => {
    expect(deriveFeatureFlags({ bnb: true }).bnbStrictMode).toBe(false);
    expect(deriveFeatureFlags({ bnb_strict: true }).bnbStrictMode).toBe(false);
    expect(deriveFeatureFlags({ bnb: true, bnb_strict: true }).bnbStrictMode).toBe(true);
  });

  test('Some features are off by default', () => {
    const flags = deriveFeatureFlags({});
    const off = Object.entries(PASS_THROUGH_FEATURE_DEFAULTS)
      .filter(([, v]) => !v)
      .map(([k]) => k);
    expect(off.length).toBeGreaterThan(0);
    for (const name of off) expect(flags[name]).toBe(false);
    expect(flags.ssl).toBe(true);
    expect(deriveFeatureFlags({ ssl: false }).ssl).toBe(false);
  });

  test('others pass through from capabilities', () => {
    const flags = deriveFeatureFlags({ rbac: true, sso: true, some_new_capability: true, numeric_limit: 5 });
    expect(flags.rbac).toBe(true);
    expect(flags.sso).toBe(true);
    expect(flags.some_new_capability).toBe(true);
    expect(flags.numeric_limit).toBeUndefined();
  });
});

describe('capability details (docs/access.md §6)', () => {
  test('Mobile support counts as full only if enabled and emailSupportLevel is full', () => {
    expect(
      deriveFeatureFlags({ mobileSupport: { enabled: true, emailSupportLevel: 'full' } }).mobileSupportFull,
    ).toBe(true);
    expect(
      deriveFeatureFlags({ mobileSupport: { enabled: false, emailSupportLevel: 'full' } }).mobileSupportFull,
    ).toBe(false);
    expect(
      deriveFeatureFlags({ mobileSupport: { enabled: true, emailSupportLevel: 'basic' } }).mobileSupportFull,
    ).toBe(false);
    expect(deriveFeatureFlags({}).mobileSupportFull).toBe(false);
  });

  test("Heat shield is enabled when the runtime_analysis capability's test value is false", () => {
    expect(deriveFeatureFlags({ runtime_analysis: { test: false } }).heatShield).toBe(true);
    expect(deriveFeatureFlags({ runtime_analysis: { test: true } }).heatShield).toBe(false);
    expect(deriveFeatureFlags({}).heatShield).toBe(false);
  });

  test('Heat alert is enabled when restricted_logs.heat is set', () => {
    expect(deriveFeatureFlags({ restricted_logs: { heat: true } }).heatAlert).toBe(true);
    expect(deriveFeatureFlags({ restricted_logs: { heat: 'all' } }).heatAlert).toBe(true);
    expect(deriveFeatureFlags({ restricted_logs: {} }).heatAlert).toBe(false);
    expect(deriveFeatureFlags({}).heatAlert).toBe(false);
  });
});

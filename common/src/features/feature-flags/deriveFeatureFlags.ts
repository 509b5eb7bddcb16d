/**
 * Feature flags (docs/access.md §5 Feature flags, §6): about 60 named flags derived from the
 * tenant's capabilities. Derived flags follow the spec's rules; the others pass through from the
 * capability of the same name, with a default when the tenant's capabilities do not mention it.
 *
 * Capability keys the spec describes in words (our names, documented here):
 * - "email attachments"            → `email_attachments`
 * - "the reversing labs license"   → `reversinglabs_license`
 * - "URL isolate disabled"         → `url_isolate_disabled`
 * - bnb "strict flag"              → `bnb_strict`
 * - mobile support details         → `mobileSupport: { enabled, emailSupportLevel }`
 * - runtime analysis details       → `runtime_analysis: { test }`
 * - restricted logs details        → `restricted_logs: { heat }`
 */

/** Pass-through flags and their defaults. Some features are off by default. */
export const PASS_THROUGH_FEATURE_DEFAULTS = {
  ssl: true,
  usersAndGroups: true,
  policySettings: true,
  customization: true,
  contactForm: true,
  dashboard: true,
  reports: true,
  scheduledReports: true,
  instantReports: true,
  webLogs: true,
  auditLogs: true,
  emailLogs: false,
  dlpLogs: false,
  fwaasLogs: false,
  saaLogs: false,
  dlp: false,
  casb: false,
  egress: false,
  copyPaste: true,
  rbac: false,
  sso: false,
  tfa: false,
  pac: false,
  fwaas: false,
  watermarking: false,
  browsing_forensics: false,
  multiple_idp: false,
  private_access: false,
  browser_posture: false,
  insights: false,
  safemailPolicy: false,
  safedocs: false,
  filedownload: false,
  swg_upload: false,
  flash: false,
  webmail: false,
  policy_only_domains: false,
  bandwidth_limits: false,
  daily_bandwidth_quota: false,
  email_attachments: false,
  reversinglabs_license: false,
  url_isolate_disabled: false,
  bnb: false,
  bnb_strict: false,
  categoryExtensions: false,
  categoryOverrides: true,
  popularSites: false,
  phishTargets: false,
  smtpUsers: false,
  adGroups: false,
  clientProfiles: false,
  mfaUsers: false,
  multiTenant: false,
  termsOfService: false,
  restrictedLogs: false,
  appliances: false,
} as const;

export const DERIVED_FEATURE_NAMES = [
  'threats',
  'categories',
  'documents',
  'files',
  'contentInspection',
  'bandwidth',
  'menlo_email',
  'attachments',
  'applicationPolicy',
  'bnbStrictMode',
  'mobileSupportFull',
  'heatShield',
  'heatAlert',
] as const;

export type PassThroughFeatureName = keyof typeof PASS_THROUGH_FEATURE_DEFAULTS;
export type DerivedFeatureName = (typeof DERIVED_FEATURE_NAMES)[number];
export type FeatureName = PassThroughFeatureName | DerivedFeatureName;
/** Every named flag, plus any other boolean capability passed through under its own name. */
export type FeatureFlags = Record<FeatureName, boolean> & Readonly<Record<string, boolean>>;

type Capabilities = Readonly<Record<string, unknown>>;

const on = (caps: Capabilities, name: string): boolean => {
  const v = caps[name];
  if (v && typeof v === 'object' && 'enabled' in v) return Boolean((v as { enabled: unknown }).enabled);
  return v === true || v === 'true' || v === 1;
};

const detail = (caps: Capabilities, name: string): Record<string, unknown> | undefined => {
  const v = caps[name];
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
};

export function deriveFeatureFlags(capabilities: Capabilities | null | undefined): FeatureFlags {
  const caps: Capabilities = capabilities ?? {};
  const flags: Record<string, boolean> = {};
  // Others pass through from capabilities.
  for (const [name, value] of Object.entries(caps)) {
    if (typeof value === 'boolean') flags[name] = value;
  }
  for (const [name, dflt] of Object.entries(PASS_THROUGH_FEATURE_DEFAULTS)) {
    flags[name] = name in caps ? on(caps, name) : dflt;
  }
  const policyOnlyDomains = on(caps, 'policy_only_domains');
  const fileFeatures = ['safedocs', 'filedownload', 'swg_upload', 'flash', 'webmail'].some((n) =>
    on(caps, n),
  );
  const emailAttachments = on(caps, 'email_attachments');
  const reversingLabs = on(caps, 'reversinglabs_license');
  const mobile = detail(caps, 'mobileSupport');
  const runtimeAnalysis = detail(caps, 'runtime_analysis');
  const restrictedLogs = detail(caps, 'restricted_logs');

  flags.threats = !policyOnlyDomains;
  flags.categories = !policyOnlyDomains;
  flags.documents = fileFeatures;
  flags.files = fileFeatures;
  flags.contentInspection = fileFeatures && !policyOnlyDomains;
  flags.bandwidth = on(caps, 'bandwidth_limits') || on(caps, 'daily_bandwidth_quota');
  flags.menlo_email =
    on(caps, 'safemailPolicy') && (emailAttachments || reversingLabs || !on(caps, 'url_isolate_disabled'));
  flags.attachments = emailAttachments || reversingLabs;
  flags.applicationPolicy = on(caps, 'bnb');
  flags.bnbStrictMode = on(caps, 'bnb') && on(caps, 'bnb_strict');
  flags.mobileSupportFull = Boolean(mobile && mobile.enabled === true && mobile.emailSupportLevel === 'full');
  flags.heatShield = runtimeAnalysis !== undefined && runtimeAnalysis.test === false;
  flags.heatAlert = Boolean(
    restrictedLogs &&
    restrictedLogs.heat !== undefined &&
    restrictedLogs.heat !== null &&
    restrictedLogs.heat !== false,
  );
  return flags as FeatureFlags;
}

/** The flags of `required` that are not on (docs/access.md §5: a feature rule needs all of them). */
export function missingFeatures(required: readonly string[] | undefined, flags: FeatureFlags): string[] {
  return (required ?? []).filter((name) => flags[name] !== true);
}

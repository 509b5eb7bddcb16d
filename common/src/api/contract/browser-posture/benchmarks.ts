/**
 * Benchmark policies and their assessment (docs/browser-posture.md §4, §5): a benchmark is a list
 * of rules, each a setting of the catalogue and a comparator of the enumeration (`equal`,
 * `inbetween`, `less_than`, `greater_than`) with its values, judged by the one comparator evaluator
 * shared with the posture profiles (common/src/posture/evaluate.ts). One baseline per browser is
 * seeded; they are the same for every tenant.
 */
import {
  arityOf,
  meetsComparator,
  type ComparableKind,
  type PostureComparator,
} from '../../../posture/evaluate';
import { definitionOf, type PostureBrowser, type SettingDefinition } from './settingDefinitions';

export type SettingValue = boolean | number | string | string[];

export interface BenchmarkRule {
  id: string;
  setting: string;
  comparator: PostureComparator;
  values: (boolean | number | string)[];
  /** Why the rule is there, in the reader's words. */
  rationale: string;
}

export interface BenchmarkPolicy {
  id: string;
  name: string;
  browser: PostureBrowser;
  description: string;
  rules: BenchmarkRule[];
}

/** How a setting's values compare: booleans and texts by equal only, numbers by all four. */
export function comparableKind(def: SettingDefinition): ComparableKind | null {
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'integer') return 'number';
  if (def.type === 'string') return 'text';
  if (def.type === 'enum') return typeof def.allowedValues?.[0]?.value === 'number' ? 'number' : 'text';
  return null;
}

/** The comparators a setting takes (none for a list). */
export function comparatorsFor(def: SettingDefinition): readonly PostureComparator[] {
  const kind = comparableKind(def);
  if (kind === null) return [];
  return kind === 'number' ? ['equal', 'inbetween', 'less_than', 'greater_than'] : ['equal'];
}

const rule = (
  id: string,
  setting: string,
  comparator: PostureComparator,
  values: (boolean | number | string)[],
  rationale: string,
): BenchmarkRule => ({ id, setting, comparator, values, rationale });

/** The seeded baselines, one per browser (docs/browser-posture.md §4 says why each rule is there). */
export const BENCHMARK_POLICIES: readonly BenchmarkPolicy[] = [
  {
    id: 'chrome-security-baseline',
    name: 'Chrome security baseline',
    browser: 'chrome',
    description:
      'Safe Browsing on, modern TLS, no click-through of certificate errors, dangerous downloads blocked.',
    rules: [
      rule(
        'safe-browsing',
        'SafeBrowsingProtectionLevel',
        'greater_than',
        [0],
        'Safe Browsing protects against phishing and malware.',
      ),
      rule(
        'leak-detection',
        'PasswordLeakDetectionEnabled',
        'equal',
        [true],
        'Users learn when a saved password has leaked.',
      ),
      rule(
        'no-cert-override',
        'SSLErrorOverrideAllowed',
        'equal',
        [false],
        'A certificate error is an attack until shown otherwise.',
      ),
      rule('tls-min', 'SSLVersionMin', 'equal', ['tls1.2'], 'TLS 1.0 and 1.1 are deprecated.'),
      rule(
        'downloads',
        'DownloadRestrictions',
        'inbetween',
        [1, 4],
        'Dangerous or malicious downloads are blocked.',
      ),
      rule('site-isolation', 'SitePerProcess', 'equal', [true], 'Each site runs in its own process.'),
      rule(
        'mixed-content',
        'DefaultInsecureContentSetting',
        'equal',
        [2],
        'Secure pages do not load insecure content.',
      ),
      rule(
        'component-updates',
        'ComponentUpdatesEnabled',
        'equal',
        [true],
        'Components carry security fixes.',
      ),
      rule(
        'relaunch-period',
        'RelaunchNotificationPeriod',
        'less_than',
        [259200001],
        'An update is applied within three days.',
      ),
      rule(
        'private-ambient-auth',
        'AmbientAuthenticationInPrivateModesEnabled',
        'less_than',
        [1],
        'Incognito does not send integrated credentials.',
      ),
    ],
  },
  {
    id: 'edge-security-baseline',
    name: 'Edge security baseline',
    browser: 'edge',
    description: 'SmartScreen on without click-through, tracking prevention, modern TLS, automatic HTTPS.',
    rules: [
      rule(
        'smartscreen',
        'SmartScreenEnabled',
        'equal',
        [true],
        'SmartScreen blocks phishing and malware sites.',
      ),
      rule(
        'smartscreen-sites',
        'PreventSmartScreenPromptOverride',
        'equal',
        [true],
        'A SmartScreen warning about a site cannot be bypassed.',
      ),
      rule(
        'smartscreen-files',
        'PreventSmartScreenPromptOverrideForFiles',
        'equal',
        [true],
        'A SmartScreen warning about a download cannot be bypassed.',
      ),
      rule('pua', 'SmartScreenPuaEnabled', 'equal', [true], 'Potentially unwanted apps are blocked.'),
      rule('tracking', 'TrackingPrevention', 'greater_than', [1], 'Balanced or strict tracking prevention.'),
      rule('tls-min', 'SSLVersionMin', 'equal', ['tls1.2'], 'TLS 1.0 and 1.1 are deprecated.'),
      rule(
        'no-cert-override',
        'SSLErrorOverrideAllowed',
        'equal',
        [false],
        'A certificate error is an attack until shown otherwise.',
      ),
      rule(
        'downloads',
        'DownloadRestrictions',
        'inbetween',
        [1, 4],
        'Dangerous or malicious downloads are blocked.',
      ),
      rule('https', 'AutomaticHttpsDefault', 'greater_than', [0], 'Connections move from HTTP to HTTPS.'),
      rule(
        'typosquatting',
        'TyposquattingCheckerEnabled',
        'equal',
        [true],
        'Look-alike addresses are flagged.',
      ),
    ],
  },
  {
    id: 'firefox-security-baseline',
    name: 'Firefox security baseline',
    browser: 'firefox',
    description:
      'No bypass of certificate or Safe Browsing warnings, updates on, tracking protection, HTTPS-Only.',
    rules: [
      rule(
        'no-cert-bypass',
        'DisableSecurityBypass.InvalidCertificate',
        'equal',
        [true],
        'A certificate error is an attack until shown otherwise.',
      ),
      rule(
        'no-safebrowsing-bypass',
        'DisableSecurityBypass.SafeBrowsing',
        'equal',
        [true],
        'A Safe Browsing warning cannot be bypassed.',
      ),
      rule('updates', 'DisableAppUpdate', 'equal', [false], 'Updates carry security fixes.'),
      rule('auto-update', 'AppAutoUpdate', 'equal', [true], 'Updates install without waiting for the user.'),
      rule('tracking', 'EnableTrackingProtection.Value', 'equal', [true], 'Tracking content is blocked.'),
      rule(
        'cryptomining',
        'EnableTrackingProtection.Cryptomining',
        'equal',
        [true],
        'Cryptomining scripts are blocked.',
      ),
      rule(
        'fingerprinting',
        'EnableTrackingProtection.Fingerprinting',
        'equal',
        [true],
        'Fingerprinting scripts are blocked.',
      ),
      rule('tls-min', 'SSLVersionMin', 'equal', ['tls1.2'], 'TLS 1.0 and 1.1 are deprecated.'),
      rule('https-only', 'HttpsOnlyMode', 'equal', ['force_enabled'], 'Pages load over HTTPS only.'),
      rule('studies', 'DisableFirefoxStudies', 'equal', [true], 'No remotely installed experiments.'),
    ],
  },
];

export const benchmarkOf = (id: string): BenchmarkPolicy | undefined =>
  BENCHMARK_POLICIES.find((b) => b.id === id);
/** The seeded baseline of a browser (the benchmark an assessment uses when none is named). */
export const baselineOf = (browser: PostureBrowser): BenchmarkPolicy =>
  BENCHMARK_POLICIES.find((b) => b.browser === browser) as BenchmarkPolicy;

export const RULE_STATUSES = ['pass', 'fail', 'not_configured'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

export interface RuleResult {
  ruleId: string;
  setting: string;
  comparator: PostureComparator;
  expected: (boolean | number | string)[];
  /** The policy's value; null when the policy does not configure the setting. */
  actual: SettingValue | null;
  status: RuleStatus;
  rationale: string;
}

export interface AssessmentOutcome {
  results: RuleResult[];
  passed: number;
  failed: number;
  notConfigured: number;
  /** Passed rules out of all rules, in whole percent (a rule not configured does not pass). */
  score: number;
}

/** Why a rule cannot be judged (a setting outside the catalogue, a comparator its type does not take). */
export function ruleProblem(browser: PostureBrowser, r: BenchmarkRule): string | null {
  const def = definitionOf(browser, r.setting);
  if (!def) return `${r.setting} is not a ${browser} setting of the catalogue.`;
  if (!comparatorsFor(def).includes(r.comparator))
    return `${r.setting} is not compared with ${r.comparator}.`;
  if (r.values.length !== arityOf(r.comparator))
    return `${r.comparator} takes ${arityOf(r.comparator)} value(s).`;
  return null;
}

/** Judges a policy's settings against a benchmark, rule by rule. */
export function assessSettings(
  settings: readonly { name: string; value: SettingValue }[],
  benchmark: BenchmarkPolicy,
): AssessmentOutcome {
  const byName = new Map(settings.map((s) => [s.name, s.value]));
  const results = benchmark.rules.map((r): RuleResult => {
    const actual = byName.get(r.setting) ?? null;
    const def = definitionOf(benchmark.browser, r.setting);
    const kind = def ? comparableKind(def) : null;
    const status: RuleStatus =
      actual === null
        ? 'not_configured'
        : kind !== null && meetsComparator(kind, r.comparator, r.values, actual)
          ? 'pass'
          : 'fail';
    return {
      ruleId: r.id,
      setting: r.setting,
      comparator: r.comparator,
      expected: r.values,
      actual,
      status,
      rationale: r.rationale,
    };
  });
  const count = (s: RuleStatus) => results.filter((r) => r.status === s).length;
  const passed = count('pass');
  return {
    results,
    passed,
    failed: count('fail'),
    notConfigured: count('not_configured'),
    score: results.length === 0 ? 100 : Math.round((passed * 100) / results.length),
  };
}

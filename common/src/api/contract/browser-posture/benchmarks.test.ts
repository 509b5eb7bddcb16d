/**
 * The catalogue's rows and the benchmarks' rules (docs/browser-posture.md §2, §4, §5): every row
 * is well formed, every seeded rule names a setting of its browser with a comparator its type
 * takes, and the assessment judges each comparator as worked out by hand.
 */
import {
  BENCHMARK_POLICIES,
  POSTURE_BROWSERS,
  SETTING_DEFINITIONS,
  assessSettings,
  ruleProblem,
  settingValueProblem,
  type BenchmarkPolicy,
} from './browserPosture';

test('the catalogue: at least 150 settings, ids unique, enums with values, each browser on both platforms', () => {
  expect(SETTING_DEFINITIONS.length).toBeGreaterThanOrEqual(150);
  expect(new Set(SETTING_DEFINITIONS.map((d) => d.id)).size).toBe(SETTING_DEFINITIONS.length);
  for (const d of SETTING_DEFINITIONS) {
    expect({ id: d.id, ok: d.type !== 'enum' || (d.allowedValues?.length ?? 0) >= 2 }).toEqual({
      id: d.id,
      ok: true,
    });
    expect(d.introduced).toMatch(/^[0-9]+$/);
    expect(d.platforms.length).toBeGreaterThan(0);
  }
  for (const browser of POSTURE_BROWSERS)
    for (const platform of ['windows', 'macos'] as const)
      expect(
        SETTING_DEFINITIONS.filter((d) => d.browser === browser && d.platforms.includes(platform)).length,
      ).toBeGreaterThanOrEqual(40);
});

test('every seeded rule names a setting of its browser, with a comparator its type takes and a value that fits', () => {
  for (const b of BENCHMARK_POLICIES)
    for (const r of b.rules)
      expect({ rule: `${b.id}/${r.id}`, problem: ruleProblem(b.browser, r) }).toEqual({
        rule: `${b.id}/${r.id}`,
        problem: null,
      });
});

const bench = (rules: BenchmarkPolicy['rules']): BenchmarkPolicy => ({
  id: 't',
  name: 'T',
  browser: 'chrome',
  description: '',
  rules,
});
const status = (b: BenchmarkPolicy, name: string, value: boolean | number | string) =>
  assessSettings([{ name, value }], b).results[0].status;

test.each([
  // [comparator, values, actual, expected status] on DownloadRestrictions (a numeric enum 0-4)
  ['equal', [1], 1, 'pass'],
  ['equal', [1], 2, 'fail'],
  ['inbetween', [1, 3], 1, 'pass'], // inclusive at the low end
  ['inbetween', [1, 3], 3, 'pass'], // and at the high end
  ['inbetween', [1, 3], 0, 'fail'],
  ['inbetween', [1, 3], 4, 'fail'],
  ['less_than', [2], 1, 'pass'],
  ['less_than', [2], 2, 'fail'], // strict
  ['greater_than', [2], 3, 'pass'],
  ['greater_than', [2], 2, 'fail'], // strict
] as const)('%s %j with %j: %s', (comparator, values, actual, expected) => {
  const b = bench([
    { id: 'r', setting: 'DownloadRestrictions', comparator, values: [...values], rationale: '' },
  ]);
  expect(status(b, 'DownloadRestrictions', actual)).toBe(expected);
});

test('booleans and texts compare by equal; a value of another type fails; an unset setting is not configured; the score counts passes', () => {
  const b = bench([
    { id: 'a', setting: 'SitePerProcess', comparator: 'equal', values: [true], rationale: '' },
    { id: 'b', setting: 'SSLVersionMin', comparator: 'equal', values: ['tls1.2'], rationale: '' },
    { id: 'c', setting: 'PasswordLeakDetectionEnabled', comparator: 'equal', values: [true], rationale: '' },
  ]);
  expect(status(b, 'SitePerProcess', true)).toBe('pass');
  expect(status(b, 'SitePerProcess', 1)).toBe('fail');
  const outcome = assessSettings(
    [
      { name: 'SitePerProcess', value: true },
      { name: 'SSLVersionMin', value: 'tls1.1' },
    ],
    b,
  );
  expect(outcome.results.map((r) => [r.setting, r.status, r.actual])).toEqual([
    ['SitePerProcess', 'pass', true],
    ['SSLVersionMin', 'fail', 'tls1.1'],
    ['PasswordLeakDetectionEnabled', 'not_configured', null],
  ]);
  expect(outcome).toMatchObject({ passed: 1, failed: 1, notConfigured: 1, score: 33 });
});

test('a value is checked against its definition: type, allowed values, bounds', () => {
  const def = (name: string) => SETTING_DEFINITIONS.find((d) => d.id === `chrome:${name}`)!;
  expect(settingValueProblem(def('SitePerProcess'), true)).toBeNull();
  expect(settingValueProblem(def('SitePerProcess'), 'true')).toMatch(/true or false/);
  expect(settingValueProblem(def('SSLVersionMin'), 'ssl3')).toMatch(/one of "tls1", "tls1.1", "tls1.2"/);
  expect(settingValueProblem(def('RelaunchNotificationPeriod'), 1)).toMatch(/from 3600000 to 604800000/);
  expect(settingValueProblem(def('URLBlocklist'), ['a', 'b'])).toBeNull();
  expect(settingValueProblem(def('URLBlocklist'), [1])).toMatch(/list of texts/);
});

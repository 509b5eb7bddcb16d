/**
 * The posture checks and their comparators (docs/settings.md §11): ONE evaluator, a pure module,
 * shared by the server's checks of a posture profile, the portal's form and the Browser Posture
 * Manager. Given a check of a posture profile and the value a device reports, does it pass?
 *
 * - Each check of the enumeration has a kind: `boolean` (antivirus running, firewall on, ...),
 *   `version` (os_version: dot-separated whole numbers, `14.5`, `10.0.19045`) or `number`
 *   (crowdstrike_zta: the Zero Trust Assessment score, 0 to 100).
 * - A boolean check takes `equal` only. Versions and numbers take every comparator: `equal`,
 *   `less_than`, `greater_than`, and `inbetween` with two ordered values, inclusive at both ends.
 * - Versions compare segment by segment as numbers, a missing segment counting as 0 (`10` equals
 *   `10.0`; `10.10` is greater than `10.9`).
 * - A device value of the wrong type, or missing, fails (a check that cannot be read is not met).
 */
import { COMPARATORS, LOGIC, POSTURE_CHECKS } from '../api/contract/policy-kinds/enumerations';

// The enumerations of the API (docs/glossary.md §3), named here as the evaluator reads them.
export { POSTURE_CHECKS };
export type PostureCheckId = (typeof POSTURE_CHECKS)[number];

export const POSTURE_COMPARATORS = COMPARATORS;
export type PostureComparator = (typeof POSTURE_COMPARATORS)[number];

export const POSTURE_LOGIC = LOGIC;
export type PostureLogic = (typeof POSTURE_LOGIC)[number];

export type PostureValueKind = 'boolean' | 'version' | 'number';
export type PostureValue = string | number | boolean;

export interface PostureCheckDef {
  label: string;
  kind: PostureValueKind;
  /** For a number: its bounds. */
  min?: number;
  max?: number;
}

/** The checks of the enumeration: what each reads on the device and the kind of its value. */
export const POSTURE_CHECK_DEFS = {
  antivirus: { label: 'Antivirus running', kind: 'boolean' },
  firewall: { label: 'Firewall on', kind: 'boolean' },
  os_version: { label: 'Operating system version', kind: 'version' },
  full_disk_encryption: { label: 'Full-disk encryption', kind: 'boolean' },
  detect_crowdstrike: { label: 'CrowdStrike sensor present', kind: 'boolean' },
  crowdstrike_zta: { label: 'CrowdStrike ZTA score', kind: 'number', min: 0, max: 100 },
  gatekeeper: { label: 'macOS Gatekeeper on', kind: 'boolean' },
  google_safe_browsing: { label: 'Google Safe Browsing on', kind: 'boolean' },
} as const satisfies Record<PostureCheckId, PostureCheckDef>;

export const POSTURE_COMPARATOR_LABELS: Record<PostureComparator, string> = {
  equal: 'equals',
  inbetween: 'is between (inclusive)',
  less_than: 'is less than',
  greater_than: 'is greater than',
};

/** One check of a posture profile: what is read, how it compares, and one value (two for inbetween). */
export interface PostureCheck {
  check: PostureCheckId;
  comparator: PostureComparator;
  values: PostureValue[];
}

export const VERSION_PATTERN = '^[0-9]{1,9}(\\.[0-9]{1,9}){0,5}$';
const VERSION = new RegExp(VERSION_PATTERN);

/** The comparators a check takes: `equal` for a boolean, all four for a version or a number. */
export const comparatorsOf = (check: PostureCheckId): readonly PostureComparator[] =>
  POSTURE_CHECK_DEFS[check].kind === 'boolean' ? ['equal'] : POSTURE_COMPARATORS;

/** How many values a comparator takes. */
export const arityOf = (comparator: PostureComparator): number => (comparator === 'inbetween' ? 2 : 1);

/** Compares two versions (negative, 0, positive), segment by segment, a missing segment being 0. */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Whether a value fits a check's kind (a version's text, a number in bounds, a boolean). */
export function fitsKind(check: PostureCheckId, value: unknown): value is PostureValue {
  const def: PostureCheckDef = POSTURE_CHECK_DEFS[check];
  if (def.kind === 'boolean') return typeof value === 'boolean';
  if (def.kind === 'version') return typeof value === 'string' && VERSION.test(value);
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (def.min === undefined || value >= def.min) &&
    (def.max === undefined || value <= def.max)
  );
}

const order = (check: PostureCheckId, a: PostureValue, b: PostureValue): number =>
  POSTURE_CHECK_DEFS[check].kind === 'version'
    ? compareVersions(String(a), String(b))
    : Number(a) - Number(b);

/**
 * Why a check cannot be kept, as [field, message] (`comparator` or `values`, or `values.1`), or
 * null when it fits: a comparator its kind takes, as many values as the comparator takes, each of
 * the check's kind, inbetween's two in order (the first not above the second).
 */
export function postureCheckProblem(c: PostureCheck): [string, string] | null {
  const def: PostureCheckDef = POSTURE_CHECK_DEFS[c.check];
  if (!comparatorsOf(c.check).includes(c.comparator))
    return ['comparator', `${c.check} is compared with equal only (it is true or false).`];
  const arity = arityOf(c.comparator);
  if (c.values.length !== arity)
    return [
      'values',
      arity === 2
        ? 'inbetween takes two values: the lowest and the highest.'
        : `${c.comparator} takes one value.`,
    ];
  for (const [i, v] of c.values.entries())
    if (!fitsKind(c.check, v))
      return [
        `values.${i}`,
        def.kind === 'boolean'
          ? `${c.check} takes true or false.`
          : def.kind === 'version'
            ? `${c.check} takes a version: whole numbers separated by dots (14.5, 10.0.19045).`
            : `${c.check} takes a number from ${def.min} to ${def.max}.`,
      ];
  if (arity === 2 && order(c.check, c.values[0], c.values[1]) > 0)
    return ['values.1', 'The second value of inbetween must not be below the first.'];
  return null;
}

/**
 * The kinds of value a comparator compares: a posture check's, and `text` (a browser policy's
 * string or enumerated setting, docs/browser-posture.md §4), which takes `equal` only.
 */
export type ComparableKind = PostureValueKind | 'text';

/**
 * Does `actual` meet `comparator` with `values`, compared as `kind`? The one comparison behind
 * posture checks and browser benchmark rules: booleans and text take `equal` only; versions and
 * numbers take all four, inbetween inclusive at both ends. A value of another kind fails.
 */
export function meetsComparator(
  kind: ComparableKind,
  comparator: PostureComparator,
  values: readonly PostureValue[],
  actual: unknown,
): boolean {
  const fits = (v: unknown): v is PostureValue =>
    kind === 'boolean'
      ? typeof v === 'boolean'
      : kind === 'text'
        ? typeof v === 'string'
        : kind === 'version'
          ? typeof v === 'string' && VERSION.test(v)
          : typeof v === 'number' && Number.isFinite(v);
  if (!fits(actual) || !values.every(fits) || values.length !== arityOf(comparator)) return false;
  if (kind === 'boolean' || kind === 'text') return comparator === 'equal' && actual === values[0];
  const cmp = (x: PostureValue, y: PostureValue) =>
    kind === 'version' ? compareVersions(String(x), String(y)) : Number(x) - Number(y);
  const [a, b] = values;
  switch (comparator) {
    case 'equal':
      return cmp(actual, a) === 0;
    case 'less_than':
      return cmp(actual, a) < 0;
    case 'greater_than':
      return cmp(actual, a) > 0;
    case 'inbetween':
      return cmp(actual, a) >= 0 && cmp(actual, b) <= 0;
  }
}

/** Does a device's value pass the check? (A check that does not fit, or a value of another kind, fails.) */
export function evaluatePostureCheck(c: PostureCheck, device: unknown): boolean {
  if (postureCheckProblem(c) !== null || !fitsKind(c.check, device)) return false;
  return meetsComparator(POSTURE_CHECK_DEFS[c.check].kind, c.comparator, c.values, device);
}

/** A device's values by check (what it reported). */
export type DevicePosture = Partial<Record<PostureCheckId, unknown>>;

/** A profile passes when all its checks pass (`and`) or any does (`or`); a profile without checks passes. */
export function evaluatePostureProfile(
  profile: { logic: PostureLogic; checks: readonly PostureCheck[] },
  device: DevicePosture,
): boolean {
  if (profile.checks.length === 0) return true;
  const pass = (c: PostureCheck) => evaluatePostureCheck(c, device[c.check]);
  return profile.logic === 'and' ? profile.checks.every(pass) : profile.checks.some(pass);
}

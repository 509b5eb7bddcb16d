/**
 * The posture comparators (docs/settings.md §11) as properties over random values: the evaluator
 * agrees with plain comparisons of numbers and of versions, inbetween is inclusive at both ends,
 * a value of another kind fails, and a check that does not fit its comparator is refused.
 */
import fc from 'fast-check';
import {
  POSTURE_CHECKS,
  compareVersions,
  comparatorsOf,
  evaluatePostureCheck,
  evaluatePostureProfile,
  postureCheckProblem,
  type PostureCheck,
} from './evaluate';

const score = fc.integer({ min: 0, max: 100 });
const segments = fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 4 });
const version = segments.map((s) => s.join('.'));
/** Versions as tuples padded to 4 segments compare like the tuples. */
const tupleCompare = (a: string, b: string) => {
  const pad = (v: string) => [...v.split('.').map(Number), 0, 0, 0, 0].slice(0, 4);
  const [x, y] = [pad(a), pad(b)];
  for (let i = 0; i < 4; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};
const zta = (comparator: PostureCheck['comparator'], ...values: number[]): PostureCheck => ({
  check: 'crowdstrike_zta',
  comparator,
  values,
});
const os = (comparator: PostureCheck['comparator'], ...values: string[]): PostureCheck => ({
  check: 'os_version',
  comparator,
  values,
});

describe('posture comparators over numbers', () => {
  it('equal, less_than and greater_than are the numbers’ own', () => {
    fc.assert(
      fc.property(score, score, (device, v) => {
        expect(evaluatePostureCheck(zta('equal', v), device)).toBe(device === v);
        expect(evaluatePostureCheck(zta('less_than', v), device)).toBe(device < v);
        expect(evaluatePostureCheck(zta('greater_than', v), device)).toBe(device > v);
      }),
    );
  });

  it('inbetween is inclusive at both ends', () => {
    fc.assert(
      fc.property(score, score, score, (device, x, y) => {
        const [lo, hi] = x <= y ? [x, y] : [y, x];
        expect(evaluatePostureCheck(zta('inbetween', lo, hi), device)).toBe(device >= lo && device <= hi);
        expect(evaluatePostureCheck(zta('inbetween', lo, hi), lo)).toBe(true);
        expect(evaluatePostureCheck(zta('inbetween', lo, hi), hi)).toBe(true);
      }),
    );
  });

  it('exactly one of less_than, equal and greater_than holds', () => {
    fc.assert(
      fc.property(score, score, (device, v) => {
        const held = (['less_than', 'equal', 'greater_than'] as const).filter((c) =>
          evaluatePostureCheck(zta(c, v), device),
        );
        expect(held).toHaveLength(1);
      }),
    );
  });
});

describe('posture comparators over versions', () => {
  it('compare segment by segment as numbers, a missing segment counting as 0', () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(Math.sign(compareVersions(a, b))).toBe(Math.sign(tupleCompare(a, b)));
        // `+ 0`: equal versions give 0 and its negation -0, which toBe (Object.is) tells apart.
        expect(Math.sign(compareVersions(a, b))).toBe(-Math.sign(compareVersions(b, a)) + 0);
      }),
    );
    expect(compareVersions('10', '10.0.0')).toBe(0);
    expect(compareVersions('10.10', '10.9')).toBeGreaterThan(0);
  });

  it('each comparator agrees with the comparison, inbetween inclusive', () => {
    fc.assert(
      fc.property(version, version, version, (device, x, y) => {
        const [lo, hi] = tupleCompare(x, y) <= 0 ? [x, y] : [y, x];
        const c = tupleCompare(device, x);
        expect(evaluatePostureCheck(os('equal', x), device)).toBe(c === 0);
        expect(evaluatePostureCheck(os('less_than', x), device)).toBe(c < 0);
        expect(evaluatePostureCheck(os('greater_than', x), device)).toBe(c > 0);
        expect(evaluatePostureCheck(os('inbetween', lo, hi), device)).toBe(
          tupleCompare(device, lo) >= 0 && tupleCompare(device, hi) <= 0,
        );
      }),
    );
  });
});

describe('posture comparators over booleans and wrong kinds', () => {
  const booleanChecks = POSTURE_CHECKS.filter((c) => c !== 'os_version' && c !== 'crowdstrike_zta');

  it('a boolean check passes when the device reports the value, and takes equal only', () => {
    fc.assert(
      fc.property(fc.constantFrom(...booleanChecks), fc.boolean(), fc.boolean(), (check, v, device) => {
        expect(evaluatePostureCheck({ check, comparator: 'equal', values: [v] }, device)).toBe(device === v);
        expect(comparatorsOf(check)).toEqual(['equal']);
        expect(postureCheckProblem({ check, comparator: 'less_than', values: [v] })?.[0]).toBe('comparator');
      }),
    );
  });

  it('a device value of another kind, or none, fails', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.boolean(), fc.constant(undefined), fc.constant(null)),
        (device) => {
          expect(evaluatePostureCheck(zta('greater_than', 0), device)).toBe(false);
        },
      ),
    );
    expect(evaluatePostureCheck(os('greater_than', '1'), 14)).toBe(false);
    expect(evaluatePostureCheck(os('greater_than', '1'), 'fourteen')).toBe(false);
  });
});

describe('a check that does not fit its comparator', () => {
  it('inbetween needs two ordered values; the others one', () => {
    fc.assert(
      fc.property(score, score, (x, y) => {
        const problem = postureCheckProblem(zta('inbetween', x, y));
        expect(problem?.[0]).toBe(x <= y ? undefined : 'values.1');
      }),
    );
    expect(postureCheckProblem(zta('inbetween', 5))?.[0]).toBe('values');
    expect(postureCheckProblem(zta('equal', 5, 6))?.[0]).toBe('values');
    expect(postureCheckProblem(os('inbetween', '14.2', '13.9'))?.[0]).toBe('values.1');
  });

  it('a value must be of the check’s kind and in its bounds', () => {
    expect(postureCheckProblem(zta('equal', 101))?.[0]).toBe('values.0');
    expect(postureCheckProblem(os('equal', '14.x'))?.[0]).toBe('values.0');
    expect(postureCheckProblem({ check: 'firewall', comparator: 'equal', values: ['yes'] })?.[0]).toBe(
      'values.0',
    );
    // A check that does not fit passes no device.
    expect(evaluatePostureCheck(zta('inbetween', 90, 10), 50)).toBe(false);
  });
});

describe('a posture profile', () => {
  it('and needs every check, or any one; no checks pass', () => {
    const checks = [zta('greater_than', 60), os('greater_than', '13')];
    const device = { crowdstrike_zta: 70, os_version: '12.7' };
    expect(evaluatePostureProfile({ logic: 'and', checks }, device)).toBe(false);
    expect(evaluatePostureProfile({ logic: 'or', checks }, device)).toBe(true);
    expect(evaluatePostureProfile({ logic: 'and', checks: [] }, {})).toBe(true);
  });
});

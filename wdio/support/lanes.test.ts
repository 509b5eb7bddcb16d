import { laneCount, laneOf, laneUrlEnv, planLanes } from './lanes';
import { BASE_URL_ENV } from './testEnv';
import { readSpecTimes, specTimesModule } from './specTimesLog';

const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts'];
const seconds = { 'a.spec.ts': 10, 'b.spec.ts': 50, 'c.spec.ts': 40, 'd.spec.ts': 30, 'e.spec.ts': 20 };

describe('the browser suite lanes', () => {
  it('puts the longest first into the lane with the least time, each lane in alphabetical order', () => {
    // 50 -> 1; 40 -> 2; 30 -> 2 (40 < 50); 20 -> 1 (50 < 70); 10 -> 1 (70 = 70, the first).
    expect(planLanes(files, 2, seconds, 0)).toEqual([
      { files: ['a.spec.ts', 'b.spec.ts', 'e.spec.ts'], seconds: 80 },
      { files: ['c.spec.ts', 'd.spec.ts'], seconds: 70 },
    ]);
  });

  it('puts every spec file in exactly one lane, whatever the lane count, and leaves out empty lanes', () => {
    for (const lanes of [1, 2, 3, 4, 7]) {
      const plan = planLanes(files, lanes, seconds, 10);
      expect(plan).toHaveLength(Math.min(lanes, files.length));
      expect(plan.flatMap((lane) => lane.files).sort()).toEqual(files);
      expect(plan.reduce((sum, lane) => sum + lane.seconds, 0)).toBe(150 + files.length * 2);
    }
  });

  it('counts a spec file not yet timed as the median timed one', () => {
    const plan = planLanes(['new.spec.ts', 'a.spec.ts', 'b.spec.ts', 'c.spec.ts'], 1, seconds, 0);
    expect(plan[0].seconds).toBe(10 + 50 + 40 + 40);
  });

  it('finds the lane of a worker by its spec paths or file URLs', () => {
    const plan = planLanes(files, 2, seconds, 0);
    expect(laneOf(plan, ['./specs/c.spec.ts'])).toBe(1);
    expect(laneOf(plan, ['file:///repo/wdio/specs/a.spec.ts', 'file:///repo/wdio/specs/b.spec.ts'])).toBe(0);
    expect(() => laneOf(plan, ['./specs/z.spec.ts'])).toThrow('No lane runs z.spec.ts.');
  });

  it('gives the first lane the URL variable the specs read, the others their own', () => {
    expect(laneUrlEnv(0)).toBe(BASE_URL_ENV);
    expect(laneUrlEnv(2)).toBe(`${BASE_URL_ENV}_LANE3`);
  });

  it('runs one lane per core unless WDIO_LANES says how many, and refuses a count that is not one', () => {
    expect(laneCount({}, 4)).toBe(4);
    expect(laneCount({ WDIO_LANES: '' }, 2)).toBe(2);
    expect(laneCount({ WDIO_LANES: '3' }, 2)).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two'])
      expect(() => laneCount({ WDIO_LANES: bad }, 2)).toThrow(
        `WDIO_LANES must be a whole number from 1, not "${bad}".`,
      );
  });
});

describe('the spec times of a run', () => {
  const log = [
    '[e2e] [0-0] [wdio] time: worker start 12.5 s',
    '[e2e] [0-0] [wdio] time: a.spec.ts 10.4 s',
    '[e2e] [0-1] [wdio] time: worker start 9.0 s',
    '[e2e] [0-1] [wdio] time: b.spec.ts 61.2 s',
    '[e2e] [0-2] [wdio] time: worker start 30.0 s',
    '[e2e] [0-2] [wdio] time: b.spec.ts 48.6 s',
    '[e2e] some other line',
  ].join('\n');

  it('reads each spec file last time and the median worker start', () => {
    expect(readSpecTimes(log)).toEqual({
      seconds: { 'a.spec.ts': 10.4, 'b.spec.ts': 48.6 },
      workerStartSeconds: 12.5,
    });
    expect(readSpecTimes('nothing')).toEqual({ seconds: {}, workerStartSeconds: undefined });
  });

  it('writes the new times over the old ones for the spec files there are', () => {
    const text = specTimesModule(
      ['b.spec.ts', 'a.spec.ts', 'c.spec.ts', 'new.spec.ts'],
      { seconds: { 'a.spec.ts': 1, 'c.spec.ts': 33, 'gone.spec.ts': 5 }, workerStartSeconds: 11 },
      readSpecTimes(log),
      'ci.log, 2026-12-02',
    );
    expect(text).toContain(' * Source: ci.log, 2026-12-02.\n');
    expect(text).toContain(
      "export const SPEC_SECONDS: Readonly<Record<string, number>> = {\n  'a.spec.ts': 10,\n  'b.spec.ts': 49,\n  'c.spec.ts': 33,\n};\n",
    );
    expect(text).toContain('export const WORKER_START_SECONDS = 12.5;\n');
  });
});

import { FIELD_SPECS, LOG_TYPES, LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { fieldValueError } from '../events/queryValidation';
import { DEMO_HISTORY_MARK } from '@workbench/common/api/contract/demo';
import { EMAIL_ENTRY_ACTIONS, EMAIL_EXIT_ACTIONS } from '@workbench/common/vocabularies/index';
import { generateEvents, liveEventMaker } from './eventGenerator';

const NOW = Date.UTC(2026, 10, 20, 12, 30);
const DAY = 86400000;
const TENANTS = [
  { tid: 'tid-acme', name: 'acme' },
  { tid: 'tid-globex', name: 'globex' },
];
const events = [...generateEvents({ tenants: TENANTS, count: 20000, now: NOW, seed: 1 })].flat();

describe('generateEvents', () => {
  it('creates exactly the asked number, oldest first, within the last 180 days', () => {
    expect(events).toHaveLength(20000);
    const outOfOrder = events.filter((e, i) => i > 0 && e.time < events[i - 1].time);
    expect(outOfOrder).toEqual([]);
    expect(events[0].time).toBeGreaterThanOrEqual(NOW - 180 * DAY);
    expect(events[events.length - 1].time).toBeLessThan(NOW);
  });

  it('is deterministic from its seed', () => {
    const again = [...generateEvents({ tenants: TENANTS, count: 500, now: NOW, seed: 1 })].flat();
    const other = [...generateEvents({ tenants: TENANTS, count: 500, now: NOW, seed: 2 })].flat();
    expect(again).toEqual([...generateEvents({ tenants: TENANTS, count: 500, now: NOW, seed: 1 })].flat());
    expect(other).not.toEqual(again);
  });

  it('covers all six log types and every given tenant, with only vocabulary values', () => {
    for (const type of LOG_TYPES) expect(events.some((e) => e.logType === type)).toBe(true);
    expect(new Set(events.map((e) => e.tid))).toEqual(new Set(['tid-acme', 'tid-globex']));
    const problems: string[] = [];
    for (const event of events) {
      for (const [field, value] of Object.entries(event.fields)) {
        if (!LOG_TYPE_SCHEMAS[event.logType].fields.includes(field))
          problems.push(`${event.logType} has ${field}`);
        const error = value === null || value === undefined ? null : fieldValueError(field, value);
        if (error) problems.push(error);
      }
    }
    expect(problems).toEqual([]);
  });

  it('varies every coded field', () => {
    for (const type of LOG_TYPES) {
      for (const field of LOG_TYPE_SCHEMAS[type].fields) {
        if (FIELD_SPECS[field].kind !== 'code') continue;
        const values = new Set(
          events
            .filter((e) => e.logType === type)
            .map((e) => e.fields[field])
            .filter((v) => v != null),
        );
        expect([type, field, values.size > 1]).toEqual([type, field, true]);
      }
    }
  });

  it('has a daily and weekly rhythm: weekday afternoons are busier than nights and weekends', () => {
    const count = (pred: (d: Date) => boolean) => events.filter((e) => pred(new Date(e.time))).length;
    const weekdayAfternoon = count(
      (d) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5 && d.getUTCHours() >= 12 && d.getUTCHours() < 15,
    );
    const weekdayNight = count(
      (d) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5 && d.getUTCHours() >= 1 && d.getUTCHours() < 4,
    );
    const weekendAfternoon = count(
      (d) => (d.getUTCDay() === 0 || d.getUTCDay() === 6) && d.getUTCHours() >= 12 && d.getUTCHours() < 15,
    );
    expect(weekdayAfternoon).toBeGreaterThan(4 * weekdayNight);
    expect(weekdayAfternoon / 5).toBeGreaterThan((2 * weekendAfternoon) / 2);
  });

  it('domains are heavy-tailed: the top domain is far more frequent than the median one', () => {
    const counts = new Map<string, number>();
    for (const e of events)
      if (e.logType === 'scan_web')
        counts.set(String(e.fields.domain), (counts.get(String(e.fields.domain)) ?? 0) + 1);
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(sorted.length).toBeGreaterThan(200);
    expect(sorted[0]).toBeGreaterThan(20 * sorted[Math.floor(sorted.length / 2)]);
  });

  it('refuses a bad count or no tenants', () => {
    expect(() => [...generateEvents({ tenants: TENANTS, count: -1, now: NOW })]).toThrow(
      'count must be a non-negative integer.',
    );
    expect(() => [...generateEvents({ tenants: [], count: 1, now: NOW })]).toThrow(
      'At least one tenant is needed.',
    );
  });
});

describe('demo audit history (issues 15, 31)', () => {
  const facts = {
    accounts: ['admin@acme.example', 'auditor@acme.example', 'logs@acme.example'],
    admins: ['admin@acme.example'],
    endUsers: ['amelia.andersen@acme.example', 'bruno.baptiste@acme.example'],
  };
  const tenants = [{ tid: 'tid-acme', name: 'acme', audit: facts }];
  const audit = [...generateEvents({ tenants, count: 20000, now: NOW, seed: 1 })]
    .flat()
    .filter((e) => e.logType === 'scan_audit')
    .map((e) => e.fields);

  it('names only accounts and end users that exist, and no revision (the real ones come after it)', () => {
    expect(audit.length).toBeGreaterThan(500);
    for (const f of audit) {
      expect(facts.accounts).toContain(f.userid);
      if (f.sub_event_type !== 'session') expect(facts.admins).toContain(f.userid);
      if (f.audit_action === 'add_user') expect(facts.endUsers).toContain(f.object);
      if (['published', 'rollback', 'create'].includes(String(f.audit_action))) {
        expect(f.object).toBeNull();
        expect(String(f.details)).not.toMatch(/\d/);
      }
    }
    const actions = new Set(audit.map((f) => f.audit_action));
    for (const a of ['login', 'published', 'add_user', 'create']) expect(actions.has(a)).toBe(true);
  });

  it('says on every event that it is demo history, where the Audit Logs page shows it (details)', () => {
    const unmarked = audit.filter((f) => !String(f.details).startsWith(`${DEMO_HISTORY_MARK}: `));
    expect(unmarked).toEqual([]);
  });

  it("ends before the tenant's creation: after it, the tenant's real trail only", () => {
    const createdAt = NOW - 20 * DAY;
    const events = [
      ...generateEvents({ tenants: [{ ...tenants[0], createdAt }], count: 20000, now: NOW, seed: 1 }),
    ].flat();
    const history = events.filter((e) => e.logType === 'scan_audit');
    expect(history.length).toBeGreaterThan(300);
    expect(history.filter((e) => e.time >= createdAt)).toEqual([]);
    // The tenant's other traffic goes on after its creation.
    expect(events.filter((e) => e.time >= createdAt).length).toBeGreaterThan(1000);
  });

  it('live demo traffic writes no audit events', () => {
    const live = liveEventMaker(tenants, 7)(NOW, NOW + 60_000, 5000);
    expect(live).toHaveLength(5000);
    expect(live.filter((e) => e.logType === 'scan_audit')).toEqual([]);
    expect(new Set(live.map((e) => e.logType)).size).toBe(LOG_TYPES.length - 1);
  });
});

describe("a tenant's events follow its features (issue 31)", () => {
  const ALL = ['menlo_email', 'dlp', 'fwaas', 'private_access'];
  const of = (features: readonly string[]) =>
    [
      ...generateEvents({
        tenants: [{ tid: 'tid-x', name: 'x', features }],
        count: 20000,
        now: NOW,
        seed: 1,
      }),
    ].flat();
  const actionsOf = (events: ReturnType<typeof of>) =>
    new Set(events.filter((e) => e.logType === 'scan_web').map((e) => String(e.fields.action)));

  it('without e-mail (no menlo_email): no e-mail events, no clicks on or exits from e-mail links', () => {
    const events = of(['dlp']);
    expect(new Set(events.map((e) => e.logType))).toEqual(
      new Set(LOG_TYPES.filter((t) => t !== 'scan_email')),
    );
    const actions = actionsOf(events);
    for (const a of [...EMAIL_ENTRY_ACTIONS, ...EMAIL_EXIT_ACTIONS]) expect(actions.has(a)).toBe(false);
    const clicks = events.filter((e) => e.logType === 'scan_web' && e.fields.risk_score != null);
    expect(clicks).toEqual([]);
  });

  it('with e-mail: all six log types, and the e-mail clicks and exits among the web events', () => {
    const events = of(ALL);
    expect(new Set(events.map((e) => e.logType))).toEqual(new Set(LOG_TYPES));
    const actions = actionsOf(events);
    for (const a of ['email_entry_block', 'email_exit_allow']) expect(actions.has(a)).toBe(true);
  });
});

import { FIELD_SPECS, LOG_TYPES, LOG_TYPE_SCHEMAS } from '@workbench/common/api/contract/logSchema';
import { fieldValueError } from '../events/queryValidation';
import { generateEvents } from './eventGenerator';

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

describe('demo audit events with the tenant facts (issue 15)', () => {
  const facts = {
    accounts: ['admin@acme.example', 'auditor@acme.example', 'logs@acme.example'],
    admins: ['admin@acme.example'],
    endUsers: ['amelia.andersen@acme.example', 'bruno.baptiste@acme.example'],
    publishedRevisions: [3, 2],
    currentRevision: 4,
  };
  const tenants = [{ tid: 'tid-acme', name: 'acme', audit: facts }];
  const audit = [...generateEvents({ tenants, count: 20000, now: NOW, seed: 1 })]
    .flat()
    .filter((e) => e.logType === 'scan_audit')
    .map((e) => e.fields);

  it('name only accounts, end users and revisions that exist', () => {
    expect(audit.length).toBeGreaterThan(500);
    for (const f of audit) {
      expect(facts.accounts).toContain(f.userid);
      if (f.sub_event_type !== 'session') expect(facts.admins).toContain(f.userid);
      if (f.audit_action === 'add_user') expect(facts.endUsers).toContain(f.object);
      if (f.audit_action === 'published' || f.audit_action === 'rollback')
        expect(['revision 3', 'revision 2']).toContain(f.object);
      if (f.audit_action === 'create') expect(f.object).toBe('revision 4');
    }
    const actions = new Set(audit.map((f) => f.audit_action));
    for (const a of ['login', 'published', 'add_user', 'create']) expect(actions.has(a)).toBe(true);
  });

  it('without published revisions, a demo publish is the current revision initialized', () => {
    const none = [{ tid: 'tid-acme', name: 'acme', audit: { ...facts, publishedRevisions: [] } }];
    const actions = [...generateEvents({ tenants: none, count: 5000, now: NOW, seed: 1 })]
      .flat()
      .filter((e) => e.logType === 'scan_audit')
      .map((e) => e.fields.audit_action);
    expect(actions).not.toContain('published');
    expect(actions).not.toContain('rollback');
    expect(actions).toContain('create');
  });
});

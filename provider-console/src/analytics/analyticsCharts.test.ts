import type { AnalyticsSummaryReply } from '@workbench/common/api/contract/providerAnalytics';
import { byDayRows, byTenantRows, OTHER_EVENTS, periodRange, threatRows } from './analyticsCharts';

const reply: AnalyticsSummaryReply = {
  start: 0,
  end: 172_800,
  totals: { events: 12, blocks: 4, isolations: 3 },
  tenants: [
    { tid: 't-acme', name: 'acme', events: 10, blocks: 3, isolations: 3 },
    { tid: 't-globex', name: 'globex', events: 2, blocks: 1, isolations: 0 },
  ],
  top_threats: [{ key: 'malware', value: 5 }],
  by_day: [
    { key: 0, events: 9, blocks: 4, isolations: 1 },
    { key: 86_400, events: 3, blocks: 0, isolations: 2 },
  ],
};

describe('analytics chart rows', () => {
  it('stack blocks, isolations and the other events so that each stack totals the events', () => {
    const rows = byDayRows(reply);
    for (const day of reply.by_day)
      expect(rows.filter((r) => r.key === day.key).reduce((n, r) => n + r.value, 0)).toBe(day.events);
    expect(rows.filter((r) => r.key === 0)).toEqual([
      { key: 0, series: 'Blocks', value: 4 },
      { key: 0, series: 'Isolations', value: 1 },
      { key: 0, series: OTHER_EVENTS, value: 4 },
    ]);
    const tenants = byTenantRows(reply);
    expect(tenants.filter((r) => r.key === 'acme').reduce((n, r) => n + r.value, 0)).toBe(10);
    expect(threatRows(reply)).toEqual([{ key: 'malware', value: 5 }]);
  });

  it('reads a period as whole minutes ending now', () => {
    expect(periodRange('7', 1_000_030_000)).toEqual({ start: 1_000_080 - 7 * 86_400, end: 1_000_080 });
  });
});

/**
 * Drill-down counts what the bar counts (issue 31, point 10), through real HTTP: for every report
 * query of the registry that offers a drill-down, and for each of its top groups, the logs query
 * of that group (common's reportGroupLogs, what the dashboard's click opens) over the same range
 * gives the logs explorer's exact count (the histogram's total) equal to the bar, or for a measure
 * other than a count, the same measure recomputed from the drilled rows (the export's). Once with
 * the report's own conditions only, once with a page filter the query takes (aliases included).
 * On the scaled topology it runs on ClickHouse behind two replicas (openTestEventStore).
 */
import { FIELD_SPECS, type LogType } from '@workbench/common/api/contract/logSchema';
import { LOGS_EXPORT_TOTAL_HEADER } from '@workbench/common/api/contract/logs';
import type { LogHistogramReply } from '@workbench/common/api/contract/logSummary';
import { reportGroupLogs, reportOffersDrillDown } from '@workbench/common/api/contract/reportDrillDown';
import {
  REPORT_QUERY_NAMES,
  REPORT_QUERY_REGISTRY,
  reportQueryPath,
  type ReportQueryDef,
  type ReportQueryName,
  type ReportReply,
} from '@workbench/common/api/contract/reportQueries';
import { startGeneratedEventsServer, type GeneratedEventsServer } from '../testing/generatedEventsServer';

/** Groups drilled per query and variant. */
const GROUPS = 3;

type Row = Record<string, string | number | null>;

let data: GeneratedEventsServer;
/** The range of the data, unix seconds. */
let start = 0;
let end = 0;
/** The most frequent acme value of each field per log type (a page filter's value). */
const common = new Map<LogType, Map<string, string>>();

beforeAll(async () => {
  data = await startGeneratedEventsServer({ count: 4000, days: 7, seed: 3110 });
  const counts = new Map<LogType, Map<string, Map<string, number>>>();
  for (const e of data.events) {
    const fields = counts.get(e.logType) ?? new Map<string, Map<string, number>>();
    counts.set(e.logType, fields);
    for (const [field, value] of Object.entries(e.fields)) {
      if (value === null || value === undefined || value === '' || String(value).includes(',')) continue;
      const values = fields.get(field) ?? new Map<string, number>();
      values.set(String(value), (values.get(String(value)) ?? 0) + 1);
      fields.set(field, values);
    }
  }
  for (const [logType, fields] of counts)
    common.set(
      logType,
      new Map([...fields].map(([f, values]) => [f, [...values].sort((a, b) => b[1] - a[1])[0][0]])),
    );
  ({ start, end } = data);
}, 120_000);

afterAll(async () => {
  await data?.close();
});

const getJson = <T>(pathname: string): Promise<T> => data.getJson<T>(pathname);
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The logs API's parameters of a group's logs query over the range. */
function logsParams(name: ReportQueryName, key: string, applied: Record<string, string[]>) {
  const logs = reportGroupLogs(name, key, applied);
  if (logs === null) throw new Error(`${name}: no drill-down for ${key}`);
  const params: Record<string, string> = { start: String(start), end: String(end) };
  for (const [field, values] of Object.entries(logs.filters)) params[field] = values.join(',');
  if (logs.q !== '') params.q = logs.q;
  return { logType: logs.logType, params };
}

/** The report's measure recomputed from the drilled rows (integer fields as numbers). */
function measureOf(def: ReportQueryDef, rows: Row[]): number {
  const { measure } = def;
  const numbers = (field: string) =>
    rows.flatMap((r) => (r[field] === null || r[field] === undefined ? [] : [Number(r[field])]));
  switch (measure.kind) {
    case 'count':
      return rows.length;
    case 'sum':
      return rows.reduce((sum, r) => sum + measure.fields.reduce((s, f) => s + Number(r[f] ?? 0), 0), 0);
    case 'distinct':
      return new Set(rows.flatMap((r) => (r[measure.field] === null ? [] : [r[measure.field]]))).size;
    case 'avg': {
      const values = numbers(measure.field);
      if (values.length === 0) return 0;
      const mean = values.reduce((a, b) => a + b, 0) / values.length;
      return Math.sign(mean) * Math.round(Math.abs(mean));
    }
  }
}

/** The value of each of a report's groups (a stacked query's cells summed per group). */
function groupsOf(reply: ReportReply): Map<string, number> {
  const groups = new Map<string, number>();
  for (const row of reply.rows)
    if (row.key !== null) groups.set(String(row.key), (groups.get(String(row.key)) ?? 0) + row.value);
  return groups;
}

/** Drills into each top group of a query and compares the logs' measure with the bar's. */
async function checkDrillDown(name: ReportQueryName, applied: Record<string, string[]>): Promise<number> {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
  const report = await getJson<ReportReply>(
    `${reportQueryPath(name)}?${qs({
      start: String(start),
      end: String(end),
      limit: String(GROUPS),
      ...Object.fromEntries(Object.entries(applied).map(([p, v]) => [p, v.join(',')])),
    })}`,
  );
  const groups = groupsOf(report);
  await Promise.all(
    [...groups].map(async ([key, bar]) => {
      const { logType, params } = logsParams(name, key, applied);
      let drilled: number;
      if (def.measure.kind === 'count') {
        // The explorer's exact count.
        const histogram = await getJson<LogHistogramReply>(
          `/api/rep/v1/histogram/${logType}?${qs({ ...params, bucket: String(Math.ceil((end - start) / 100)) })}`,
        );
        drilled = histogram.total;
      } else {
        const columns = def.measure.kind === 'sum' ? def.measure.fields : [def.measure.field];
        const response = await data.server.call(
          `/api/rep/v1/export/${logType}?${qs({ ...params, format: 'ndjson', columns: columns.join(',') })}`,
          { jar: data.acme.jar },
        );
        expect(response.status).toBe(200);
        const rows = (await response.text())
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as Row);
        expect(Number(response.headers.get(LOGS_EXPORT_TOTAL_HEADER))).toBe(rows.length);
        drilled = measureOf(def, rows);
      }
      expect({ name, applied, key, value: drilled }).toEqual({ name, applied, key, value: bar });
    }),
  );
  return groups.size;
}

/** A page filter the query takes, rotating over its parameters: an alias where it has one. */
function pageFilterOf(name: ReportQueryName, index: number): Record<string, string[]> | null {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
  const params = Object.entries(def.filters).flatMap(([param, filter]) => {
    if (!('field' in filter)) return [];
    const aliases = Object.keys(filter.aliases ?? {});
    if (aliases.length > 0) return [[param, [...aliases, 'block']] as [string, string[]]];
    const value = common.get(def.logType)?.get(filter.field);
    return value === undefined ? [] : [[param, [value]] as [string, string[]]];
  });
  if (params.length === 0) return null;
  const [param, values] = params[index % params.length];
  return { [param]: values };
}

const DRILLABLE = REPORT_QUERY_NAMES.filter(reportOffersDrillDown);

describe('a drill-down counts what the bar counts', () => {
  it('every report query grouped by a field offers one; by-date queries none', () => {
    for (const name of REPORT_QUERY_NAMES) {
      const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
      expect([name, reportOffersDrillDown(name)]).toEqual([name, def.dimension.kind === 'field']);
      if (def.dimension.kind === 'field') expect(FIELD_SPECS[def.dimension.field]).toBeDefined();
    }
    expect(DRILLABLE.length).toBeGreaterThan(50);
  });

  it('for every such query and its top groups, the drilled logs measure what the bar does', async () => {
    let drilled = 0;
    for (const name of DRILLABLE) drilled += await checkDrillDown(name, {});
    // The data has groups for most queries (so most comparisons are not of empty results).
    expect(drilled).toBeGreaterThan(DRILLABLE.length * 2);
  }, 300_000);

  it('and with a page filter the query takes (aliases rewritten as the report does)', async () => {
    let drilled = 0;
    for (const [index, name] of DRILLABLE.entries()) {
      const applied = pageFilterOf(name, index);
      if (applied !== null) drilled += await checkDrillDown(name, applied);
    }
    expect(drilled).toBeGreaterThan(DRILLABLE.length);
  }, 300_000);

  it('a value a filter parameter cannot carry goes in q as an exact term; empty conditions have no group', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0';
    expect(reportGroupLogs('top_ua', agent)).toEqual({
      logType: 'scan_web',
      filters: {},
      q: `user_agent:"${agent}"`,
    });
    expect(reportGroupLogs('top_domains', 'google.com', { pe_action: ['isolate'] })).toEqual({
      logType: 'scan_web',
      filters: { action: ['safeview'], domain: ['google.com'] },
      q: '',
    });
    // The group's value within the query's fixed condition on the same field.
    expect(reportGroupLogs('top_exit_mode_email', 'email_exit_block')?.filters).toEqual({
      action: ['email_exit_block'],
    });
    // Averted risks are blocked or isolated: with the page's Action "allow" no event is in a group.
    expect(reportGroupLogs('risks_averted', 'malware', { pe_action: ['allow'] })).toBeNull();
    expect(reportGroupLogs('risks_averted', 'malware', { pe_action: ['block', 'allow'] })?.filters).toEqual({
      action: ['block'],
      threat_class: ['malware'],
    });
    expect(reportGroupLogs('bandwidth_usage_by_date', '1')).toBeNull();
  });
});

/**
 * Drill-down (issue 11; issue 31, point 10): the logs query of one group of a report query, i.e.
 * exactly the events its bar (or slice) measured, as the logs API takes a condition. Derived from
 * the query's registry row alone (reportQueries.ts: its log type, fixed conditions `where`, filters
 * with their aliases, and the dimension's field), so every panel of every dashboard drills the same
 * way and the logs explorer's count equals the bar's:
 *
 * - each condition on a field is a field filter (`field=a,b`, any of them: the report's own
 *   equality), the clicked group an equality on the dimension's field; conditions on one field hold
 *   together (their values' intersection);
 * - a value a filter parameter cannot carry (the logs API splits a filter on commas and trims each
 *   value: a user agent such as "… (KHTML, like Gecko) …") goes in `q` as the query language's
 *   exact term on that field (`field:"…"`), the same equality;
 * - never the free-text search: it matches the text anywhere in the type's searched fields
 *   (`google.com` also in `mail.google.com` and in URLs), so its count was not the bar's.
 *
 * A by-date query has no group to drill into (null); so has a group no event can be in (conditions
 * on one field with no value in common).
 */
import type { LogType } from '../../vocabularies/logTypes';
import { printValue } from './logQueryValues';
import { REPORT_QUERY_REGISTRY, type ReportQueryDef, type ReportQueryName } from './reportQueries';

/** The logs API's condition of a report group: its log type, field filters and the rest as `q`. */
export interface ReportGroupLogs {
  readonly logType: LogType;
  /** Field → values (any of them): the logs API's `field=a,b` filters. */
  readonly filters: Readonly<Record<string, readonly string[]>>;
  /** The conditions a filter cannot carry, in the logs query language ('' for none). */
  readonly q: string;
}

/** The report queries a click on a group drills into: those grouped by a field. */
export function reportOffersDrillDown(name: ReportQueryName): boolean {
  return REPORT_QUERY_REGISTRY[name].dimension.kind === 'field';
}

/** A value the logs API's `field=` parameter carries as itself (it splits on commas and trims). */
const filterable = (value: string): boolean => value !== '' && !value.includes(',') && value.trim() === value;

/**
 * The logs query of the group `key` of a report query, with the request filters the report was
 * asked with (`applied`: parameter → values, as sent; parameters the query does not take are left
 * out, as the report leaves them out), or null where there is no group to drill into.
 */
export function reportGroupLogs(
  name: ReportQueryName,
  key: string,
  applied: Readonly<Record<string, readonly string[]>> = {},
): ReportGroupLogs | null {
  const def: ReportQueryDef = REPORT_QUERY_REGISTRY[name];
  if (def.dimension.kind !== 'field') return null;
  const conditions: [string, readonly string[]][] = [
    ...(def.where ?? []).map((w): [string, readonly string[]] => [w.field, w.values]),
    ...Object.entries(applied).flatMap(([param, values]): [string, readonly string[]][] => {
      const filter = def.filters[param];
      if (filter === undefined || !('field' in filter)) return [];
      return [[filter.field, values.map((v) => filter.aliases?.[v] ?? v)]];
    }),
    [def.dimension.field, [key]],
  ];
  const byField = new Map<string, readonly string[]>();
  for (const [field, values] of conditions) {
    const held = byField.get(field);
    byField.set(field, held === undefined ? [...new Set(values)] : held.filter((v) => values.includes(v)));
  }
  const filters: Record<string, readonly string[]> = {};
  const terms: string[] = [];
  for (const [field, values] of byField) {
    if (values.length === 0) return null;
    if (values.every(filterable)) filters[field] = values;
    else
      terms.push(
        values.length === 1
          ? `${field}:${printValue(values[0])}`
          : `${field}:(${values.map(printValue).join(' OR ')})`,
      );
  }
  return { logType: def.logType, filters, q: terms.join(' AND ') };
}

/**
 * "Create alert from this query" (docs/alerts.md "Rules"): the explorer's view as an alert rule's
 * query, log type and window. A rule has one query of the logs query language, so the filter bar's
 * chips, the excluded values, the free-text search and the typed rest are joined into it (the
 * language says each of them); the window is the length of the query's time range in minutes.
 */
import { ALERT_WINDOW_MINUTES_MAX } from '@workbench/common/api/contract/alerts';
import {
  joinLogQuery,
  parseLogQueryText,
  printLogCondition,
  type LogCondition,
} from '@workbench/common/api/contract/logQueryLanguage';
import type { LogQuery } from '@workbench/common/api/logs';
import { LOG_ROUTE_TYPES, type LogRoute } from '@workbench/common/vocabularies/index';
import type { AlertPrefill } from '../alerts/alertRuleForm';
import { LOG_ROUTE_FIELDS } from './logFields';
import type { LogView } from './logView';

/** The view's whole condition as query text ('' for every event); null when its `q` does not parse. */
export function alertQueryText(
  route: LogRoute,
  view: Pick<LogView, 'filters' | 'exclude' | 'search' | 'q'>,
): string | null {
  let rest: LogCondition | null;
  try {
    rest = view.q ? parseLogQueryText(LOG_ROUTE_TYPES[route], view.q) : null;
  } catch {
    return null;
  }
  const excluded: LogCondition[] = Object.entries(view.exclude)
    .filter(([, values]) => values.length > 0)
    .map(([field, values]): LogCondition => ({ kind: 'not', item: { kind: 'in', field, values } }));
  const chips = LOG_ROUTE_FIELDS[route].filters;
  // The view's filters may name fields the chips do not: those go in as `in` terms of their own.
  const chipFilters = Object.fromEntries(Object.entries(view.filters).filter(([f]) => chips.includes(f)));
  const others: LogCondition[] = Object.entries(view.filters)
    .filter(([f, values]) => !chips.includes(f) && values.length > 0)
    .map(([field, values]): LogCondition => ({ kind: 'in', field, values }));
  const extra = [...others, ...excluded];
  const restAll: LogCondition | null =
    extra.length === 0
      ? rest
      : { kind: 'and', items: [...extra, ...(rest ? (rest.kind === 'and' ? rest.items : [rest]) : [])] };
  const condition = joinLogQuery({ filters: chipFilters, search: view.search, rest: restAll }, chips);
  return condition === null ? '' : printLogCondition(condition);
}

/** The alert dialog's prefill from the explorer's view and its built query (start and end in unix seconds). */
export function alertPrefillOf(
  route: LogRoute,
  view: Pick<LogView, 'filters' | 'exclude' | 'search' | 'q'>,
  query: LogQuery,
): AlertPrefill | null {
  const text = alertQueryText(route, view);
  if (text === null) return null;
  const seconds = Number(query.params.end) - Number(query.params.start);
  // Whole minutes of the range: a relative interval's start is aligned down to its step, so "last
  // 15 minutes" spans 15 to 16 minutes and is a 15-minute window.
  const minutes = Math.min(Math.max(1, Math.floor(seconds / 60)), ALERT_WINDOW_MINUTES_MAX);
  return { log_type: route, query: text, window_minutes: minutes };
}

/**
 * The filter bar's query-string encoding (docs/shared-ui.md §6 Filter bar, §6 Filter bar
 * encoding, §6). Pure functions over URLSearchParams; the FilterBar component and the
 * `useFilterValues` hook are thin on top of them.
 *
 * - Multiple values are comma-joined: `action=block,allow`.
 * - Options sharing a label are one menu item whose value is their codes joined with a plus sign:
 *   `reason=spam+phish` (URLSearchParams writes the plus as %2B; reading gives it back).
 * - Changing filters resets `page` to 0.
 * - `page` and `pageSize` are ignored when comparing changes.
 */

import type { ReactNode } from 'react';

/** One choice of a filter menu (a vocabulary entry fits: `{ code, label }`). */
export interface FilterOption {
  readonly code: string;
  readonly label: string;
}

/** A boolean switch shown at the top of a filter's menu; stored as `<key>=true` when on. */
export interface FilterToggle {
  readonly key: string;
  readonly label: string;
}

/** Filter schema entry (docs/shared-ui.md §6): one drop-down menu of the bar, keyed by its query parameter. */
export interface FilterSchemaEntry {
  /** The menu button's text. */
  readonly label: string;
  readonly options: readonly FilterOption[];
  /** Several values may be chosen (comma-joined in the query); otherwise one. */
  readonly multiple?: boolean;
  /** Codes in effect while the query does not name the filter. */
  readonly defaultValue?: string | readonly string[];
  /**
   * A single-value menu that always has a value (the logs' interval): no "Any" item, and an empty
   * value in the query reads as the default.
   */
  readonly required?: boolean;
  readonly toggles?: readonly FilterToggle[];
  /** Show the options sorted by label (case-insensitive) rather than in the given order. */
  readonly sortable?: boolean;
  /** Placeholder of the search box (shown above FILTER_SEARCH_THRESHOLD options). */
  readonly searchPlaceholder?: string;
  /** Icon of this menu's search box (default: the bar's, else a magnifier). */
  readonly searchIcon?: ReactNode;
  /** Help text shown at the top of the menu. */
  readonly description?: string;
}

/** Query parameter → menu. The object's order is the bar's order. */
export type FilterSchema = Readonly<Record<string, FilterSchemaEntry>>;

/** Chosen codes per query parameter (every schema key present; [] = no filter). */
export type FilterValues = Record<string, string[]>;

/** Menus with more options than this show a search box and scroll (docs/shared-ui.md §6). */
export const FILTER_SEARCH_THRESHOLD = 5;
export const PAGE_PARAM = 'page';
export const PAGE_SIZE_PARAM = 'pageSize';
export const MULTI_VALUE_SEPARATOR = ',';
export const SAME_LABEL_SEPARATOR = '+';

/** A menu item: options sharing a label become one item whose value is their codes plus-joined. */
export interface FilterMenuItem {
  /** The item's query value ('spam+phish' for two codes sharing a label). */
  readonly value: string;
  readonly label: string;
  readonly codes: readonly string[];
}

/** The menu items of a schema entry: same-label options merged, sorted by label when `sortable`. */
export function filterMenuItems(entry: FilterSchemaEntry): FilterMenuItem[] {
  const byLabel = new Map<string, string[]>();
  for (const option of entry.options) {
    const codes = byLabel.get(option.label);
    if (codes) codes.push(option.code);
    else byLabel.set(option.label, [option.code]);
  }
  const items = [...byLabel].map(([label, codes]) => ({
    label,
    codes,
    value: codes.join(SAME_LABEL_SEPARATOR),
  }));
  if (entry.sortable)
    items.sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
  return items;
}

/** The codes of a query value: comma-separated items, each maybe plus-joined. Empty parts dropped. */
export function decodeFilterValue(param: string): string[] {
  return param
    .split(MULTI_VALUE_SEPARATOR)
    .flatMap((item) => item.split(SAME_LABEL_SEPARATOR))
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/**
 * The query value of chosen codes: each menu item fully chosen is written as its plus-joined value,
 * the items comma-joined in menu order; codes not in the menu follow as they are.
 */
export function encodeFilterValue(entry: FilterSchemaEntry, codes: readonly string[]): string {
  const chosen = new Set(codes);
  const parts: string[] = [];
  const used = new Set<string>();
  for (const item of filterMenuItems(entry)) {
    if (item.codes.every((code) => chosen.has(code))) {
      parts.push(item.value);
      item.codes.forEach((code) => used.add(code));
    }
  }
  for (const code of codes) if (!used.has(code)) parts.push(code);
  return parts.join(MULTI_VALUE_SEPARATOR);
}

function defaultCodes(entry: FilterSchemaEntry): string[] {
  if (entry.defaultValue === undefined) return [];
  return typeof entry.defaultValue === 'string'
    ? decodeFilterValue(entry.defaultValue)
    : [...entry.defaultValue];
}

/** The chosen codes of every filter of the schema: from the query, else the entry's default. */
export function readFilterValues(params: URLSearchParams, schema: FilterSchema): FilterValues {
  const values: FilterValues = {};
  for (const [key, entry] of Object.entries(schema)) {
    const param = params.get(key);
    const codes = param === null ? [] : decodeFilterValue(param);
    values[key] = param === null || (entry.required && codes.length === 0) ? defaultCodes(entry) : codes;
  }
  return values;
}

/** Whether a toggle is on in the query. */
export function readToggle(params: URLSearchParams, toggleKey: string): boolean {
  return params.get(toggleKey) === 'true';
}

/** A canonical text of the query without page and pageSize: equal texts mean "no filter change". */
export function filterStateKey(params: URLSearchParams): string {
  const entries = [...params].filter(([key]) => key !== PAGE_PARAM && key !== PAGE_SIZE_PARAM);
  entries.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  return new URLSearchParams(entries).toString();
}

/** Whether two queries differ in anything but page and pageSize. */
export function filtersChanged(before: URLSearchParams, after: URLSearchParams): boolean {
  return filterStateKey(before) !== filterStateKey(after);
}

/**
 * The query after choosing `codes` for filter `key`: the filter is written (or removed when no
 * code is chosen and the filter has no default, so the URL stays short; with a default an empty
 * value is written, meaning "none"), and `page` becomes 0 when anything but page/pageSize changed. Other parameters are kept.
 */
export function withFilterValue(
  params: URLSearchParams,
  schema: FilterSchema,
  key: string,
  codes: readonly string[],
): URLSearchParams {
  const entry = schema[key];
  if (!entry) throw new Error(`Unknown filter '${key}'`);
  const next = new URLSearchParams(params);
  if (codes.length === 0 && entry.defaultValue === undefined) next.delete(key);
  else next.set(key, encodeFilterValue(entry, codes));
  return withPageReset(params, next);
}

/** The query after switching a toggle (written as `true`, removed when off); page reset on change. */
export function withToggle(params: URLSearchParams, toggleKey: string, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(toggleKey, 'true');
  else next.delete(toggleKey);
  return withPageReset(params, next);
}

function withPageReset(before: URLSearchParams, after: URLSearchParams): URLSearchParams {
  if (filtersChanged(before, after)) after.set(PAGE_PARAM, '0');
  return after;
}

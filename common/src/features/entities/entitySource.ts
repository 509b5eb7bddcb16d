/**
 * What the entity feature needs to know of one kind of entity: how a row is identified, its
 * default query, and the calls that list and change it. Each data page (the tenant portal's
 * users, the provider console's tenants and registry entities) gives one source; the feature's
 * one slice and one watcher serve them all.
 */
import type { HttpClient } from '../../api/http';

export type SortOrder = 'asc' | 'desc';

/** A list query: search text, sort, and the page (0-based) with its size. */
export interface EntityQuery {
  search: string;
  sort: string;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export interface EntityPage<Row> {
  rows: Row[];
  total: number;
}

/** The writes a page asks for; the source says which it supports. */
export type EntityWrite =
  | { op: 'create'; body: unknown }
  /** `label` names the row in the success message (e.g. the username as the form has it). */
  | { op: 'update'; id: string; changes: unknown; label: string }
  | { op: 'remove'; ids: string[] }
  | { op: 'modify'; ids: string[]; changes: unknown }
  /** A command on one row whose answer the page shows (e.g. a new password). */
  | { op: 'command'; id: string; command: string };
export type EntityWriteOp = EntityWrite['op'];

/** Success messages of the writes (a snackbar); a write without one shows none. */
export interface EntityMessages<Row, Changes> {
  created?(row: Row): string;
  updated?(label: string): string;
  removed?(count: number): string;
  modified?(count: number, changes: Changes): string;
}

// Method syntax keeps the parameters bivariant, so a source of any row type is an EntitySource.
export interface EntitySource<Row = unknown, Body = unknown, Changes = unknown> {
  /** The key of the entity's state (unique per app). */
  name: string;
  idOf(row: Row): string;
  defaultQuery: EntityQuery;
  /** Fields the list can be sorted by (server side). */
  sortFields: readonly string[];
  list(http: HttpClient, query: EntityQuery): Promise<EntityPage<Row>>;
  create?(http: HttpClient, body: Body): Promise<Row>;
  update?(http: HttpClient, id: string, changes: Changes): Promise<unknown>;
  /** Removes the rows; answers how many were removed. */
  remove?(http: HttpClient, ids: string[]): Promise<number>;
  /** Changes the same fields of several rows; answers how many changed. */
  modify?(http: HttpClient, ids: string[], changes: Changes): Promise<number>;
  commands?: Record<string, (http: HttpClient, id: string) => Promise<unknown>>;
  messages?: EntityMessages<Row, Changes>;
}

/**
 * The sort of a header click reported by a table (column, direction): a field the source sorts
 * by, or the default sort when the table reports none. Null for a column the server cannot sort
 * by (nothing changes).
 */
export function sortOfHeader(
  source: Pick<EntitySource, 'sortFields' | 'defaultQuery'>,
  column: string | null,
  direction: SortOrder,
): { sort: string; order: SortOrder } | null {
  if (column === null) return { sort: source.defaultQuery.sort, order: source.defaultQuery.order };
  return source.sortFields.includes(column) ? { sort: column, order: direction } : null;
}

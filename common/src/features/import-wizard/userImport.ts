/**
 * Bulk import of end users, shared by the tenant portal's users page and the provider console's
 * tenant users tab (one wizard, one row mapping): file rows (strings by column name) to
 * bulkusercreate rows, sent in batches of at most UDB_BULK_LIMIT through the caller's bulk call;
 * refused rows map back to their row in the file.
 */
import {
  END_USER_FIELDS,
  UDB_BULK_LIMIT,
  bulkCreateRowProblem,
  type BulkCreateReply,
  type EndUserFields,
} from '../../api/contract/udb';

/** Column names of the import file (and of its empty template), in order. */
export const USER_IMPORT_FIELDS: readonly string[] = END_USER_FIELDS;
/** The import takes files up to this many rows. */
export const USER_IMPORT_MAX_ROWS = 10000;
export const USER_IMPORT_BATCH = UDB_BULK_LIMIT;

export type UserImportRecord = Record<string, string | undefined>;

/**
 * What separates the groups of one user in a file's cell or the user form: commas, semicolons
 * (the list separator of spreadsheets in many locales) or pipes. Issue 31: "sales;finance" was
 * imported as one group; the import wizard says so beside its template (USER_IMPORT_NOTES).
 */
export const GROUP_SEPARATORS = /[,;|]/;

/** Splits "a, b;c|d" into ['a', 'b', 'c', 'd'] (blank entries dropped). */
export const parseGroups = (text: string): string[] =>
  text
    .split(GROUP_SEPARATORS)
    .map((g) => g.trim())
    .filter((g) => g !== '');

/** How to fill the columns that are not plain text, shown beside the template download. */
export const USER_IMPORT_NOTES: readonly string[] = [
  'groups: several groups separated by commas, semicolons or | (sales;finance is two groups).',
  'status: active or disabled, in any case (empty: active).',
];

/**
 * A file row as a bulkusercreate row: empty cells are left out (the server's defaults apply),
 * groups split on GROUP_SEPARATORS, status lower-cased. Unknown columns are kept so the server
 * names them in its error.
 */
export function toUserRow(record: UserImportRecord): EndUserFields & Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(record)) {
    const value = (raw ?? '').trim();
    if (value === '' && key !== 'username') continue;
    if (key === 'groups') row.groups = parseGroups(value);
    else if (key === 'status') row.status = value.toLowerCase();
    else row[key] = value;
  }
  return row as EndUserFields & Record<string, unknown>;
}

/**
 * A file row's problem before Next (docs/shared-ui.md §4: Next is disabled while rows are invalid),
 * by the user database's own row rule (the contract's bulkCreateRowProblem, which bulkusercreate
 * applies): the same reason the server would give. What only the server knows (a username that
 * exists, or twice in the list) it still refuses at the dry run.
 */
export const userImportRowProblem = (record: UserImportRecord): string | null =>
  bulkCreateRowProblem(toUserRow(record))?.reason ?? null;

export interface UserImportRowError {
  /** 0-based index of the row in the whole import. */
  index: number;
  reason: string;
}

/** The bulk create call of the user database at hand (the portal's own, or a tenant's). */
export type BulkUserCreate = (
  rows: (EndUserFields & Record<string, unknown>)[],
  options: { dryRun?: boolean },
) => Promise<BulkCreateReply>;

/**
 * Dry run of one batch (bulkusercreate?dry_run=true): which rows would be created and which
 * refused; a create never changes an existing user, so `change` is always empty.
 */
export async function dryRunUserBatch(
  bulk: BulkUserCreate,
  records: UserImportRecord[],
  offset: number,
): Promise<{ create: number[]; change: number[]; refuse: UserImportRowError[] }> {
  const reply = await bulk(records.map(toUserRow), { dryRun: true });
  const refused = new Set(reply.errors.map((e) => e.index));
  return {
    create: records.flatMap((_, i) => (refused.has(i) ? [] : [offset + i])),
    change: [],
    refuse: reply.errors.map((e) => ({ index: offset + e.index, reason: e.reason })),
  };
}

/** Sends one batch (rows starting at `offset` in the import) and maps refusals back to import rows. */
export async function importUserBatch(
  bulk: BulkUserCreate,
  records: UserImportRecord[],
  offset: number,
  options: { dryRun?: boolean } = {},
): Promise<{ created: number; errors: UserImportRowError[] }> {
  const reply = await bulk(records.map(toUserRow), options);
  return {
    created: reply.created,
    errors: reply.errors.map((e) => ({ index: offset + e.index, reason: e.reason })),
  };
}

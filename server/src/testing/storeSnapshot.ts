/**
 * A fingerprint of a config store, through the ConfigStore interface (SQLite or PostgreSQL
 * alike): per table, its row count and a SHA-256 of its rows sorted by their content. Two equal
 * snapshots mean nothing was written in between (a row deleted and put back as it was aside).
 */
import crypto from 'node:crypto';
import type { ConfigStore } from '../store/ConfigStore';

export interface TableFingerprint {
  rows: number;
  sha256: string;
}

export type StoreSnapshot = Record<string, TableFingerprint>;

export interface SnapshotOptions {
  /** Tables left out (each with a reason at the caller: they change without a write request). */
  exclude?: readonly string[];
}

const cellText = (cell: unknown): unknown =>
  Buffer.isBuffer(cell) || cell instanceof Uint8Array
    ? `x'${Buffer.from(cell).toString('hex')}'`
    : typeof cell === 'bigint'
      ? `${cell}n`
      : cell instanceof Date
        ? cell.toISOString()
        : cell;

export async function snapshotConfigStore(
  store: ConfigStore,
  options: SnapshotOptions = {},
): Promise<StoreSnapshot> {
  const exclude = new Set(options.exclude ?? []);
  const tables = await store.readAllTables();
  const snapshot: StoreSnapshot = {};
  for (const name of Object.keys(tables).sort()) {
    if (exclude.has(name)) continue;
    // Sorted by content: PostgreSQL has no rowid, and an engine may return rows in any order.
    const lines = tables[name].map((row) => JSON.stringify(row.map(cellText))).sort();
    const hash = crypto.createHash('sha256');
    for (const line of lines) hash.update(`${line}\n`);
    snapshot[name] = { rows: lines.length, sha256: hash.digest('hex') };
  }
  return snapshot;
}

/** The tables whose fingerprint differs (or that exist in only one snapshot), by name. */
export function changedTables(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.sha256 !== after[n]?.sha256 || before[n]?.rows !== after[n]?.rows)
    .sort();
}

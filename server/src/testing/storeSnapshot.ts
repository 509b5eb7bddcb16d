/**
 * A fingerprint of the SQLite config store of a test server: per table, its row count and a
 * SHA-256 of its rows in rowid order. Two equal snapshots mean nothing was written in between.
 * The file is opened read-only beside the server's own connection (WAL lets both read).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CONFIG_DB_FILE } from '../store/sqliteConfigStore';

export interface TableFingerprint {
  rows: number;
  sha256: string;
}

export type StoreSnapshot = Record<string, TableFingerprint>;

export interface SnapshotOptions {
  /** Tables left out (each with a reason at the caller: they change without a write request). */
  exclude?: readonly string[];
}

interface TableListRow {
  name: string;
  type: string;
  wr: number;
}

const cellText = (cell: unknown): unknown =>
  Buffer.isBuffer(cell) ? `x'${cell.toString('hex')}'` : typeof cell === 'bigint' ? `${cell}n` : cell;

export function snapshotConfigStore(dataDir: string, options: SnapshotOptions = {}): StoreSnapshot {
  const db = new Database(path.join(dataDir, CONFIG_DB_FILE), { readonly: true, fileMustExist: true });
  try {
    const exclude = new Set(options.exclude ?? []);
    const tables = (db.pragma('table_list') as TableListRow[])
      .filter((t) => t.type === 'table' && !t.name.startsWith('sqlite_') && !exclude.has(t.name))
      .sort((a, b) => a.name.localeCompare(b.name));
    const snapshot: StoreSnapshot = {};
    for (const table of tables) {
      const quoted = `"${table.name.replace(/"/g, '""')}"`;
      // A WITHOUT ROWID table has no rowid: its primary key (the first column) orders it instead.
      const order = table.wr ? '1' : 'rowid';
      const hash = crypto.createHash('sha256');
      let rows = 0;
      for (const row of db
        .prepare(`SELECT * FROM ${quoted} ORDER BY ${order}`)
        .raw(true)
        .iterate() as IterableIterator<unknown[]>) {
        hash.update(JSON.stringify(row.map(cellText)));
        hash.update('\n');
        rows += 1;
      }
      snapshot[table.name] = { rows, sha256: hash.digest('hex') };
    }
    return snapshot;
  } finally {
    db.close();
  }
}

/** The tables whose fingerprint differs (or that exist in only one snapshot), by name. */
export function changedTables(before: StoreSnapshot, after: StoreSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((n) => before[n]?.sha256 !== after[n]?.sha256 || before[n]?.rows !== after[n]?.rows)
    .sort();
}

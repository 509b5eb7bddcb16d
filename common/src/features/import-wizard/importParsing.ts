/**
 * Import file parsing (docs/shared-ui.md §3 Import). CSV goes through papaparse (quoted
 * fields with commas and line breaks work), read from the File in chunks so a 10,000-row file does
 * not block the page (each chunk is a separate FileReader read, so the browser gets the main
 * thread back between chunks). Then the spec's rules:
 * - blank lines are dropped, cells are trimmed;
 * - a header row whose cells all start with a dollar sign is not counted (its names, without the
 *   dollar, give the column order). Decision: a first row of field names (each once, any order and
 *   case) is a header too, and gives the column order; otherwise columns are taken in the order of
 *   the fields. The wizard says which header it found.
 * JSON files hold an array of objects keyed by field name (or of arrays in field order).
 */
import Papa from 'papaparse';
import { fileExtension } from '../../validators/files';

/** One imported row: cell text by field name. */
export type ImportRecord = Record<string, string>;

export const HEADER_MARK = '$';
/** Bytes per CSV read; each chunk is parsed between two yields to the event loop. */
export const IMPORT_CHUNK_BYTES = 256 * 1024;

/** Thrown with a user-facing message when a file cannot be read as an import. */
export class ImportFileError extends Error {}

/**
 * The kind of header a first row is: the template's (every cell marked with '$'), a plain one
 * (every cell a field name, each once, in any order and case: `username,first_name,...`), or none.
 */
export type ImportHeader = 'template' | 'plain';

export function headerOf(cells: readonly string[], fields: readonly string[]): ImportHeader | null {
  if (cells.length === 0) return null;
  if (cells.every((cell) => cell.startsWith(HEADER_MARK))) return 'template';
  const known = new Set(fields.map((field) => field.toLowerCase()));
  const named = cells.map((cell) => cell.toLowerCase());
  return named.every((name) => known.has(name)) && new Set(named).size === named.length ? 'plain' : null;
}

export function isHeaderRow(cells: readonly string[], fields: readonly string[]): boolean {
  return headerOf(cells, fields) !== null;
}

/**
 * The errors CSV's column of the reason a row was refused (the wizard's own, written last): an
 * import skips it, unless it is one of the fields, so a fixed errors file imports as it is.
 */
export const IMPORT_REASON_COLUMN = 'reason';

/** What an import file held: its records, the header its first row was (null: none), its columns. */
export interface ImportContent {
  records: ImportRecord[];
  header: ImportHeader | null;
  /**
   * The file's columns in its order (the header's names, a field's in the field's spelling; the
   * fields without a header): the errors CSV has the same ones, so it re-imports after fixing.
   */
  columns: string[];
}

/** Cells (already trimmed, blank lines dropped) to records by field name, applying the header rule. */
export function recordsFromCells(
  cells: readonly (readonly string[])[],
  fields: readonly string[],
): ImportRecord[] {
  return contentFromCells(cells, fields).records;
}

/** As recordsFromCells, also saying which header the first row was. */
export function contentFromCells(
  cells: readonly (readonly string[])[],
  fields: readonly string[],
): ImportContent {
  // The record key of each cell position; null: not imported (the errors CSV's reason).
  let keys: (string | null)[] = [...fields];
  let body = cells;
  const header = cells.length > 0 ? headerOf(cells[0], fields) : null;
  if (header !== null) {
    const named = cells[0].map((cell) => (cell.startsWith(HEADER_MARK) ? cell.slice(1) : cell).trim());
    // A header's names pick the columns: a field in any case, any other name as it is (every
    // column of the file is kept, and a row's check names one that is not a field).
    const byLower = new Map(fields.map((field) => [field.toLowerCase(), field]));
    keys = named.map((name) => {
      const field = byLower.get(name.toLowerCase());
      if (field !== undefined) return field;
      return name.toLowerCase() === IMPORT_REASON_COLUMN || name === '' ? null : name;
    });
    body = cells.slice(1);
  }
  const records = body.map((row) => {
    const record: ImportRecord = {};
    keys.forEach((key, i) => {
      if (key !== null) record[key] = row[i] ?? '';
    });
    return record;
  });
  const columns = keys.filter((key): key is string => key !== null);
  return { records, header, columns };
}

/** Trimmed cells of parsed rows, lines whose cells are all blank dropped. */
export function cleanCells(rows: readonly unknown[][]): string[][] {
  const out: string[][] = [];
  for (const row of rows) {
    const cells = row.map((cell) => String(cell ?? '').trim());
    if (cells.some((cell) => cell !== '')) out.push(cells);
  }
  return out;
}

/** CSV text to records (synchronous; for small texts and tests). */
export function parseCsvText(text: string, fields: readonly string[]): ImportRecord[] {
  const result = Papa.parse<unknown[]>(text, { skipEmptyLines: 'greedy' });
  return recordsFromCells(cleanCells(result.data), fields);
}

/** JSON text to records: an array of objects (by field name) or of arrays (in field order). */
export function parseJsonText(text: string, fields: readonly string[]): ImportRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ImportFileError('The JSON file could not be read.');
  }
  if (!Array.isArray(data)) throw new ImportFileError('The JSON file must hold a list of rows.');
  const cells: string[][] = [];
  const records: ImportRecord[] = [];
  for (const item of data) {
    if (Array.isArray(item)) cells.push(...cleanCells([item]));
    else if (item && typeof item === 'object') {
      const record: ImportRecord = {};
      for (const field of fields) {
        const value = (item as Record<string, unknown>)[field];
        record[field] = value === null || value === undefined ? '' : String(value).trim();
      }
      if (Object.values(record).some((value) => value !== '')) records.push(record);
    } else throw new ImportFileError('The JSON file must hold a list of rows.');
  }
  return [...records, ...recordsFromCells(cells, fields)];
}

/** Reads a CSV File in chunks (yielding between them) into cleaned cells. */
export function parseCsvFile(file: File, chunkBytes = IMPORT_CHUNK_BYTES): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const cells: string[][] = [];
    Papa.parse<unknown[]>(file, {
      skipEmptyLines: 'greedy',
      chunkSize: chunkBytes,
      chunk: (results) => {
        for (const row of cleanCells(results.data)) cells.push(row);
      },
      complete: () => resolve(cells),
      error: (error) => reject(new ImportFileError(`The file could not be read: ${error.message}`)),
    });
  });
}

/** The text of a File (FileReader: older engines, and jsdom, lack Blob.text()). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new ImportFileError('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** A csv or json File to records (csv read in chunks), with the header it had (JSON: none). */
export async function parseImportFile(file: File, fields: readonly string[]): Promise<ImportContent> {
  const ext = fileExtension(file.name);
  if (ext === 'json')
    return { records: parseJsonText(await readFileText(file), fields), header: null, columns: [...fields] };
  return contentFromCells(await parseCsvFile(file), fields);
}

/** The empty CSV template: one header row of the field names, each marked with '$' (so it is not counted on import). */
export function importTemplateCsv(fields: readonly string[]): string {
  return `${Papa.unparse([fields.map((field) => `${HEADER_MARK}${field}`)], { newline: '\r\n' })}\r\n`;
}

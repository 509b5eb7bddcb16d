import {
  DEFAULT_EXPORT_CHOICE,
  exportFileName,
  exportQuery,
  readExport,
  type ExportProgress,
} from './logExport';

const encoder = new TextEncoder();

/** A streamed body of these chunks (what the fetch adapter hands over). */
const body = (chunks: string[]) => {
  let i = 0;
  return {
    getReader: () => ({
      read: async () =>
        i < chunks.length ? { done: false, value: encoder.encode(chunks[i++]) } : { done: true },
    }),
  } as unknown as ReadableStream<Uint8Array>;
};

describe('reading an export with progress', () => {
  it('counts the rows received against x-total-events after every chunk, and returns every chunk', async () => {
    const seen: ExportProgress[] = [];
    const chunks = ['id,time\n1,a\n2,', 'b\n3,c\n', '4,d\n'];
    const result = await readExport({ total: 4, body: body(chunks) }, (p) => seen.push(p));
    expect(seen).toEqual([
      { rows: 0, total: 4 },
      { rows: 1, total: 4 },
      { rows: 3, total: 4 },
      { rows: 4, total: 4 },
      { rows: 4, total: 4 },
    ]);
    expect(new TextDecoder().decode(Buffer.concat(result.chunks))).toBe(chunks.join(''));
    expect(result.rows).toBe(4);
  });

  it('without an announced total counts the line ends (the header is not a row)', async () => {
    const seen: ExportProgress[] = [];
    const result = await readExport({ total: null, body: body(['h\n1\n', '2\n']) }, (p) => seen.push(p));
    expect(seen.at(-1)).toEqual({ rows: 2, total: null });
    expect(result.rows).toBe(2);
  });
});

describe('the export request of a choice', () => {
  const query = {
    logType: 'scan_web' as const,
    params: { start: '1', end: '2', order: 'asc', sort: 'domain' },
  };
  it('visible columns in the grid order, labels, CSV; or every column, codes, NDJSON; the view kept', () => {
    expect(exportQuery(query, DEFAULT_EXPORT_CHOICE, ['domain', 'userid']).params).toEqual({
      ...query.params,
      format: 'csv',
      values: 'labels',
      columns: 'domain,userid',
    });
    const all = exportQuery(query, { columns: 'all', values: 'codes', format: 'ndjson' }, ['domain']);
    expect(all.params).toEqual({ ...query.params, format: 'ndjson', values: 'codes' });
    expect(exportFileName('web', new Date('2026-11-26T10:00:00Z'), 'ndjson')).toBe(
      'web-logs-2026-11-26.ndjson',
    );
  });

  it('NDJSON has no header line: every line is a row', async () => {
    const result = await readExport({ total: null, body: body(['{}\n{}\n']) }, () => undefined, 0);
    expect(result.rows).toBe(2);
  });
});

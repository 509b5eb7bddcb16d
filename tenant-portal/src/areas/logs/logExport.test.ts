import { readExport, type ExportProgress } from './logExport';

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

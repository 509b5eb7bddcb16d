import { ExportError, streamExport, type ExportProgress, type StreamedResponse } from './logExport';

const encoder = new TextEncoder();

function response(chunks: string[], headers: Record<string, string>, status = 200): StreamedResponse {
  let i = 0;
  return {
    ok: status < 400,
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    body: {
      getReader: () => ({
        read: async () =>
          i < chunks.length ? { done: false, value: encoder.encode(chunks[i++]) } : { done: true },
      }),
    },
    text: async () => chunks.join(''),
  };
}

describe('export with progress', () => {
  it('counts the rows received against x-total-events after every chunk, and returns every chunk', async () => {
    const seen: ExportProgress[] = [];
    const chunks = ['id,time\n1,a\n2,', 'b\n3,c\n', '4,d\n'];
    const result = await streamExport(
      '/x',
      (p) => seen.push(p),
      async () => response(chunks, { 'x-total-events': '4' }),
    );
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

  it('sends the session cookies with the request', async () => {
    const calls: { url: string; credentials: string }[] = [];
    await streamExport(
      '/api/rep/v1/export/scan_web?start=1',
      () => undefined,
      async (url, init) => {
        calls.push({ url, credentials: init.credentials });
        return response(['h\n'], {});
      },
    );
    expect(calls).toEqual([{ url: '/api/rep/v1/export/scan_web?start=1', credentials: 'same-origin' }]);
  });

  it("a failed export rejects with the server's message", async () => {
    const failing = async () => response([JSON.stringify({ message: 'Unknown filter: colour' })], {}, 400);
    await expect(streamExport('/x', () => undefined, failing)).rejects.toEqual(
      new ExportError('Unknown filter: colour'),
    );
  });
});

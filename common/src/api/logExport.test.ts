import { ApiCallError } from './ApiCallError';
import type { HttpClient } from './http';
import { requestLogExport, type LogQuery } from './logs';
import { setRuntimeEnvForTests } from '../env/runtimeEnv';

const query: LogQuery = { logType: 'scan_web', params: { start: '1', end: '2' } };
const encoder = new TextEncoder();
const stream = (text: string) => {
  let sent = false;
  return {
    getReader: () => ({
      read: async () =>
        sent ? { done: true } : ((sent = true), { done: false, value: encoder.encode(text) }),
    }),
  } as unknown as ReadableStream<Uint8Array>;
};

/** A client whose GET answers with `reply` (or rejects with it), keeping what it was asked. */
function client(reply: (config: Record<string, unknown>) => Promise<unknown>) {
  const calls: Array<{ url: string; config: Record<string, unknown> }> = [];
  const http = {
    get: (url: string, config: Record<string, unknown>) => {
      calls.push({ url, config });
      return reply(config);
    },
  } as unknown as HttpClient;
  return { http, calls };
}

afterEach(() => setRuntimeEnvForTests(null));

describe('requestLogExport: the export through the shared client', () => {
  it('asks the shared client for a streamed body (fetch adapter, no overall time-out) and reads the total', async () => {
    const body = stream('h\n');
    const { http, calls } = client(async () => ({ headers: { 'x-total-events': '42' }, data: body }));
    const reply = await requestLogExport(http, query);
    expect(reply).toEqual({ total: 42, body });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/rep/v1/export/scan_web?start=1&end=2');
    expect(calls[0].config).toMatchObject({ adapter: 'fetch', responseType: 'stream', timeout: 0 });
    expect(calls[0].config.signal).toBeInstanceOf(AbortSignal);
  });

  it('no announced total reads as null', async () => {
    const { http } = client(async () => ({ headers: {}, data: stream('h\n') }));
    expect((await requestLogExport(http, query)).total).toBeNull();
  });

  it("a refused export rejects with the server's message read from the streamed error body", async () => {
    const { http } = client(async () => {
      throw new ApiCallError({
        message: 'Request failed with status code 400 (exportLogs)',
        callName: 'exportLogs',
        status: 400,
        data: stream(JSON.stringify({ message: 'Unknown filter: colour', field: 'colour' })),
      });
    });
    const refused = requestLogExport(http, query);
    await expect(refused).rejects.toBeInstanceOf(ApiCallError);
    await expect(refused).rejects.toMatchObject({ message: 'Unknown filter: colour', status: 400 });
  });

  it('headers that do not come within the API time-out give the client time-out message, naming the call', async () => {
    setRuntimeEnvForTests({ apiTimeoutMs: 30 });
    const { http } = client(
      (config) =>
        new Promise((_, reject) =>
          (config.signal as AbortSignal).addEventListener('abort', () => reject(new Error('canceled'))),
        ),
    );
    await expect(requestLogExport(http, query)).rejects.toMatchObject({
      message: 'Request timeout. exportLogs',
    });
  });

  it("the caller's abort cancels the request, also after the headers came (Cancel during the download)", async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const { http } = client(async (config) => {
      seen = config.signal as AbortSignal;
      return { headers: {}, data: stream('h\n') };
    });
    await requestLogExport(http, query, controller.signal);
    expect(seen?.aborted).toBe(false);
    controller.abort();
    expect(seen?.aborted).toBe(true);
  });
});

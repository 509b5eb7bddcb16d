/**
 * ClickHouse request time-outs (issue 39): a shard that accepts the connection and never answers
 * fails the request within its bound (WORKBENCH_EVENTS_TIMEOUT_MS) instead of holding it for
 * ever, and the API answers 504 (not in time) or 503 (cannot be reached) with Retry-After, through
 * the server's one error handler. No ClickHouse is needed: the silent shard is a TCP server of
 * this test that accepts and reads but never writes a byte.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import net from 'node:net';
import { installErrorHandler } from '../http/errors';
import { freePort } from '../testing/throwawayProcess';
import { ClickHouseUnavailableError, execute, insertRows, selectRows } from './clickhouseHttp';

const TIMEOUT_MS = 300;

let silent: net.Server;
let silentPort: number;
const held: net.Socket[] = [];

beforeAll(async () => {
  silent = net.createServer((socket) => {
    held.push(socket);
    socket.resume(); // reads the request, answers nothing
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const silentShard = () => ({ host: '127.0.0.1', port: silentPort, timeoutMs: TIMEOUT_MS });

test('a read of a shard that never answers fails as timed out, naming the shard and the bound, and is not sent again', async () => {
  const before = held.length;
  const failure = await selectRows(silentShard(), 'SELECT 1').catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ClickHouseUnavailableError);
  expect(failure).toMatchObject({
    timedOut: true,
    statusCode: 504,
    message: `ClickHouse at 127.0.0.1:${silentPort} did not answer within ${TIMEOUT_MS} ms.`,
  });
  // One connection: a read is sent once more only after a broken connection, never after a time-out.
  expect(held.length - before).toBe(1);
});

test('a write to a shard that never answers fails as timed out (its outcome unknown: not "not sent")', async () => {
  const failure = await insertRows(silentShard(), 'db.t', '{"a":1}').catch((error: unknown) => error);
  expect(failure).toMatchObject({ name: 'ClickHouseUnavailableError', timedOut: true, notSent: false });
});

test('a shard that refuses the connection fails as unreachable (503), and the request was never sent', async () => {
  const port = await freePort();
  const failure = await execute(
    { host: '127.0.0.1', port, timeoutMs: 5000 },
    'SELECT 1',
    undefined,
    true,
  ).catch((error: unknown) => error);
  expect(failure).toMatchObject({
    name: 'ClickHouseUnavailableError',
    timedOut: false,
    notSent: true,
    statusCode: 503,
  });
});

describe('the API answer', () => {
  let app: FastifyInstance;
  let refusedPort: number;
  beforeAll(async () => {
    refusedPort = await freePort();
    app = Fastify();
    installErrorHandler(app);
    app.get('/silent', async () => selectRows(silentShard(), 'SELECT 1'));
    app.get('/refused', async () => selectRows({ host: '127.0.0.1', port: refusedPort }, 'SELECT 1'));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const url = (path: string) => `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}${path}`;

  test('504 with Retry-After and a message without our addresses when the shard does not answer in time', async () => {
    const reply = await fetch(url('/silent'));
    expect(reply.status).toBe(504);
    expect(reply.headers.get('retry-after')).toBe('5');
    expect(await reply.json()).toEqual({
      statusCode: 504,
      error: 'Gateway Timeout',
      message: 'The event store did not answer in time. Try again later.',
    });
  });

  test('503 with Retry-After when the shard cannot be reached', async () => {
    const reply = await fetch(url('/refused'));
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBe('5');
    expect(await reply.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The event store cannot be reached. Try again later.',
    });
  });
});

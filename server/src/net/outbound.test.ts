/**
 * The outgoing-connection guard against a real loopback server: refused with a clear error by
 * default, allowed by WORKBENCH_ALLOW_PRIVATE_DESTINATIONS (a range or `all`), and a name that
 * resolves to 127.0.0.1 refused after resolution (a resolver of the test's own: no network).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  destinationRefusal,
  guardedConnect,
  guardedLookup,
  outboundAgent,
  parsePrivateAllowance,
  type GuardOptions,
  type Resolver,
} from './outbound';

let target: http.Server;
let port: number;

beforeAll(async () => {
  target = http.createServer((_req, res) => res.end('reached'));
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  port = (target.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

/** GET through the guarded agent: the body, or the error's code and message. */
function get(
  host: string,
  options: GuardOptions,
): Promise<{ body?: string; code?: string; message?: string }> {
  return new Promise((resolve) => {
    const request = http.get({ host, port, path: '/', agent: outboundAgent('http:', options) }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ body }));
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ code: error.code, message: error.message }),
    );
  });
}

const resolvesTo =
  (address: string, family = 4): Resolver =>
  (_hostname, callback) =>
    callback(null, [{ address, family }]);

test('a loopback target is refused with a clear error, and nothing reaches it', async () => {
  const answer = await get('127.0.0.1', { allowance: [] });
  expect(answer.code).toBe('EDESTINATIONREFUSED');
  expect(answer.message).toBe(
    'Refused to connect to 127.0.0.1: a loopback address, not a public one (WORKBENCH_ALLOW_PRIVATE_DESTINATIONS allows private destinations).',
  );
});

test('the setting allows it: a range holding it, or all', async () => {
  expect(await get('127.0.0.1', { allowance: parsePrivateAllowance('127.0.0.0/8') })).toEqual({
    body: 'reached',
  });
  expect(await get('127.0.0.1', { allowance: parsePrivateAllowance('all') })).toEqual({ body: 'reached' });
  // Another range does not.
  expect((await get('127.0.0.1', { allowance: parsePrivateAllowance('10.0.0.0/8') })).code).toBe(
    'EDESTINATIONREFUSED',
  );
});

test('the setting is read from the environment when none is given', async () => {
  const before = process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
  try {
    process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = '127.0.0.1';
    expect(await get('127.0.0.1', {})).toEqual({ body: 'reached' });
    delete process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
    expect((await get('127.0.0.1', {})).code).toBe('EDESTINATIONREFUSED');
  } finally {
    if (before === undefined) delete process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
    else process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = before;
  }
});

test('a name that resolves to 127.0.0.1 is refused after resolution, naming both', async () => {
  const answer = await get('rebind.example', { allowance: [], resolver: resolvesTo('127.0.0.1') });
  expect(answer.code).toBe('EDESTINATIONREFUSED');
  expect(answer.message).toContain('rebind.example (127.0.0.1): a loopback address');
  // Allowed, the same name connects to the address checked.
  expect(await get('rebind.example', { allowance: 'all', resolver: resolvesTo('127.0.0.1') })).toEqual({
    body: 'reached',
  });
});

test('a name with one refused address among public ones is refused', async () => {
  const mixed: Resolver = (_h, cb) =>
    cb(null, [
      { address: '93.184.216.34', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]);
  const error = await new Promise<Error | null>((resolve) =>
    guardedLookup({ allowance: [], resolver: mixed })('mixed.example', { all: true }, (e) => resolve(e)),
  );
  expect((error as NodeJS.ErrnoException).code).toBe('EDESTINATIONREFUSED');
  expect(error?.message).toContain('169.254.169.254');
});

test('net.connect through the guard refuses a loopback literal and a name resolving to it', async () => {
  const failure = (socket: ReturnType<typeof guardedConnect>) =>
    new Promise<NodeJS.ErrnoException>((resolve) => socket.on('error', resolve));
  expect((await failure(guardedConnect({ host: '127.0.0.1', port }, { allowance: [] }))).code).toBe(
    'EDESTINATIONREFUSED',
  );
  const named = guardedConnect(
    { host: 'smtp.example', port },
    { allowance: [], resolver: resolvesTo('::1', 6) },
  );
  expect((await failure(named)).code).toBe('EDESTINATIONREFUSED');
});

test.each([
  ['127.0.0.1', 'loopback'],
  ['169.254.169.254', 'linkLocal'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['192.168.0.1', 'private'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['224.0.0.1', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fd00::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:169.254.169.254', 'linkLocal'],
])('%s is refused as %s', (address, range) =>
  expect(destinationRefusal(address, [])).toContain(`a ${range} address`),
);

test.each(['93.184.216.34', '2606:4700::1111'])('%s, public, is allowed', (address) =>
  expect(destinationRefusal(address, [])).toBeNull(),
);

test('a malformed setting names the entry', () => {
  expect(() => parsePrivateAllowance('10.0.0.0/8,intranet')).toThrow(
    'WORKBENCH_ALLOW_PRIVATE_DESTINATIONS must be `all` or a comma list of addresses and CIDR ranges (e.g. 10.20.0.0/16,fd00::/8), got "intranet".',
  );
});

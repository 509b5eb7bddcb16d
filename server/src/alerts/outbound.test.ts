import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { openOutbound, OutboundError } from './outbound';

/** The alerts' one door out applies the non-public destination rule (net/outbound.ts). */
describe('openOutbound', () => {
  let listener: net.Server;
  let port: number;
  const saved = process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;

  beforeAll(async () => {
    listener = net.createServer((socket) => socket.end());
    port = await new Promise<number>((resolve) =>
      listener.listen(0, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port)),
    );
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
    else process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = saved;
    await new Promise((resolve) => listener.close(resolve));
  });

  it('refuses a loopback receiver unless the deployment allows it', async () => {
    delete process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS;
    await expect(openOutbound({ host: '127.0.0.1', port, purpose: 'webhook' })).rejects.toThrow(
      OutboundError,
    );
    await expect(openOutbound({ host: 'localhost', port, purpose: 'smtp' })).rejects.toThrow(
      /refused|not public|private|loopback/i,
    );
    process.env.WORKBENCH_ALLOW_PRIVATE_DESTINATIONS = 'all';
    const socket = await openOutbound({ host: '127.0.0.1', port, purpose: 'webhook' });
    socket.destroy();
  });
});

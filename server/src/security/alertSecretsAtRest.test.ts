/**
 * An alert webhook's signing secret at rest (store/secretFields.ts): sealed in the config store,
 * sealed again with the new key at the start after a key rotation, and still opening once the old
 * key is gone, so a webhook keeps its signature across a rotation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALERT_PATHS, type CreatedChannel } from '@workbench/common/api/contract/alerts';
import { signIn, startTestServer, type TestServer } from '../testing/testServer';
import { newSecretKeyText, parseSecretKey, SECRET_KEY_FILE } from './secretBox';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

test("a webhook's secret is sealed at rest and survives a key rotation", async () => {
  server = await startTestServer();
  const admin = await signIn(server, 'admin@acme.example');
  const created = await server.call(ALERT_PATHS.channels, {
    method: 'POST',
    body: { kind: 'webhook', name: 'SOAR', url: 'https://soar.example.com/hook' },
    jar: admin.jar,
  });
  expect(created.status).toBe(200);
  const { id, secret } = (await created.json()) as CreatedChannel;
  expect(secret).toBeTruthy();
  /** The stored (sealed) secret of the channel, read raw from the tables. */
  const stored = async (): Promise<string> => {
    const dump = JSON.stringify(await server!.app.workbench.store.readAllTables());
    expect(dump).not.toContain(secret!);
    const store = server!.app.workbench.store;
    const tid = (await store.users.get(admin.uid))!.tid;
    const channel = await store.alerts.getChannel(tid, id);
    expect(channel?.secret).toBe(secret);
    const sealed = /"(wbsec:v1:[^"]+)"/g;
    return [...dump.matchAll(sealed)].map((m) => m[1]).join('\n');
  };
  const before = await stored();

  const oldKey = parseSecretKey(fs.readFileSync(path.join(server.dataDir, SECRET_KEY_FILE), 'utf8'), 'file');
  const newKey = parseSecretKey(newSecretKeyText(), 'test');
  server = await server.restart({ secretKeys: [newKey, oldKey] });
  // Sealed again: no stored value is the one sealed by the old key.
  const after = await stored();
  expect(after).not.toEqual(before);
  server = await server.restart({ secretKeys: [newKey] });
  await stored();
});

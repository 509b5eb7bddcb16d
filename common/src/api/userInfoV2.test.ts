import { webcrypto } from 'node:crypto';
import MockAdapter from 'axios-mock-adapter';
import { CompactEncrypt, generateKeyPair, importJWK, type JWK } from 'jose';
import type { UserInfo } from './contract/auth';
import { USERINFO_V2_PATH } from './contract/userInfoV2';
import { XSRF_COOKIE } from './contract/wire';
import { createHttpClient } from './http';
import { userInfoV2 } from './userInfoV2';

// jsdom has no WebCrypto; the browser has its own, which jose uses the same way.
if (!globalThis.crypto?.subtle)
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

// Bytes of this realm's Uint8Array (jsdom's TextEncoder answers Node's, which jose refuses here).
const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'utf8'));

const info: UserInfo = {
  uid: 'u1',
  first_name: 'Ada',
  last_name: 'Admin',
  tenant_name: 'acme',
  tid: 't1',
  capabilities: { rbac: true, tfa: true },
  roles: { read: ['*:*'], write: ['*:*'] },
  portal_v2: true,
  appliance_manager_ui_v2: true,
  status_ui_v2: true,
  show_change_password: false,
  uid_hash: 'abc',
  pending_steps: [],
};

/** What the server does (server/src/auth/userInfoV2Routes.ts): encrypt to the key of the call. */
async function encryptTo(keyParam: string, plaintext: unknown): Promise<string> {
  const jwk = JSON.parse(Buffer.from(keyParam, 'base64url').toString('utf8')) as JWK;
  expect(jwk).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String) });
  return new CompactEncrypt(bytes(JSON.stringify(plaintext)))
    .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A256GCM' })
    .encrypt(await importJWK(jwk, 'ECDH-ES'));
}

describe('userInfoV2 (docs/userinfo-v2.md)', () => {
  test('sends a fresh public key and reads the JWE to it: the same user info as v1', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    mock.onGet(USERINFO_V2_PATH).reply(async (config) => {
      const key = (config.params as { key: string }).key;
      return [200, { jwe: await encryptTo(key, info) }];
    });
    expect(await userInfoV2(http)).toEqual(info);
    expect(await userInfoV2(http)).toEqual(info);
    const [first, second] = mock.history.get.map((c) => (c.params as { key: string }).key);
    expect(first).not.toBe(second);
  });

  test('an answer encrypted to another key is refused, not read', async () => {
    const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    const other = await generateKeyPair('ECDH-ES', { crv: 'P-256' });
    const jwe = await new CompactEncrypt(bytes(JSON.stringify(info)))
      .setProtectedHeader({ alg: 'ECDH-ES', enc: 'A256GCM' })
      .encrypt(other.publicKey);
    mock.onGet(USERINFO_V2_PATH).reply(200, { jwe });
    await expect(userInfoV2(http)).rejects.toThrow();
  });
});

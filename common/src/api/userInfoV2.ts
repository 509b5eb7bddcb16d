/**
 * The encrypted user info (docs/userinfo-v2.md): a new P-256 key pair per call, whose private
 * key never leaves this page (not extractable); the server answers the v1 user info as a compact
 * JWE to the public key, and only this call can read it. Built on `jose` (the server's library
 * too), which runs on the browser's WebCrypto.
 */
import { compactDecrypt, exportJWK, generateKeyPair } from 'jose';
import type { UserInfo } from './contract/auth';
import {
  USERINFO_V2_ALG,
  USERINFO_V2_CURVE,
  USERINFO_V2_ENC,
  USERINFO_V2_KEY_PARAM,
  USERINFO_V2_PATH,
  type UserInfoV2Reply,
} from './contract/userInfoV2';
import type { HttpClient } from './http';

const base64url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export async function userInfoV2(http: HttpClient): Promise<UserInfo> {
  const { publicKey, privateKey } = await generateKeyPair(USERINFO_V2_ALG, { crv: USERINFO_V2_CURVE });
  const jwk = await exportJWK(publicKey);
  const key = base64url(JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }));
  // The key is a query parameter, not a header: in-flight GETs are shared by URL and parameters.
  const r = await http.get<UserInfoV2Reply>(USERINFO_V2_PATH, {
    params: { [USERINFO_V2_KEY_PARAM]: key },
    callName: 'userInfoV2',
  });
  const { plaintext } = await compactDecrypt(r.data.jwe, privateKey, {
    keyManagementAlgorithms: [USERINFO_V2_ALG],
    contentEncryptionAlgorithms: [USERINFO_V2_ENC],
  });
  return JSON.parse(new TextDecoder().decode(plaintext)) as UserInfo;
}

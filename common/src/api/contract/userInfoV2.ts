/**
 * The encrypted user info (docs/sessions.md §3; the spec's "encrypted user-info v2 call whose
 * path is not shown"; our choice, docs/userinfo-v2.md): `GET /api/userinfo/v2?key=<the portal's
 * public key>` answers the same user info as `GET /api/userinfo`, as a compact JWE (RFC 7516)
 * encrypted to that key: ECDH-ES key agreement on P-256, content A256GCM. The portal makes a new
 * key pair per call and keeps the private key in memory, never extractable, so only the page that
 * asked can read the answer (not a proxy, a log of bodies, nor a script of another origin).
 */
import { Type, type Static } from 'typebox';

export const USERINFO_V2_PATH = '/api/userinfo/v2';
export const USERINFO_V2_ALG = 'ECDH-ES';
export const USERINFO_V2_ENC = 'A256GCM';
export const USERINFO_V2_CURVE = 'P-256';
/** The query parameter with the portal's public key: base64url of its JWK's JSON. */
export const USERINFO_V2_KEY_PARAM = 'key';
/** The JWE's content type header: the plaintext is the v1 user info's JSON. */
export const USERINFO_V2_CTY = 'application/json';

export const UserInfoV2Query = Type.Object(
  { key: Type.String({ minLength: 16, maxLength: 512, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type UserInfoV2Query = Static<typeof UserInfoV2Query>;
export const UserInfoV2Reply = Type.Object({ jwe: Type.String() });
export type UserInfoV2Reply = Static<typeof UserInfoV2Reply>;

export const USERINFO_V2_BAD_KEY_MSG = `The ${USERINFO_V2_KEY_PARAM} parameter must be the base64url of a public ${USERINFO_V2_CURVE} JWK.`;

/**
 * `GET /api/userinfo/v2` (docs/userinfo-v2.md): the user info of `GET /api/userinfo`, as a compact
 * JWE to the public key the portal sends with the call (ECDH-ES on P-256, A256GCM). Built on
 * `jose`, the maintained JOSE library, rather than on our own use of node:crypto: key agreement,
 * Concat KDF and the JWE serialisation are easy to get subtly wrong.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { JWK } from 'jose';
import {
  USERINFO_V2_ALG,
  USERINFO_V2_BAD_KEY_MSG,
  USERINFO_V2_CTY,
  USERINFO_V2_CURVE,
  USERINFO_V2_ENC,
  USERINFO_V2_KEY_PARAM,
  USERINFO_V2_PATH,
  UserInfoV2Query,
  UserInfoV2Reply,
} from '@workbench/common/api/contract/userInfoV2';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { OPEN_WHILE_PENDING } from './pendingSteps';
import { userInfoOf } from './tenantAuthRoutes';

/** The portal's public key from the query parameter; 400 naming it unless a public P-256 JWK. */
async function publicKeyOf(param: string): Promise<CryptoKey> {
  let jwk: JWK;
  try {
    jwk = JSON.parse(Buffer.from(param, 'base64url').toString('utf8')) as JWK;
  } catch {
    throw new ApiHttpError(400, USERINFO_V2_BAD_KEY_MSG, USERINFO_V2_KEY_PARAM);
  }
  // A private part is refused: the portal never sends it, and accepting it would hide a bug that leaks it.
  if (
    typeof jwk !== 'object' ||
    jwk === null ||
    jwk.kty !== 'EC' ||
    jwk.crv !== USERINFO_V2_CURVE ||
    'd' in jwk
  )
    throw new ApiHttpError(400, USERINFO_V2_BAD_KEY_MSG, USERINFO_V2_KEY_PARAM);
  // jose loads on the first call of the route, not with every server (issue 39).
  const { importJWK } = await import('jose');
  try {
    return (await importJWK(
      { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y },
      USERINFO_V2_ALG,
    )) as CryptoKey;
  } catch {
    // Not a point of the curve, or not base64url coordinates.
    throw new ApiHttpError(400, USERINFO_V2_BAD_KEY_MSG, USERINFO_V2_KEY_PARAM);
  }
}

export const userInfoV2Routes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    USERINFO_V2_PATH,
    {
      config: { world: 'tenant', permission: null, whilePending: OPEN_WHILE_PENDING },
      schema: {
        tags: ['tenant auth'],
        summary: `The user info of GET /api/userinfo as a compact JWE (${USERINFO_V2_ALG}, ${USERINFO_V2_ENC}) to the public key in ?${USERINFO_V2_KEY_PARAM}`,
        querystring: UserInfoV2Query,
        response: { 200: UserInfoV2Reply, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const key = await publicKeyOf(request.query.key);
      const info = userInfoOf(tenantSessionOf(request));
      const { CompactEncrypt } = await import('jose');
      const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(info)))
        .setProtectedHeader({ alg: USERINFO_V2_ALG, enc: USERINFO_V2_ENC, cty: USERINFO_V2_CTY })
        .encrypt(key);
      return { jwe };
    },
  );
};

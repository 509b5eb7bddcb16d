/**
 * Provider console authentication (docs/http-client.md §6, docs/provider-console.md §2 Provider console, docs/http-client.md §8). Operators sign in at
 * an identity provider; the reference server ships a local one at POST /idp/token.
 */
import { Type, type Static } from 'typebox';

export const IdpTokenRequest = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type IdpTokenRequest = Static<typeof IdpTokenRequest>;
export const IdpTokenReply = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
});
export type IdpTokenReply = Static<typeof IdpTokenReply>;

export const OauthLoginQuery = Type.Object({
  identity_provider: Type.String({ minLength: 1 }),
  access_token: Type.String({ minLength: 1 }),
});
/** status is 'Success' on success; any other status is raised by the client as the error. */
export const OauthLoginReply = Type.Object({
  status: Type.String(),
  username: Type.Optional(Type.String()),
  key_id: Type.Optional(Type.String()),
  expires: Type.Optional(Type.String({ format: 'date-time' })),
  Authorization: Type.Optional(Type.String()),
});
export type OauthLoginReply = Static<typeof OauthLoginReply>;

export const OperatorRole = Type.Union([Type.Literal('operator'), Type.Literal('support')]);
export type OperatorRole = Static<typeof OperatorRole>;
export const ProviderUser = Type.Object({
  username: Type.String(),
  display_name: Type.String(),
  role: OperatorRole,
});
export type ProviderUser = Static<typeof ProviderUser>;
/** GET /gdmanage/api/me: status 'authenticated' with the user, else 401 with another status. */
export const MeReply = Type.Object({ status: Type.String(), user: Type.Optional(ProviderUser) });
export type MeReply = Static<typeof MeReply>;

export const SessionKeyReply = Type.Object({
  status: Type.String(),
  expires: Type.String({ format: 'date-time' }),
});
export type SessionKeyReply = Static<typeof SessionKeyReply>;

export const PROVIDER_ERRORS = {
  me: 'Can not get user data.',
  sessionCookie: 'Can not set cookie.',
} as const;

export const PROVIDER_PATHS = {
  idpToken: '/idp/token',
  oauthLogin: '/gdmanage/api/oauth/login',
  me: '/gdmanage/api/me',
  sessionCookie: '/gdmanage/api/v1/session_cookie',
  extendKey: '/gdmanage/api/v1/session/extendkey',
  logout: '/gdmanage/api/v1/session/logout',
  tenants: '/gdmanage/api/v1/tenants',
} as const;

/** A row of the provider console's tenant list. */
export const ProviderTenant = Type.Object({
  tid: Type.String(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  created_at: Type.String({ format: 'date-time' }),
  user_count: Type.Integer(),
  capabilities: Type.Record(Type.String(), Type.Unknown()),
});
export type ProviderTenant = Static<typeof ProviderTenant>;
export const ProviderTenantList = Type.Object({ tenants: Type.Array(ProviderTenant), total: Type.Integer() });
export type ProviderTenantList = Static<typeof ProviderTenantList>;

/**
 * API tokens (docs/settings.md §1 Tenant settings "GET and POST api_tokens; DELETE api_token/{id}";
 * §4 Tenant "logging auth tokens, policy API tokens" in the provider console): one token store
 * for the three lists, one row per list in API_TOKEN_KINDS. A token is a bearer credential
 * (`Authorization: Bearer <secret>`) for the tenant API, limited to its tenant and its scope
 * (read or read-write, over some areas), until it expires or is revoked. The secret is answered
 * once at creation; the server keeps its digest. Decisions: docs/api-tokens.md.
 */
import { Type, type Static } from 'typebox';
import { POLICY_KIND_GROUPS } from './policyKinds';
import { UDB_READ_PERMISSION } from './udb';

export const API_TOKENS_PATHS = {
  list: '/api/settings/v1/tenants/api_tokens',
  one: (id: string) => `/api/settings/v1/tenants/api_token/${encodeURIComponent(id)}`,
  /** The route of `one` (Fastify's parameter syntax). */
  oneRoute: '/api/settings/v1/tenants/api_token/:id',
} as const;

/** Who may list (read) and create or revoke (write) the tenant's own API tokens. */
export { API_TOKENS_READ_PERMISSION, API_TOKENS_WRITE_PERMISSION } from './settingsPermissions';

/**
 * The areas a token may be scoped to, each the RBAC items (docs/access.md §1 role entries) it opens.
 * A token never reaches an area outside its list, nor the settings (administrators, tokens, sign-in).
 */
export const API_TOKEN_AREA_REGISTRY = {
  logs: { label: 'Logs', items: ['logs:*'] },
  reports: { label: 'Reports and dashboards', items: ['dashboard:*'] },
  policy: { label: 'Policy', items: POLICY_KIND_GROUPS.map((g) => `${g}:*`) },
  users: { label: 'User database', items: [UDB_READ_PERMISSION.replace(/:read$/, '')] },
} as const satisfies Record<string, { label: string; items: readonly string[] }>;
export type ApiTokenArea = keyof typeof API_TOKEN_AREA_REGISTRY;
export const API_TOKEN_AREAS = Object.keys(API_TOKEN_AREA_REGISTRY) as ApiTokenArea[];

export const API_TOKEN_ACCESS = ['read', 'write'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

/**
 * The token lists, one store: the tenant's own API tokens (scope chosen at creation), and the two
 * lists the provider keeps for the tenant, whose scope is fixed by the list.
 */
export const API_TOKEN_KINDS = {
  api_tokens: { title: 'API tokens', noun: 'API token', scope: null },
  tokens: {
    title: 'Policy API tokens',
    noun: 'policy API token',
    scope: { access: 'write', areas: ['policy'] },
  },
  logging_auth_tokens: {
    title: 'Logging auth tokens',
    noun: 'logging auth token',
    scope: { access: 'read', areas: ['logs'] },
  },
} as const satisfies Record<
  string,
  { title: string; noun: string; scope: { access: ApiTokenAccess; areas: readonly ApiTokenArea[] } | null }
>;
export type ApiTokenKind = keyof typeof API_TOKEN_KINDS;

/** The permissions a scope grants, as role lists turn into them (`item:read`, `item:write`). */
export function apiTokenScopePermissions(access: ApiTokenAccess, areas: readonly ApiTokenArea[]): string[] {
  const items = areas.flatMap((a) => API_TOKEN_AREA_REGISTRY[a].items);
  return [...items.map((i) => `${i}:read`), ...(access === 'write' ? items.map((i) => `${i}:write`) : [])];
}

/** What every secret starts with: a token in a log or a repository is recognisable as ours. */
export const API_TOKEN_PREFIX = 'wbt_';

const Area = Type.Enum(API_TOKEN_AREAS as [ApiTokenArea, ...ApiTokenArea[]]);
const Access = Type.Enum([...API_TOKEN_ACCESS]);

export const ApiToken = Type.Object({
  id: Type.String(),
  name: Type.String(),
  access: Access,
  areas: Type.Array(Area),
  /** Null: the token does not expire. */
  expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  created_by: Type.String(),
  /** The secret's last 4 characters, to tell tokens apart. */
  last4: Type.String(),
  /** When the token last authenticated a call (null: never), to the minute. */
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_used_ip: Type.Union([Type.String(), Type.Null()]),
});
export type ApiToken = Static<typeof ApiToken>;
export const ApiTokenList = Type.Object({ tokens: Type.Array(ApiToken) });
export type ApiTokenList = Static<typeof ApiTokenList>;

export const API_TOKEN_NAME_MAX = 80;
/** At most this far ahead (a year): a token that should live longer is renewed. */
export const API_TOKEN_MAX_DAYS = 366;

export const ApiTokenCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: API_TOKEN_NAME_MAX, pattern: '\\S' }),
    access: Access,
    areas: Type.Array(Area, { minItems: 1, maxItems: API_TOKEN_AREAS.length, uniqueItems: true }),
    expires_at: Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ApiTokenCreate = Static<typeof ApiTokenCreate>;
/** The creation's answer: the token and, this once, its secret. */
export const ApiTokenCreated = Type.Object({ ...ApiToken.properties, token: Type.String() });
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;

export const API_TOKEN_EXPIRY_PAST = 'The expiry must be in the future.';
export const API_TOKEN_EXPIRY_FAR = `The expiry must be at most ${API_TOKEN_MAX_DAYS} days ahead.`;
/** A token may open only what its creator may do: the area the creator cannot reach. */
export const apiTokenAreaBeyondCreator = (area: string, access: ApiTokenAccess) =>
  `You cannot give a token ${access} access to ${area}: your role does not allow it.`;
/** A bearer call to a route that needs a signed-in session (sign-in, tokens, password, …). */
export const API_TOKEN_SESSION_ONLY_MSG = 'This call needs a signed-in session: API tokens cannot make it.';
/** An unknown, revoked or expired bearer token. */
export const API_TOKEN_INVALID_MSG = 'The API token is not valid: unknown, revoked or expired.';

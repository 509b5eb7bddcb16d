/**
 * The TS client profile (docs/settings.md §11): one document per tenant, `GET` and `PUT
 * /api/settings/v1/tenants/ts_client_profile`, for the client on shared terminal servers (many
 * users behind one address): whether it runs there, the client profile its sessions use, and the
 * source ports it hands out so the service tells the users apart. The fields are ours (the spec
 * names the call only); the server, the page and the tests share this schema and its checks.
 */
import { Type, type Static } from 'typebox';

export const TS_CLIENT_PROFILE_PATH = '/api/settings/v1/tenants/ts_client_profile';
export const PORT_MIN = 1024;
export const PORT_MAX = 65535;
export const PORTS_PER_USER_MAX = 5000;

const UUID = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });
const PORT = Type.Integer({ minimum: PORT_MIN, maximum: PORT_MAX });

const fields = {
  enabled: Type.Boolean(),
  /** The client profile terminal-server sessions run with (required while enabled). */
  client_profile_id: Type.Union([UUID, Type.Null()]),
  /** The source ports handed out to the sessions, both ends included. */
  port_range: Type.Object({ start: PORT, end: PORT }, { additionalProperties: false }),
  ports_per_user: Type.Integer({ minimum: 1, maximum: PORTS_PER_USER_MAX }),
};

export const TsClientProfileBody = Type.Object(
  {
    ...fields,
    /** The updated_at read: a save over a newer one is refused (409). */
    updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type TsClientProfileBody = Static<typeof TsClientProfileBody>;

export const TsClientProfile = Type.Object({
  ...fields,
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
});
export type TsClientProfile = Static<typeof TsClientProfile>;

/** Before the first save. */
export const TS_CLIENT_PROFILE_DEFAULTS = {
  enabled: false,
  client_profile_id: null,
  port_range: { start: 10_000, end: 60_000 },
  ports_per_user: 500,
} as const satisfies Omit<TsClientProfile, 'updated_at' | 'updated_by'>;

/** Checks the schema cannot say, as [field, message] of the first failure (the page and the server). */
export function tsClientProfileProblem(
  body: Omit<TsClientProfileBody, 'updated_at'>,
): [string, string] | null {
  if (body.port_range.end < body.port_range.start)
    return ['port_range.end', 'The last port must not be below the first.'];
  const ports = body.port_range.end - body.port_range.start + 1;
  if (body.ports_per_user > ports)
    return ['ports_per_user', `The range holds ${ports} port(s): give each user at most that many.`];
  if (body.enabled && body.client_profile_id === null)
    return ['client_profile_id', 'Choose the client profile the terminal-server sessions use.'];
  return null;
}

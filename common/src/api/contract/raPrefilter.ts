/**
 * The RA pre-filter (remote access pre-filter; docs/provider-console.md §10): the provider's list of
 * address ranges and domains that remote-access traffic is filtered on before any tenant's policy
 * reads it. An entry blocks the traffic outright or lets it bypass the service (direct), for every
 * tenant or for the tenants it names. Its row is in the provider-entity registry
 * (providerEntities.ts `ra_prefilter`); this file holds its fields and the check a schema cannot
 * make (the value read by its match type).
 */
import { Type, type Static } from 'typebox';
import { isIpOrCidr } from './settings-documents/networkSettings';
import { isDomain } from '../../validators/network';
import { literalUnion } from './providerOps';

export const RA_PREFILTER_MATCH_TYPES = ['cidr', 'domain'] as const;
export type RaPrefilterMatchType = (typeof RA_PREFILTER_MATCH_TYPES)[number];
export const RA_PREFILTER_MATCH_LABELS: Record<RaPrefilterMatchType, string> = {
  cidr: 'Address range',
  domain: 'Domain',
};
export const RA_PREFILTER_ACTIONS = ['block', 'bypass'] as const;
export const RA_PREFILTER_ACTION_LABELS: Record<(typeof RA_PREFILTER_ACTIONS)[number], string> = {
  block: 'Block',
  bypass: 'Bypass (direct)',
};

const RaPrefilterFields = {
  entry_id: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$', minLength: 1, maxLength: 64 }),
  match_type: literalUnion(RA_PREFILTER_MATCH_TYPES),
  /** An IPv4 or IPv6 address or CIDR range, or a domain (which matches its subdomains too). */
  value: Type.String({ minLength: 1, maxLength: 253 }),
  action: literalUnion(RA_PREFILTER_ACTIONS),
  /** Tenant ids; none: every tenant. */
  tenants: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 1000, uniqueItems: true }),
  active: Type.Boolean(),
  note: Type.String({ maxLength: 500 }),
};
export const RaPrefilterEntryBody = Type.Object(RaPrefilterFields, { additionalProperties: false });
export const RaPrefilterEntry = Type.Object({
  ...RaPrefilterFields,
  names: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type RaPrefilterEntry = Static<typeof RaPrefilterEntry>;

/** Why an entry's value does not fit its match type, or null when it does (400 at `value`). */
export function raPrefilterValueProblem(matchType: RaPrefilterMatchType, value: string): string | null {
  if (matchType === 'cidr')
    return isIpOrCidr(value)
      ? null
      : `'${value}' is neither an IP address nor a CIDR range (e.g. 203.0.113.0/24 or 2001:db8::/32).`;
  return isDomain(value) ? null : `'${value}' is not a domain name (e.g. example.com).`;
}

/**
 * Settings › Network's documents (docs/settings.md §10): the egress IP list and fixed egress with
 * its users (`fixed_egress_user.list`). The spec names them; their fields are ours:
 *
 * - `egress_ips`: `{ips}`, the tenant's own public addresses (its offices' and data centres' egress,
 *   addresses or CIDR ranges, IPv4 or IPv6) from which its users reach the service; traffic from
 *   them is the tenant's. Up to EGRESS_IPS_MAX, no repeats.
 * - `fixed_egress`: `{enabled, fixed_egress_user: {list}}`: the listed users' isolated traffic
 *   leaves the service from its fixed public addresses (`all_public_ips`), so a destination can
 *   allow them by address. Users are named by their e-mail user name; enabling it with no user is
 *   refused.
 */
import { Type } from 'typebox';
import { isIPv4, isIPv6, splitCidr } from '../../../validators/ipHelpers';
import { email, ipv4Cidr, ipv6Cidr } from '../../../validators/network';
import type { SettingsDocumentDef } from '../tenantSettingsDocuments';
import { SETTINGS_DOCUMENT_GROUPS } from '../settingsPermissions';

export const EGRESS_IPS_MAX = 256;
export const FIXED_EGRESS_USERS_MAX = 1000;
export const NETWORK_PERMISSION_ITEM = 'network';

const closed = { additionalProperties: false } as const;

/** An address, or a CIDR range (IPv4 prefix 1–32, IPv6 32–128), as the shared validators read them. */
export function isIpOrCidr(text: string): boolean {
  if (text.includes('/')) {
    const parts = splitCidr(text);
    if (!parts) return false;
    return isIPv4(parts.address) ? ipv4Cidr(text) === null : ipv6Cidr(text) === null;
  }
  return isIPv4(text) || isIPv6(text);
}

export const NETWORK_MESSAGES = {
  notAnAddress: (text: string) =>
    `'${text}' is neither an IP address nor a CIDR range (e.g. 203.0.113.7 or 203.0.113.0/24).`,
  repeated: (text: string) => `'${text}' is listed twice.`,
  notAUser: (text: string) => `'${text}' is not a user name (an e-mail address such as ada@example.com).`,
  usersRequired: 'Name at least one user to turn fixed egress on.',
} as const;

/** The first bad or repeated entry of a list: [index, message]. */
function listProblem(list: readonly string[], ok: (text: string) => boolean, bad: (t: string) => string) {
  const seen = new Set<string>();
  for (const [i, text] of list.entries()) {
    if (!ok(text)) return [i, bad(text)] as const;
    const key = text.toLowerCase();
    if (seen.has(key)) return [i, NETWORK_MESSAGES.repeated(text)] as const;
    seen.add(key);
  }
  return null;
}

export const EGRESS_IPS: SettingsDocumentDef = {
  title: 'Egress IPs',
  intro:
    'Your organisation’s public addresses (offices, data centres): traffic from them reaches the service as yours. One address or CIDR range per line.',
  path: '/api/settings/v1/tenants/egress_ips',
  entity: 'settings_doc_egress_ips',
  area: 'settings/network',
  permissionGroups: SETTINGS_DOCUMENT_GROUPS,
  permissionItem: NETWORK_PERMISSION_ITEM,
  features: [],
  auditArea: 'network',
  schema: Type.Object(
    { ips: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: EGRESS_IPS_MAX }) },
    closed,
  ),
  defaults: { ips: [] },
  problem(doc) {
    const p = listProblem(doc.ips as string[], isIpOrCidr, NETWORK_MESSAGES.notAnAddress);
    return p && [`ips.${p[0]}`, p[1]];
  },
  form: [
    {
      field: 'ips',
      label: 'Egress addresses and ranges',
      kind: 'list',
      helperText: 'One IPv4 or IPv6 address or CIDR range per line, e.g. 203.0.113.0/24',
    },
  ],
};

export const FIXED_EGRESS: SettingsDocumentDef = {
  title: 'Fixed egress',
  intro:
    'The listed users’ isolated browsing leaves the service from its fixed public addresses (below), so the sites they use can allow them by address.',
  path: '/api/settings/v1/tenants/fixed_egress',
  entity: 'settings_doc_fixed_egress',
  area: 'settings/network',
  permissionGroups: SETTINGS_DOCUMENT_GROUPS,
  permissionItem: NETWORK_PERMISSION_ITEM,
  features: [],
  auditArea: 'network',
  schema: Type.Object(
    {
      enabled: Type.Boolean(),
      fixed_egress_user: Type.Object(
        {
          list: Type.Array(Type.String({ minLength: 1, maxLength: 254 }), {
            maxItems: FIXED_EGRESS_USERS_MAX,
          }),
        },
        closed,
      ),
    },
    closed,
  ),
  defaults: { enabled: false, fixed_egress_user: { list: [] } },
  problem(doc) {
    const list = (doc.fixed_egress_user as { list: string[] }).list;
    const p = listProblem(list, (t) => email(t) === null && t.trim() === t, NETWORK_MESSAGES.notAUser);
    if (p) return [`fixed_egress_user.list.${p[0]}`, p[1]];
    if (doc.enabled === true && list.length === 0)
      return ['fixed_egress_user.list', NETWORK_MESSAGES.usersRequired];
    return null;
  },
  form: [
    { field: 'enabled', label: 'Fixed egress for the users below', kind: 'checkbox' },
    {
      field: 'fixed_egress_user.list',
      label: 'Users',
      kind: 'list',
      helperText: 'One user name (e-mail address) per line',
    },
  ],
};

/**
 * The demo tenants' PAC files (docs/settings.md "PAC files"): acme serves a file of its own
 * (version 2) that sends the intranet direct and the rest through its two proxies; every other
 * tenant with the `pac` feature serves the template made from its proxies (version 1).
 */
import crypto from 'node:crypto';
import { PAC_DEFAULTS, PAC_FEATURE } from '@workbench/common/api/contract/pacSettings';
import { SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { PAC_DEFAULT_FILENAME, writePac } from './pacRoutes';

export const DEMO_PAC_FILE = `// acme: the intranet and private networks go direct, the rest through the cloud proxies.
function FindProxyForURL(url, host) {
  if (isPlainHostName(host) || dnsDomainIs(host, ".corp.acme.example")) return "DIRECT";
  if (shExpMatch(host, "*.acme-partner.example")) return "PROXY partner-gw.acme.example:3128";
  var ip = dnsResolve(host);
  if (ip && (isInNet(ip, "10.0.0.0", "255.0.0.0") || isInNet(ip, "192.168.0.0", "255.255.0.0")))
    return "DIRECT";
  return "PROXY proxy1.acme.example:8080; PROXY proxy2.acme.example:8080; DIRECT";
}
`;

export async function seedDemoPac(
  store: Pick<ConfigStore, 'entities'>,
  tenants: readonly TenantRecord[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  for (const t of tenants) {
    if (deriveFeatureFlags(t.capabilities)[PAC_FEATURE] !== true) continue;
    const own = t.name === 'acme';
    await writePac(
      store,
      t.tid,
      {
        pac: own ? DEMO_PAC_FILE : '',
        filename: own ? 'acme.pac' : PAC_DEFAULT_FILENAME,
        key: crypto.randomBytes(18).toString('base64url'),
        proxy_ips: [`proxy1.${t.name}.example:8080`, `proxy2.${t.name}.example:8080`],
        defaults: { ...PAC_DEFAULTS, bypass_domains: [`corp.${t.name}.example`] },
        pac_v2: own,
        updated_at: at,
        updated_by: SETUP_PUBLISHER,
      },
      at,
    );
  }
}

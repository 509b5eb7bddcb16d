import { DEMO_PARENT_TENANT, DEMO_TENANT_ACCOUNTS } from '@workbench/common/api/contract/demo';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import type { ConfigStore } from '../store/ConfigStore';
import type { GeneratorTenant } from './eventGenerator';
import { DEMO_CROWD_NAMES } from './demoProvider';

/**
 * The generator's tenants from the config store's tenant records (active ones only; the provider
 * demo's crowd has no events: its tenants are provider records only), each with the feature flags
 * its capabilities turn on (its log types and web actions follow them) and its creation (its demo
 * audit history ends there).
 */
export function generatorTenantsOf(
  tenants: readonly {
    tid: string;
    name: string;
    status?: string;
    capabilities?: Readonly<Record<string, unknown>>;
    createdAt?: string;
  }[],
): GeneratorTenant[] {
  return tenants
    .filter(
      (t) =>
        (t.status === undefined || t.status === 'active') &&
        !DEMO_CROWD_NAMES.has(t.name) &&
        // The demo parent tenant has customers, not traffic of its own.
        t.name !== DEMO_PARENT_TENANT.name,
    )
    .map((t) => {
      const created = t.createdAt === undefined ? NaN : Date.parse(t.createdAt);
      return {
        tid: t.tid,
        name: t.name,
        ...(t.capabilities
          ? {
              features: Object.entries(deriveFeatureFlags(t.capabilities))
                .filter(([, on]) => on)
                .map(([name]) => name)
                .sort(),
            }
          : {}),
        ...(Number.isFinite(created) ? { createdAt: created } : {}),
      };
    });
}

/**
 * The tenants with what their demo audit history may name (issue 15): the tenant's portal accounts
 * (the demo accounts the store holds for it; admins change settings) and its end users. Read from
 * the config store when the events are made.
 */
export async function withAuditFacts(
  store: ConfigStore,
  tenants: readonly GeneratorTenant[],
): Promise<GeneratorTenant[]> {
  return Promise.all(
    tenants.map(async (t) => {
      const accounts: { username: string; admin: boolean }[] = [];
      for (const a of DEMO_TENANT_ACCOUNTS) {
        const user = await store.users.findByUsername(a.username);
        if (user?.tid === t.tid) accounts.push({ username: user.username, admin: a.role === 'admin' });
      }
      if (accounts.length === 0) return t;
      const admins = accounts.filter((a) => a.admin).map((a) => a.username);
      return {
        ...t,
        audit: {
          accounts: accounts.map((a) => a.username),
          admins: admins.length > 0 ? admins : accounts.map((a) => a.username),
          endUsers: await store.endUsers.listUsernames(t.tid, undefined, 500),
        },
      };
    }),
  );
}

/**
 * The demo parent tenant (common api/contract/demo.ts DEMO_PARENT_TENANT; docs/access.md §7): its
 * record, its administrator, its policy with the global rules it writes for its children
 * (published in revision 1), and its associations with acme (pending) and globex (ended).
 */
import crypto from 'node:crypto';
import { DEMO_PARENT_TENANT, DEMO_TENANT_ROLES } from '@workbench/common/api/contract/demo';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import type { Repositories } from '../store/repositories';
import type { TenantRecord, UserRecord } from '../store/ConfigStore';
import { hashPassword } from '../security/passwords';

/** What the parent applies around its children's policy: its global web exceptions and browser rules. */
export const DEMO_PARENT_GLOBAL_RULES: {
  'web/global_exceptions': PolicyData<'web/global_exceptions'>;
  global_bnb: PolicyData<'global_bnb'>;
} = {
  'web/global_exceptions': {
    pre: [
      {
        id: 'northwind-block-known-c2',
        name: 'Block known command-and-control hosts',
        enabled: true,
        action: 'block',
        conditions: { domain: ['c2.example-threat.net', 'beacon.badcdn.example'] },
        comment: 'Managed by Northwind Partners for every customer.',
      },
    ],
    post: [
      {
        id: 'northwind-isolate-new-domains',
        name: 'Isolate newly observed domains',
        enabled: true,
        action: 'safeview',
        conditions: { categories: [88] },
      },
    ],
  },
  global_bnb: {
    pre: {
      list: [
        {
          id: 'northwind-old-ie',
          name: 'Block Internet Explorer',
          enabled: true,
          browser: 'internet_explorer',
          action: 'block',
          comment: 'Out of support: blocked for every customer.',
        },
      ],
      unsupported_or_non_browsers: 'allow',
    },
    post: { list: [], unsupported_or_non_browsers: 'allow' },
  },
};

/** The parent's record and account, made before the seed's transaction (the hash is slow). */
export async function demoParentTenant(
  password: string,
  now: Date,
): Promise<{ tenant: TenantRecord; user: UserRecord }> {
  const tid = crypto.randomUUID();
  const a = DEMO_PARENT_TENANT.account;
  const role = DEMO_TENANT_ROLES[a.role];
  return {
    tenant: {
      tid,
      name: DEMO_PARENT_TENANT.name,
      status: 'active',
      createdAt: now.toISOString(),
      capabilities: { ...DEMO_PARENT_TENANT.capabilities },
      portalV2: false,
    },
    user: {
      uid: crypto.randomUUID(),
      tid,
      username: a.username,
      firstName: a.first_name,
      lastName: a.last_name,
      roles: { read: [...role.read], write: [...role.write] },
      passwordHash: await hashPassword(password),
      showChangePassword: false,
    },
  };
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/** The parent's global rules into its revision 1 (published by the caller), and its associations. */
export async function seedDemoParent(
  tx: Repositories,
  parent: TenantRecord,
  children: readonly TenantRecord[],
  now: Date,
): Promise<void> {
  for (const [kind, data] of Object.entries(DEMO_PARENT_GLOBAL_RULES))
    await tx.policyDocs.put({
      tid: parent.tid,
      kind: kind as keyof typeof DEMO_PARENT_GLOBAL_RULES,
      revId: 1,
      data,
    });
  for (const c of DEMO_PARENT_TENANT.children) {
    const child = children.find((t) => t.name === c.tenant);
    if (!child) continue;
    await tx.tenantAssociations.insert({
      id: crypto.randomUUID(),
      primaryTid: parent.tid,
      secondaryTid: child.tid,
      status: c.status,
      createdAt: daysBefore(now, c.askedDaysAgo),
      updatedAt: daysBefore(now, c.changedDaysAgo),
      updatedBy: DEMO_PARENT_TENANT.account.username,
    });
  }
}

/**
 * The demo accounts of the run contract (DESIGN.md). The server seeds them on first start; the
 * browser and API tests sign in with them. Role lists follow docs/access.md §1: each read entry
 * becomes `entry:read`, each write entry `entry:write`.
 */
import { LOG_GROUPS } from '../../vocabularies/logTypes';
import { POLICY_GROUPS } from '../../vocabularies/policyGroups';

const everyAreaExceptDlpLogs = [
  'dashboard:*',
  ...POLICY_GROUPS.map((g) => `${g}:*`),
  'customization:*',
  'settings:*',
  'setting:*',
  'private_access:*',
  'fwaas:*',
  'browser_posture_management:*',
  ...LOG_GROUPS.filter((g) => g !== 'dlp').map((g) => `logs:${g}`),
];

export const DEMO_TENANT_ROLES = {
  admin: { read: ['*:*'], write: ['*:*'] },
  /** Read-only, and deliberately without logs:dlp (issue 4's check). */
  auditor: { read: everyAreaExceptDlpLogs, write: [] as string[] },
  /** Logs and reports only. */
  logs: { read: ['dashboard:*', 'logs:*'], write: [] as string[] },
} as const;
export type DemoTenantRole = keyof typeof DEMO_TENANT_ROLES;

export interface DemoTenantAccount {
  tenant: string;
  username: string;
  first_name: string;
  last_name: string;
  role: DemoTenantRole;
}

export const DEMO_TENANTS = [
  { name: 'acme', capabilities: { rbac: true } },
  { name: 'globex', capabilities: { rbac: false } },
] as const;

export const DEMO_TENANT_ACCOUNTS: DemoTenantAccount[] = [
  { tenant: 'acme', username: 'admin@acme.example', first_name: 'Ada', last_name: 'Admin', role: 'admin' },
  {
    tenant: 'acme',
    username: 'auditor@acme.example',
    first_name: 'Avery',
    last_name: 'Auditor',
    role: 'auditor',
  },
  { tenant: 'acme', username: 'logs@acme.example', first_name: 'Lee', last_name: 'Logs', role: 'logs' },
  // A second full administrator: the one who approves the other's publishes (docs/policy-impact.md).
  {
    tenant: 'acme',
    username: 'approver@acme.example',
    first_name: 'Paz',
    last_name: 'Approver',
    role: 'admin',
  },
  {
    tenant: 'globex',
    username: 'admin@globex.example',
    first_name: 'Grace',
    last_name: 'Globex',
    role: 'admin',
  },
];

/**
 * The demo parent tenant (multi-tenant association, docs/access.md §7): a managed-service
 * provider's tenant that writes global rules for its customers. It asked to become acme's parent
 * (pending: acme's administrator approves it under Settings › Multi-tenant) and was globex's until
 * that association ended. It has no events and is not one of the demo tenants' accounts above.
 */
export const DEMO_PARENT_TENANT = {
  name: 'northwind-partners',
  capabilities: { rbac: false, multiTenant: true, bnb: true, safedocs: true },
  account: {
    tenant: 'northwind-partners',
    username: 'admin@northwind-partners.example',
    first_name: 'Nora',
    last_name: 'Northwind',
    role: 'admin',
  } satisfies DemoTenantAccount,
  /** Its associations: asked (days before the first start) and last changed. */
  children: [
    { tenant: 'globex', status: 'revoked', askedDaysAgo: 120, changedDaysAgo: 30 },
    { tenant: 'acme', status: 'pending', askedDaysAgo: 2, changedDaysAgo: 2 },
  ],
} as const;

export const DEMO_OPERATORS = [
  { username: 'operator@provider.example', display_name: 'Olive Operator', role: 'operator' as const },
  { username: 'support@provider.example', display_name: 'Sam Support', role: 'support' as const },
];

/**
 * What every demo audit event's details begin with ("Demo history: Signed in to the portal"): the
 * seeded audit history is made up, and says so where the Audit Logs page shows it (issue 31). It
 * is all older than its tenant; live demo traffic writes no audit events.
 */
export const DEMO_HISTORY_MARK = 'Demo history';

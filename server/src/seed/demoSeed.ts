import type { Sku } from '@workbench/common/api/contract/providerEntities';
import crypto from 'node:crypto';
import {
  DEMO_OPERATORS,
  DEMO_TENANT_ACCOUNTS,
  DEMO_TENANT_ROLES,
  DEMO_TENANTS,
} from '@workbench/common/api/contract/demo';
import type { ConfigStore, OperatorRecord, TenantRecord, UserRecord } from '../store/ConfigStore';
import { generatePassword, hashPassword } from '../security/passwords';
import { DEMO_WEB_POLICY } from './demoWebPolicy';
import { DEMO_FAMILY_POLICIES } from './demoFamilyPolicies';
import { policyKindFeatures, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import {
  deriveFeatureFlags,
  missingFeatures,
} from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { DEMO_CROWD, seedDemoCrowd, seedDemoProvider } from './demoProvider';
import { seedDemoSettings } from './demoSettings';
import { seedDemoContactMessages } from './demoContact';
import { demoParentTenant, seedDemoParent } from './demoParentTenant';
import { INITIAL_REVISION_COMMENT, SETUP_PUBLISHER } from '@workbench/common/api/contract/policy';
import { publishRevision } from '../policy/publishRevision';
import { serverAuditEvents, type AuditEntry } from '../audit/auditTrail';
import { outboxRowsOf } from '../events/eventOutbox';

/**
 * Capabilities of the demo tenants (feature flags of docs/access.md §5). acme has RBAC and every
 * feature the portal gates, so every area shows something; globex is a smaller customer without
 * RBAC and without the gated policy features (README "Demo accounts"; the browser tests use it).
 */
export const DEMO_CAPABILITIES: Record<string, Record<string, unknown>> = {
  acme: {
    rbac: true,
    sso: true,
    tfa: true,
    multiple_idp: true,
    pac: true,
    fwaas: true,
    safemailPolicy: true,
    email_attachments: true,
    bandwidth_limits: true,
    daily_bandwidth_quota: true,
    watermarking: true,
    copy_paste: true,
    browsing_forensics: true,
    private_access: true,
    browser_posture_management: true,
    browser_posture: true,
    clientProfiles: true,
    safedocs: true,
    filedownload: true,
    swg_upload: true,
    webmail: true,
    dlp: true,
    casb: true,
    egress_headers: true,
    ssl: true,
    usersAndGroups: true,
    policySettings: true,
    bnb: true,
    restricted_logs: { heat: true },
    runtime_analysis: { test: false },
    mobileSupport: { enabled: true, emailSupportLevel: 'full' },
    multiTenant: true,
  },
  // A web-only tenant: no file capabilities, so no documents, files or contentInspection flag
  // (docs/access.md §5), the tenant the browser tests use for a family hidden by its flag.
  globex: {
    rbac: false,
    sso: true,
    pac: true,
    ssl: true,
    usersAndGroups: true,
    policySettings: true,
    multiTenant: true,
    browser_posture: true,
  },
};

export const DEMO_PASSWORD_NOTICE = 'Demo password for every demo account: ';

export interface SeedResult {
  seeded: boolean;
  /** Set only when the password was generated here (print it once). */
  generatedPassword?: string;
  /**
   * The audit events of what the seed did (the publish of each demo tenant's initial policy),
   * written to the event outbox in the seed's transaction (the forwarder delivers them once the
   * events plugin's first-start seeding has looked at the event store); empty when nothing was seeded.
   */
  audit: (AuditEntry & { time: number })[];
}

/** The demo SKU catalogue (docs/provider-console.md §4: SKUs bundle features; tenants hold SKUs). */
export const DEMO_SKUS: readonly Sku[] = [
  {
    sku_id: 'ISO-CORE',
    name: 'Isolation Core',
    description: 'Remote browser isolation for web traffic, with the default policy set.',
    features: ['web_isolation', 'url_filtering', 'web_logs'],
  },
  {
    sku_id: 'ISO-EMAIL',
    name: 'Email Isolation',
    description: 'Links and attachments of incoming mail opened in isolation.',
    features: ['email_isolation', 'attachments', 'safemail'],
  },
  {
    sku_id: 'SWG-ADV',
    name: 'Secure Web Gateway Advanced',
    description: 'SSL inspection, cloud-app control and data loss prevention.',
    features: ['ssl_inspection', 'casb', 'dlp'],
  },
  {
    sku_id: 'SWG-BASIC',
    name: 'Secure Web Gateway Basic',
    description: 'URL filtering and threat protection without inspection.',
    features: ['url_filtering', 'threat_protection'],
  },
  {
    sku_id: 'FWAAS',
    name: 'Firewall as a Service',
    description: 'Cloud firewall rules and threat feeds.',
    features: ['fwaas', 'firewall_logs'],
  },
  {
    sku_id: 'ZTNA',
    name: 'Private Access',
    description: 'Zero-trust access to private applications through connectors.',
    features: ['private_access'],
  },
].map((s) => ({ ...s, created_at: '', updated_at: '' }));

/**
 * First start: creates the demo tenants, their accounts and the provider operators, and each
 * tenant's revision 1 (its demo policy), published as any publish is (publishRevision: the
 * history lists it, by SETUP_PUBLISHER, and the audit trail says so). Does nothing when the store
 * already holds a tenant.
 */
export async function seedDemoData(
  store: ConfigStore,
  demoPassword: string | undefined,
  now: Date,
  options: { policy?: boolean; crowd?: boolean } = {},
): Promise<SeedResult> {
  if (!(await store.tenants.isEmpty())) return { seeded: false, audit: [] };
  const password = demoPassword ?? generatePassword();
  // Hash outside the transaction (scrypt is real async work); the writes then go in at once.
  const tenants: TenantRecord[] = DEMO_TENANTS.map((t) => ({
    tid: crypto.randomUUID(),
    name: t.name,
    status: 'active',
    createdAt: now.toISOString(),
    capabilities: { ...DEMO_CAPABILITIES[t.name], ...t.capabilities },
    portalV2: false,
  }));
  // The provider demo's crowd (demoProvider.ts): records only, created a day apart.
  const crowd: TenantRecord[] = options.crowd
    ? DEMO_CROWD.map((t, i) => ({
        tid: crypto.randomUUID(),
        name: t.name,
        status: t.status,
        createdAt: new Date(now.getTime() - (DEMO_CROWD.length - i) * 86_400_000).toISOString(),
        capabilities: { sso: true, pac: true },
        portalV2: false,
      }))
    : [];
  const users: UserRecord[] = [];
  for (const a of DEMO_TENANT_ACCOUNTS) {
    const tenant = tenants.find((t) => t.name === a.tenant);
    if (!tenant) throw new Error(`Demo account ${a.username} names an unknown tenant ${a.tenant}.`);
    const role = DEMO_TENANT_ROLES[a.role];
    users.push({
      uid: crypto.randomUUID(),
      tid: tenant.tid,
      username: a.username,
      firstName: a.first_name,
      lastName: a.last_name,
      roles: { read: [...role.read], write: [...role.write] },
      passwordHash: await hashPassword(password),
      showChangePassword: false,
    });
  }
  // The parent tenant that asked to be acme's (demoParentTenant.ts), with its administrator.
  const parent = await demoParentTenant(password, now);
  const operators: OperatorRecord[] = [];
  for (const o of DEMO_OPERATORS) {
    operators.push({
      username: o.username,
      displayName: o.display_name,
      role: o.role,
      passwordHash: await hashPassword(password),
    });
  }
  const initial = (tid: string, at: string) => ({
    tid,
    revId: 1,
    at,
    by: SETUP_PUBLISHER,
    comment: INITIAL_REVISION_COMMENT,
    rolledBackFrom: null,
  });
  const audit: SeedResult['audit'] = [];
  const seeded = await store.transaction(async (tx) => {
    if (!(await tx.tenants.isEmpty())) return false;
    for (const t of tenants) {
      await tx.tenants.insert(t);
      if (options.policy ?? true)
        for (const [kind, data] of demoPolicyOf(t.capabilities))
          await tx.policyDocs.put({ tid: t.tid, kind, revId: 1, data });
      const published = await publishRevision(tx, initial(t.tid, now.toISOString()));
      for (const e of published.audit)
        audit.push({ ...e, tid: t.tid, userid: SETUP_PUBLISHER, time: now.getTime() });
    }
    for (const u of users) await tx.users.insert(u);
    await tx.tenants.insert(parent.tenant);
    await tx.users.insert(parent.user);
    if (options.policy ?? true)
      for (const [kind, data] of demoPolicyOf(parent.tenant.capabilities))
        await tx.policyDocs.put({ tid: parent.tenant.tid, kind, revId: 1, data });
    await seedDemoParent(tx, parent.tenant, tenants, now);
    const parentPublished = await publishRevision(tx, initial(parent.tenant.tid, now.toISOString()));
    for (const e of parentPublished.audit)
      audit.push({ ...e, tid: parent.tenant.tid, userid: SETUP_PUBLISHER, time: now.getTime() });
    for (const o of operators) await tx.operators.insert(o);
    for (const { created_at: _c, updated_at: _u, ...data } of DEMO_SKUS) {
      const at = now.toISOString();
      await tx.entities.insert({ entity: 'skus', id: data.sku_id, data, createdAt: at, updatedAt: at });
    }
    // The crowd's tenants are provider records only (no events): their initial policy is published, unaudited.
    for (const t of crowd) {
      await tx.tenants.insert(t);
      await publishRevision(tx, initial(t.tid, t.createdAt));
    }
    await seedDemoProvider(tx, now, [...tenants, ...crowd]);
    await seedDemoSettings(tx, tenants, now);
    await seedDemoContactMessages(tx, tenants, now);
    if (crowd.length > 0) await seedDemoCrowd(tx, now, crowd);
    // The record of the publishes commits with them (audit/README.md "The outbox").
    await tx.eventOutbox.insert(outboxRowsOf(serverAuditEvents(audit), now.getTime()));
    return true;
  });
  if (!seeded) return { seeded, audit: [] };
  return demoPassword === undefined ? { seeded, generatedPassword: password, audit } : { seeded, audit };
}

/**
 * The documents of a demo tenant's revision 1: the web policy, and each other family's document
 * the tenant's feature flags let it read (docs/access.md §5; globex gets no e-mail policy).
 */
export function demoPolicyOf(capabilities: Record<string, unknown>): [PolicyKind, unknown][] {
  const flags = deriveFeatureFlags(capabilities);
  const docs = Object.entries({ ...DEMO_WEB_POLICY, ...DEMO_FAMILY_POLICIES }) as [PolicyKind, unknown][];
  return docs.filter(([kind]) => missingFeatures(policyKindFeatures(kind), flags).length === 0);
}

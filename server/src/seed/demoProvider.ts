/**
 * The provider console's demo data beside the SKUs (issue 14): features, feature-SKU groups, one
 * SKU incompatibility, OVA versions, licence keys in every licence state (relative to the first
 * start), deployments with their pods (one node of them faulty, so its actions fail), the tenants
 * spread over the deployments, the inventory, two policy templates, and a job history with a few jobs running and a few failed.
 */
import {
  type FeatureSkuGroup,
  type OvaKey,
  type OvaVersion,
  type Pod,
  type SkuIncompatibility,
  type DeploymentRow,
  type Feature,
  type KeyFeature,
  type KeySku,
  type InventoryItem,
  type PolicyTemplate,
} from '@workbench/common/api/contract/providerEntities';
import {
  NODE_STATE_DURING,
  type NodeAction,
  type NodeState,
} from '@workbench/common/api/contract/providerOps';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import {
  DEFAULT_DEPLOYMENT_ID,
  PROVIDER_SETTINGS_ENTITY,
  TENANT_DEPLOYMENT_ENTITY,
} from '../provider/entityChecks';
import { subResourceEntity } from '../provider/entityRoutes';
import { ROLLOUT_ENTITY, type StoredRollout } from '../provider/rolloutRunner';
import {
  JOB_ENTITY,
  diagnosticsOf,
  failureReasonOf,
  type JobRunner,
  type StoredJob,
} from '../provider/jobRunner';

type Fields<T> = Omit<T, 'created_at' | 'updated_at' | 'license_state'>;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Who ran the demo's finished rollout (the demo operator, README "Demo accounts"). */
const DEMO_ROLLOUT_OPERATOR = 'operator@provider.example';
const day = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

export const DEMO_FEATURES: readonly Fields<Feature>[] = [
  ['web_isolation', 'Web isolation', 'Pages rendered remotely; only safe content reaches the browser.'],
  ['url_filtering', 'URL filtering', 'Category and reputation based allow and block.'],
  ['web_logs', 'Web logs', 'Searchable logs of web traffic.'],
  ['email_isolation', 'Email isolation', 'Links in mail opened in isolation.'],
  ['attachments', 'Attachments', 'Attachments converted to safe copies.'],
  ['safemail', 'Safemail', 'The safemail whitelist and rewriting.'],
  ['ssl_inspection', 'SSL inspection', 'Decryption of TLS traffic for inspection.'],
  ['casb', 'Cloud-app control', 'Sanctioned and unsanctioned cloud apps.'],
  ['dlp', 'Data loss prevention', 'Content rules on uploads and posts.'],
  ['threat_protection', 'Threat protection', 'Malware and phishing verdicts.'],
  ['fwaas', 'Cloud firewall', 'Firewall rules in the cloud.'],
  ['firewall_logs', 'Firewall logs', 'Searchable logs of firewall decisions.'],
  ['private_access', 'Private access', 'Zero-trust access to private apps.'],
].map(([feature_name, name, description]) => ({ feature_name, name, description }));

export const DEMO_FEATURE_SKU_GROUPS: readonly Fields<FeatureSkuGroup>[] = [
  {
    group_id: 'web-security',
    name: 'Web security',
    features: ['web_isolation', 'url_filtering', 'ssl_inspection', 'dlp'],
    skus: ['ISO-CORE', 'SWG-ADV', 'SWG-BASIC'],
  },
  {
    group_id: 'network',
    name: 'Network',
    features: ['fwaas', 'private_access'],
    skus: ['FWAAS', 'ZTNA'],
  },
];

/** The one incompatibility of the demo: the two gateway tiers exclude each other. */
export const DEMO_SKU_INCOMPATIBILITIES: readonly Fields<SkuIncompatibility>[] = [
  {
    incompatibility_id: 'SWG-TIERS',
    skus: ['SWG-BASIC', 'SWG-ADV'],
    note: 'A tenant holds one gateway tier: Advanced includes Basic.',
  },
];

export const DEMO_OVA_VERSIONS: readonly Fields<OvaVersion>[] = [
  { version_string: '4.9', supported_version: false, ga_version: false, note: 'End of support reached.' },
  { version_string: '5.1', supported_version: true, ga_version: false, note: '' },
  { version_string: '5.2', supported_version: true, ga_version: true, note: 'Current GA.' },
  { version_string: '6.0', supported_version: true, ga_version: false, note: 'Early access.' },
];

/** Keys in every licence state at the first start (the states move with the clock after it). */
export function demoOvaKeys(now: Date): {
  key: Fields<OvaKey>;
  features: Fields<KeyFeature>[];
  skus: Fields<KeySku>[];
}[] {
  const key = (
    k: Partial<Fields<OvaKey>> & Pick<Fields<OvaKey>, 'key_id' | 'tenant_name'>,
  ): Fields<OvaKey> => ({
    expires_at: '',
    license_type: 'customer',
    does_not_expire: false,
    include_ga_supported: true,
    versions: ['5.2'],
    note: '',
    ...k,
  });
  return [
    {
      key: key({
        key_id: 'OVA-ACME-2026',
        tenant_name: 'acme',
        expires_at: day(now, 240),
        versions: ['5.1', '5.2'],
      }),
      features: [
        { feature_name: 'web_isolation', expires_at: '', does_not_expire: true },
        { feature_name: 'dlp', expires_at: day(now, 20), does_not_expire: false },
      ],
      skus: [
        { sku: 'ISO-CORE', expires_at: '' },
        { sku: 'SWG-ADV', expires_at: day(now, 240) },
      ],
    },
    {
      key: key({
        key_id: 'OVA-GLOBEX-POC',
        tenant_name: 'globex',
        license_type: 'poc',
        expires_at: day(now, 12),
        note: 'Trial; renewal call booked.',
      }),
      features: [{ feature_name: 'web_isolation', expires_at: day(now, 12), does_not_expire: false }],
      skus: [{ sku: 'ISO-CORE', expires_at: '' }],
    },
    {
      key: key({
        key_id: 'OVA-INITECH-2025',
        tenant_name: 'initech',
        expires_at: day(now, -20),
        versions: ['4.9', '5.1'],
      }),
      features: [],
      skus: [{ sku: 'SWG-BASIC', expires_at: '' }],
    },
    {
      key: key({ key_id: 'OVA-UMBRELLA-NEW', tenant_name: 'umbrella', note: 'Drafted; not issued yet.' }),
      features: [],
      skus: [],
    },
    {
      key: key({
        key_id: 'OVA-LAB-INTERNAL',
        tenant_name: 'provider-lab',
        license_type: 'internal',
        does_not_expire: true,
        versions: ['5.2', '6.0'],
        include_ga_supported: false,
      }),
      features: [],
      skus: [],
    },
  ];
}

export const DEMO_DEPLOYMENTS: readonly Fields<DeploymentRow>[] = [
  { deployment_id: 'us-east-1', name: 'US East', region: 'us-east-1', note: 'The default deployment.' },
  { deployment_id: 'eu-west-1', name: 'EU West', region: 'eu-west-1', note: 'EU data residency.' },
  { deployment_id: 'ap-southeast-2', name: 'Asia Pacific', region: 'ap-southeast-2', note: '' },
];
export const DEMO_DEFAULT_DEPLOYMENT = 'us-east-1';
/** The node whose actions fail in the demo (its name says so; see jobRunner.ts). */
export const DEMO_FAULTY_NODE = 'euw1-b-node-faulty-3';

export const DEMO_PODS: readonly Fields<Pod>[] = [
  ['use1-a', 'us-east-1', 'use1-a', 3],
  ['use1-b', 'us-east-1', 'use1-b', 3],
  ['euw1-a', 'eu-west-1', 'euw1-a', 3],
  ['euw1-b', 'eu-west-1', 'euw1-b', 2],
  ['apse2-a', 'ap-southeast-2', 'apse2-a', 2],
].map(([pod_id, deployment, prefix, count]) => ({
  pod_id: String(pod_id),
  deployment: String(deployment),
  nodes: [
    ...Array.from({ length: Number(count) }, (_, i) => `${String(prefix)}-node-${i + 1}`),
    ...(pod_id === 'euw1-b' ? [DEMO_FAULTY_NODE] : []),
  ],
  gateways: [`gw1.${String(pod_id)}.example.net`, `gw2.${String(pod_id)}.example.net`],
  note: '',
}));

/**
 * The inventory (issue 37): appliances at tenants' sites, spares in stock, one away for repair and
 * one retired, so every status and type shows on the first start.
 */
export const DEMO_INVENTORY: readonly Fields<InventoryItem>[] = [
  ['MSA-5200-0001', 'hardware_appliance', 'Isolation appliance 5200', 'deployed', 'acme', 'Acme HQ, Chicago'],
  [
    'MSA-5200-0002',
    'hardware_appliance',
    'Isolation appliance 5200',
    'deployed',
    'umbrella',
    'Raccoon City DC',
  ],
  ['MSA-5200-0003', 'hardware_appliance', 'Isolation appliance 5200', 'in_stock', '', 'Warehouse, Dublin'],
  ['MSA-3100-0107', 'hardware_appliance', 'Isolation appliance 3100', 'in_repair', 'globex', 'RMA depot'],
  ['OVA-52-ACME-01', 'virtual_appliance', 'OVA 5.2', 'deployed', 'acme', 'Acme DR site'],
  ['OVA-52-HOOLI-01', 'virtual_appliance', 'OVA 5.2', 'allocated', 'hooli', ''],
  ['SRV-R750-0042', 'server', 'Dell PowerEdge R750', 'deployed', '', 'us-east-1'],
  ['SRV-R750-0043', 'server', 'Dell PowerEdge R750', 'in_stock', '', 'Warehouse, Dublin'],
  ['NET-SW-0009', 'network_device', 'Arista 7050X3 switch', 'deployed', '', 'eu-west-1'],
  ['SRV-R640-0011', 'server', 'Dell PowerEdge R640', 'retired', '', ''],
].map(([serial_number, item_type, model, status, tenant_name, location]) => ({
  serial_number,
  item_type: item_type as InventoryItem['item_type'],
  model,
  status: status as InventoryItem['status'],
  tenant_name,
  location,
  note: status === 'in_repair' ? 'Power supply fault; replacement shipped.' : '',
}));

/**
 * Two policy templates (docs/provider-console.md §9; their content is ours): the provider's block
 * page wording and the DLP notices, each a customization document as the tenant's editor writes it.
 */
export const DEMO_POLICY_TEMPLATES: readonly Fields<PolicyTemplate>[] = [
  {
    template_id: 'branded-block-page',
    title: 'Branded block page',
    description: "The web block page with the provider's wording and service-desk contact.",
    documents: {
      'customization/web': {
        list: [
          {
            page: 'block',
            enabled: true,
            title: 'This site is blocked',
            message: 'Your organisation blocks this site. Contact your service desk if you need it for work.',
          },
        ],
      },
    },
  },
  {
    template_id: 'dlp-upload-notice',
    title: 'DLP upload notices',
    description: 'Notices shown when DLP blocks an upload or a download.',
    documents: {
      'customization/dlp': {
        list: [
          {
            page: 'upload_blocked',
            enabled: true,
            title: 'Upload blocked',
            message: 'This upload contains data your organisation does not allow to leave it.',
          },
          {
            page: 'download_blocked',
            enabled: true,
            title: 'Download blocked',
            message: 'This download is not allowed by your organisation.',
          },
        ],
      },
    },
  },
];

/** How the seed writes a provider row: created and last changed at the seed's start. */
function entityWriter(tx: ConfigStore, now: Date) {
  const at = now.toISOString();
  return (entity: string, id: string, data: object) =>
    tx.entities.insert({ entity, id, data: data as Record<string, unknown>, createdAt: at, updatedAt: at });
}

/** Writes the rows above (inside the first start's transaction). */
export async function seedDemoProvider(
  tx: ConfigStore,
  now: Date,
  tenants: readonly TenantRecord[],
): Promise<void> {
  const put = entityWriter(tx, now);
  for (const f of DEMO_FEATURES) await put('features', f.feature_name, f);
  for (const g of DEMO_FEATURE_SKU_GROUPS) await put('feature_sku_groups', g.group_id, g);
  for (const i of DEMO_SKU_INCOMPATIBILITIES) await put('sku_incompatibilities', i.incompatibility_id, i);
  for (const v of DEMO_OVA_VERSIONS) await put('ova_versions', v.version_string, v);
  for (const { key, features, skus } of demoOvaKeys(now)) {
    await put('ova_keys', key.key_id, key);
    if (features.length > 0)
      await put(subResourceEntity('ova_keys', 'features'), key.key_id, { items: features });
    if (skus.length > 0) await put(subResourceEntity('ova_keys', 'skus'), key.key_id, { items: skus });
  }
  for (const d of DEMO_DEPLOYMENTS) await put('deployments', d.deployment_id, d);
  await put(PROVIDER_SETTINGS_ENTITY, DEFAULT_DEPLOYMENT_ID, { default_deployment: DEMO_DEFAULT_DEPLOYMENT });
  for (const p of DEMO_PODS) await put('pods', p.pod_id, p);
  for (const item of DEMO_INVENTORY) await put('inventory', item.serial_number, item);
  for (const t of DEMO_POLICY_TEMPLATES) await put('templates', t.template_id, t);
  const tidOf = new Map(tenants.map((t) => [t.name, t.tid]));
  for (const e of DEMO_RA_PREFILTER)
    await put('ra_prefilter', e.entry_id, { ...e, tenants: e.tenants.flatMap((n) => tidOf.get(n) ?? []) });
  // Every other tenant off the default deployment, in turn (acme stays on the default).
  const others = DEMO_DEPLOYMENTS.map((d) => d.deployment_id).filter((d) => d !== DEMO_DEFAULT_DEPLOYMENT);
  for (const [i, t] of tenants.entries()) {
    if (i % 2 === 0) continue;
    await put(TENANT_DEPLOYMENT_ENTITY, t.tid, {
      tid: t.tid,
      deployment: others[Math.floor(i / 2) % others.length],
    });
  }
}

/**
 * The demo's job history, written once (when no job exists yet) after the restart sweep: failed
 * and finished jobs of the last days, and two jobs running now (they end by themselves).
 */
export async function seedDemoJobs(store: ConfigStore, jobs: JobRunner, now: Date): Promise<void> {
  const any = await store.entities.list(JOB_ENTITY, {
    limit: 1,
    offset: 0,
    sort: 'created_at',
    order: 'asc',
    searchFields: [],
  });
  if (any.total > 0 || !(await store.entities.get('pods', 'euw1-b'))) return;
  const t = now.getTime();
  const iso = (ms: number) => new Date(t + ms).toISOString();
  const past = (
    n: number,
    action: NodeAction,
    pod: string,
    node: string,
    hoursAgo: number,
    state: NodeState,
  ): [StoredJob, NodeState] => {
    const reason = failureReasonOf(action, node);
    const start = -hoursAgo * 3_600_000;
    return [
      {
        id: `demo-job-${n}`,
        status: reason ? 'failed' : 'finished',
        ...(reason ? { reason } : {}),
        ...(action === 'diagnostics' ? { result: diagnosticsOf(node) } : {}),
        action,
        pod_id: pod,
        node,
        requested_by: 'operator@provider.example',
        created_at: iso(start),
        started_at: iso(start + 1000),
        ended_at: iso(start + 5000),
        due_at: t + start + 5000,
        state_before: 'active',
      },
      state,
    ];
  };
  const running = (
    n: number,
    action: NodeAction,
    pod: string,
    node: string,
    minutesLeft: number,
  ): [StoredJob, NodeState] => [
    {
      id: `demo-job-${n}`,
      status: 'started',
      action,
      pod_id: pod,
      node,
      requested_by: 'operator@provider.example',
      created_at: iso(-60_000),
      started_at: iso(-55_000),
      due_at: t + minutesLeft * 60_000,
      state_before: 'active',
    },
    NODE_STATE_DURING[action] ?? 'active',
  ];
  const history: [StoredJob, NodeState][] = [
    past(1, 'restart', 'use1-a', 'use1-a-node-2', 50, 'active'),
    past(2, 'freeze', 'euw1-b', DEMO_FAULTY_NODE, 30, 'active'),
    past(3, 'diagnostics', 'euw1-b', DEMO_FAULTY_NODE, 29, 'active'),
    past(4, 'restart', 'euw1-b', DEMO_FAULTY_NODE, 28, 'active'),
    past(5, 'freeze', 'use1-b', 'use1-b-node-3', 6, 'frozen'),
    running(6, 'diagnostics', 'apse2-a', 'apse2-a-node-1', 2),
    running(7, 'restart', 'euw1-a', 'euw1-a-node-2', 5),
  ];
  for (const [job, state] of history) await jobs.record(job, state);
}

/**
 * The demo's crowd (issue 14: "dozens of tenants over several deployments and pods"): provider
 * records only — a tenant, its first revision, its SKUs, some with a licence key — no accounts,
 * users, policy documents or events (generatorTenantsOf leaves them out), so seeding stays cheap.
 * Only the demo server seeds them (ServerOptions.demoCrowd); the test servers keep acme and globex.
 */
export const DEMO_CROWD: readonly { name: string; status: 'active' | 'disabled'; skus: string[] }[] = [
  ['initech', 'SWG-BASIC'],
  ['umbrella', 'ISO-CORE'],
  ['provider-lab', 'ISO-CORE FWAAS ZTNA'],
  ['hooli', 'ISO-CORE SWG-ADV'],
  ['stark-industries', 'ISO-CORE SWG-ADV FWAAS'],
  ['wayne-enterprises', 'ISO-CORE ISO-EMAIL'],
  ['wonka-industries', 'SWG-BASIC'],
  ['cyberdyne', 'ISO-CORE ZTNA'],
  ['tyrell', 'ISO-CORE'],
  ['soylent', 'SWG-BASIC', 'disabled'],
  ['vandelay', 'ISO-EMAIL'],
  ['dunder-mifflin', 'SWG-BASIC ISO-EMAIL'],
  ['pied-piper', 'ISO-CORE'],
  ['aperture', 'ISO-CORE SWG-ADV'],
  ['black-mesa', 'FWAAS', 'disabled'],
  ['oscorp', 'ISO-CORE'],
  ['massive-dynamic', 'ISO-CORE SWG-ADV ZTNA'],
  ['gringotts', 'ISO-EMAIL'],
  ['monarch', 'SWG-BASIC'],
  ['nakatomi', 'ISO-CORE FWAAS'],
  ['prestige-worldwide', ''],
  ['sterling-cooper', 'ISO-EMAIL'],
  ['virtucon', 'SWG-ADV'],
  ['weyland-yutani', 'ISO-CORE SWG-ADV FWAAS ZTNA'],
  ['bluth-company', 'SWG-BASIC', 'disabled'],
  ['krusty-krab', ''],
  ['los-pollos', 'ISO-CORE'],
  ['paper-street', 'SWG-BASIC'],
  ['rekall', 'ISO-CORE ZTNA'],
  ['zorg', 'FWAAS'],
].map(([name, skus, status]) => ({
  name: String(name),
  status: status === 'disabled' ? 'disabled' : 'active',
  skus: String(skus).split(' ').filter(Boolean),
}));

/** Names of the crowd, to keep them out of the demo events. */
export const DEMO_CROWD_NAMES: ReadonlySet<string> = new Set(DEMO_CROWD.map((t) => t.name));

/** More keys for the crowd, in every licence state again (relative to the first start). */
export function demoCrowdOvaKeys(now: Date): Fields<OvaKey>[] {
  const key = (key_id: string, tenant_name: string, days: number | null, type = 'customer') => ({
    key_id,
    tenant_name,
    expires_at: days === null ? '' : day(now, days),
    license_type: type as OvaKey['license_type'],
    does_not_expire: false,
    include_ga_supported: true,
    versions: ['5.1', '5.2'],
    note: '',
  });
  return [
    key('OVA-HOOLI-2027', 'hooli', 400),
    key('OVA-STARK-2026', 'stark-industries', 25),
    key('OVA-WAYNE-2026', 'wayne-enterprises', 5),
    key('OVA-CYBERDYNE-POC', 'cyberdyne', 9, 'poc'),
    key('OVA-TYRELL-2025', 'tyrell', -3),
    key('OVA-SOYLENT-2025', 'soylent', -90),
    key('OVA-APERTURE-2027', 'aperture', 300),
    key('OVA-MASSIVE-NEW', 'massive-dynamic', null),
    key('OVA-WEYLAND-2028', 'weyland-yutani', 700),
    key('OVA-NAKATOMI-POC', 'nakatomi', 28, 'poc'),
  ];
}

/** Where a tenant's SKUs are kept (tenantRoutes.ts: the tenant document `skus`). */
const TENANT_SKUS_ENTITY = 'tenant_skus';

/** The crowd's provider rows (inside the first start's transaction, after seedDemoProvider). */
export async function seedDemoCrowd(
  tx: ConfigStore,
  now: Date,
  tenants: readonly TenantRecord[],
): Promise<void> {
  const put = entityWriter(tx, now);
  for (const t of tenants) {
    const skus = DEMO_CROWD.find((c) => c.name === t.name)?.skus ?? [];
    if (skus.length > 0) await put(TENANT_SKUS_ENTITY, t.tid, { sku_ids: skus });
  }
  for (const k of demoCrowdOvaKeys(now)) await put('ova_keys', k.key_id, k);
  await seedDemoCrowdGroupsAndRollout(tx, now, tenants);
}

/** The crowd's tenant groups (issue 14: tenant groups with associations), by tenant name. */
export const DEMO_TENANT_GROUPS = [
  {
    group_id: 'design-partners',
    name: 'Design partners',
    description: 'Tenants that try new capabilities first (rollouts start here).',
    tenants: ['provider-lab', 'hooli', 'pied-piper', 'aperture'],
  },
  {
    group_id: 'emea-customers',
    name: 'EMEA customers',
    description: 'Tenants served from the eu-west-1 deployment.',
    tenants: ['umbrella', 'cyberdyne', 'gringotts', 'sterling-cooper', 'monarch'],
  },
] as const;

/** Three category overrides: one for every tenant, two for a few (by name), one inactive. */
export const DEMO_CATEGORY_OVERRIDES = [
  {
    url: 'games.example-intranet.com',
    category_ids: [4, 17],
    tenants: [],
    submission_reference: 'SR-10231',
    active: true,
  },
  {
    url: 'stream.hooli.example/live',
    category_ids: [25],
    tenants: ['hooli', 'pied-piper'],
    submission_reference: 'SR-10244',
    active: true,
  },
  {
    url: 'bets.nakatomi.example',
    category_ids: [27],
    tenants: ['nakatomi'],
    submission_reference: '',
    active: false,
  },
] as const;

/**
 * The RA pre-filter (issue 37, docs/provider-console.md §10): a blocked range and domain for every
 * tenant, an IPv6 range, a bypass for one tenant, and one entry switched off.
 */
export const DEMO_RA_PREFILTER = [
  ['tor-exit-sample', 'cidr', '198.51.100.0/24', 'block', [], true, 'Known anonymising exit nodes.'],
  ['bulletproof-host', 'domain', 'bulletproof-hosting.example', 'block', [], true, ''],
  ['scanner-v6', 'cidr', '2001:db8:bad::/48', 'block', [], true, 'Scanning source seen by the SOC.'],
  ['acme-vpn-direct', 'domain', 'vpn.acme.example', 'bypass', ['acme'], true, "Acme's own VPN concentrator."],
  [
    'old-partner',
    'cidr',
    '203.0.113.0/25',
    'block',
    [],
    false,
    'Kept for the record; off since the contract ended.',
  ],
].map(([entry_id, match_type, value, action, tenants, active, note]) => ({
  entry_id: entry_id as string,
  match_type: match_type as 'cidr' | 'domain',
  value: value as string,
  action: action as 'block' | 'bypass',
  tenants: tenants as string[],
  active: active as boolean,
  note: note as string,
}));

/** The finished rollout's tenants (all holding the FWAAS SKU), in two waves of two. */
export const DEMO_ROLLOUT_TENANTS = ['nakatomi', 'stark-industries', 'weyland-yutani', 'zorg'] as const;

/**
 * Tenant groups, category overrides and one finished rollout (Cloud firewall to the FWAAS
 * tenants: their capabilities carry what it applied), plus what the capability state page shows
 * beside them: one capability past its valid-until day and one obsolete capability still carried.
 */
async function seedDemoCrowdGroupsAndRollout(
  tx: ConfigStore,
  now: Date,
  tenants: readonly TenantRecord[],
): Promise<void> {
  const put = entityWriter(tx, now);
  const byName = new Map(tenants.map((t) => [t.name, t]));
  const tidOf = (name: string): string => {
    const t = byName.get(name);
    if (!t) throw new Error(`The provider demo names an unknown tenant ${name}.`);
    return t.tid;
  };
  for (const g of DEMO_TENANT_GROUPS)
    await put('tenant_groups', g.group_id, { ...g, tenants: g.tenants.map(tidOf) });
  for (const o of DEMO_CATEGORY_OVERRIDES)
    await put('category_overrides', o.url, {
      ...o,
      category_ids: [...o.category_ids],
      tenants: o.tenants.map(tidOf),
    });

  // A rollout that ran yesterday: two waves of two, a minute apart, every tenant applied.
  const started = now.getTime() - DAY_MS;
  const iso = (ms: number) => new Date(started + ms).toISOString();
  const rolloutTenants = DEMO_ROLLOUT_TENANTS.map((name, i) => {
    const t = byName.get(name);
    if (!t) throw new Error(`The provider demo names an unknown tenant ${name}.`);
    return {
      tid: t.tid,
      name,
      wave: Math.floor(i / 2) + 1,
      status: 'applied' as const,
      reason: null,
      changes: [{ item: 'fwaas', before: t.capabilities.fwaas ?? null, after: true }],
      applied_at: iso(i < 2 ? 1_000 * (i + 1) : 61_000 + 1_000 * (i - 1)),
      rolled_back_at: null,
    };
  });
  for (const t of rolloutTenants) {
    const record = byName.get(t.name);
    if (record) await tx.tenants.update(t.tid, { capabilities: { ...record.capabilities, fwaas: true } });
  }
  await put(ROLLOUT_ENTITY, 'demo-rollout-cloud-firewall', {
    id: 'demo-rollout-cloud-firewall',
    name: 'Cloud firewall for FWAAS tenants',
    change: { kind: 'capabilities', set: { fwaas: true }, remove: [] },
    target: { tags: [], deployments: [], sku_ids: [], tids: rolloutTenants.map((t) => t.tid) },
    wave_size: 2,
    pause_seconds: 60,
    state: 'completed',
    reason: null,
    created_at: iso(-600_000),
    created_by: DEMO_ROLLOUT_OPERATOR,
    started_at: iso(0),
    ended_at: iso(63_000),
    next_wave_at: null,
    run_by: DEMO_ROLLOUT_OPERATOR,
    run_from: null,
    tenants: rolloutTenants,
  } satisfies StoredRollout);

  // Capability state: insights given to tyrell until three days ago (expired), and black-mesa
  // still carrying the obsolete flash.
  const tyrell = byName.get('tyrell');
  if (tyrell) {
    await tx.tenants.update(tyrell.tid, { capabilities: { ...tyrell.capabilities, insights: true } });
    await put('tenant_capabilities_validity', tyrell.tid, {
      validity: [{ capability: 'insights', valid_until: day(now, -3) }],
    });
  }
  const blackMesa = byName.get('black-mesa');
  if (blackMesa)
    await tx.tenants.update(blackMesa.tid, { capabilities: { ...blackMesa.capabilities, flash: true } });
}

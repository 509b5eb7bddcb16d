/**
 * For the Secure Application Access page's component tests: the private access documents behind
 * their calls (docs/policy.md §9: GET rules/mpa/{access_rules|app_catalogs|app_connector_clusters},
 * PUT rules/mpa/{update_access_policy_application|update_catalog_clusters|
 * set_provisioning_key_lookup}, GET mpa/{app_connector_aws_region|user_portal_url}), stubbed at the
 * axios boundary. A PUT stores `data` and stages the revision, as the reference server does;
 * `putReply` can answer a PUT otherwise (a 400 naming a field, a 409). Not part of the app bundle.
 */
import type MockAdapter from 'axios-mock-adapter';
import type { Revision } from '@workbench/common/api/contract/policy';
import type {
  AccessPolicyDoc,
  AccessRule,
  Catalog,
  CatalogsDoc,
  Cluster,
  ClustersDoc,
  PrivateApp,
} from './privateAccessModel';

export interface PrivateAccessDocs {
  access: AccessPolicyDoc;
  catalogs: CatalogsDoc;
  clusters: ClustersDoc;
  portalUrl: string;
}

export const app = (id: string, name: string, extra: Partial<PrivateApp> = {}): PrivateApp => ({
  id,
  name,
  domains: [`${id}.acme.internal`],
  addresses: [],
  protocol: 'tcp',
  ports: ['443'],
  cluster_id: 'fra',
  ...extra,
});

export const accessRule = (id: string, name: string, extra: Partial<AccessRule> = {}): AccessRule => ({
  id,
  name,
  enabled: true,
  users: [],
  groups: [],
  applications: ['git'],
  action: 'allow',
  posture_checks: [],
  session: { mode: 'session' },
  ...extra,
});

export const cluster = (id: string, name: string, extra: Partial<Cluster> = {}): Cluster => ({
  id,
  name,
  region: 'eu-central-1',
  provisioning_key_lookup: { enabled: true, key_id: `pk_${id}_0001`, max_connectors: 2 },
  ...extra,
});

export const catalog = (id: string, name: string, extra: Partial<Catalog> = {}): Catalog => ({
  id,
  name,
  applications: [],
  clusters: [],
  ...extra,
});

/** Where each document is read and saved. */
const DOCS = {
  access: { get: 'access_rules', put: 'update_access_policy_application' },
  catalogs: { get: 'app_catalogs', put: 'update_catalog_clusters' },
  clusters: { get: 'app_connector_clusters', put: 'set_provisioning_key_lookup' },
} as const;
type DocName = keyof typeof DOCS;

export interface PrivateAccessServer {
  docs: PrivateAccessDocs;
  /** The bodies of the PUTs, in order, with the call they went to. */
  puts: Array<{ call: string; body: { rev_id: number; state: string; updated_at: string; data: unknown } }>;
  putReply: Array<[number, unknown]>;
  install: (mock: MockAdapter) => void;
}

export function privateAccessServer(initial: Partial<PrivateAccessDocs> = {}, rev = 7): PrivateAccessServer {
  const docs: PrivateAccessDocs = {
    access: initial.access ?? { access_rules: [], applications: [] },
    catalogs: initial.catalogs ?? { list: [] },
    clusters: initial.clusters ?? { list: [] },
    portalUrl: initial.portalUrl ?? '',
  };
  const server: PrivateAccessServer = {
    docs,
    puts: [],
    putReply: [],
    install: (mock) => {
      mock
        .onGet('/api/policy/v1/mpa/user_portal_url')
        .reply(() => [200, { rev_id: rev, url: docs.portalUrl }]);
      mock.onGet('/api/policy/v1/mpa/app_connector_aws_region').reply(200, {
        rev_id: rev,
        list: [
          { code: 'eu-central-1', label: 'Europe (Frankfurt)' },
          { code: 'us-west-2', label: 'US West (Oregon)' },
        ],
      });
      // The same matcher as the portal's default stub for policy documents: this one replaces it.
      mock.onGet(/^\/api\/policy\/v1\/rules\/.+/).reply((config) => {
        const name = (Object.keys(DOCS) as DocName[]).find(
          (d) => config.url === `/api/policy/v1/rules/mpa/${DOCS[d].get}`,
        );
        return name ? [200, { rev_id: rev, ...docs[name] }] : [200, { note: '' }];
      });
      mock.onPut(/^\/api\/policy\/v1\/rules\/mpa\/.+/).reply((config) => {
        const call = (config.url ?? '').replace('/api/policy/v1/rules/mpa/', '');
        const body = JSON.parse(String(config.data)) as PrivateAccessServer['puts'][number]['body'];
        server.puts.push({ call, body });
        const reply = server.putReply.shift();
        if (reply) return reply;
        const name = (Object.keys(DOCS) as DocName[]).find((d) => DOCS[d].put === call);
        if (!name) return [404, { error: 'not found', message: `No call ${call}` }];
        const { reorderingEvents: _reported, ...data } = body.data as Record<string, unknown>;
        (docs as unknown as Record<string, unknown>)[name] = data;
        const next: Revision = {
          staged_rev_id: rev,
          rev_id: rev - 1,
          state: 'staged',
          updated_at: '2026-11-25T12:00:00.000Z',
        };
        return [200, next];
      });
    },
  };
  return server;
}

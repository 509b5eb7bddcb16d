/**
 * For the Firewall page's component tests: the three firewall documents behind the policy calls
 * (GET and PUT /api/policy/v1/rules/fwaas/{kind}/{rev}, docs/policy.md §8), stubbed at the axios
 * boundary. A PUT stores `data` and stages the revision, as the reference server does; `putReply`
 * can answer a PUT otherwise (a 400 naming a field, a 409). Not part of the app bundle.
 */
import type MockAdapter from 'axios-mock-adapter';
import type { Revision } from '@workbench/common/api/contract/policy';
import type {
  FeedsDoc,
  FirewallFeed,
  FirewallRule,
  FirewallService,
  RulesDoc,
  ServicesDoc,
} from './firewallModel';

export interface FirewallDocs {
  services: ServicesDoc;
  rules: RulesDoc;
  feeds: FeedsDoc;
}

export const service = (id: string, name: string, extra: Partial<FirewallService> = {}): FirewallService => ({
  id,
  name,
  protocol: 'tcp',
  ports: ['443'],
  ...extra,
});

export const rule = (id: string, name: string, extra: Partial<FirewallRule> = {}): FirewallRule => ({
  id,
  name,
  enabled: true,
  action: 'allow',
  request_type: 'internet',
  sources: [],
  users: [],
  groups: [],
  destinations: [],
  domains: [],
  countries: [],
  services: [],
  log: true,
  ...extra,
});

export const feed = (id: string, name: string, extra: Partial<FirewallFeed> = {}): FirewallFeed => ({
  id,
  name,
  url: 'https://feeds.example.com/list.txt',
  type: 'ip',
  refresh_minutes: 60,
  enabled: true,
  ...extra,
});

const DOC_PATH = /^\/api\/policy\/v1\/rules\/(.+)\/(\d+)$/;

export interface FirewallServer {
  docs: FirewallDocs;
  /** The bodies of the firewall PUTs, in order, with the kind they saved. */
  puts: Array<{ kind: string; body: { rev_id: number; state: string; updated_at: string; data: unknown } }>;
  /** Answers the next PUTs instead of storing them: [status, body]. */
  putReply: Array<[number, unknown]>;
  install: (mock: MockAdapter) => void;
}

export function firewallServer(initial: Partial<FirewallDocs> = {}, rev = 7): FirewallServer {
  const docs: FirewallDocs = {
    services: initial.services ?? { list: [] },
    rules: initial.rules ?? { list: [] },
    feeds: initial.feeds ?? { list: [] },
  };
  const server: FirewallServer = {
    docs,
    puts: [],
    putReply: [],
    install: (mock) => {
      // The same matcher as the portal's default stub for policy documents: this one replaces it.
      mock.onGet(/^\/api\/policy\/v1\/rules\/.+/).reply((config) => {
        const m = DOC_PATH.exec(config.url ?? '');
        const name = m?.[1].replace(/^fwaas\//, '') as keyof FirewallDocs | undefined;
        if (m && name && m[1].startsWith('fwaas/') && name in docs)
          return [200, { rev_id: Number(m[2]), ...docs[name] }];
        return [200, { note: '' }];
      });
      mock.onPut(/^\/api\/policy\/v1\/rules\/fwaas\/.+/).reply((config) => {
        const m = DOC_PATH.exec(config.url ?? '');
        const kind = m?.[1] ?? '';
        const body = JSON.parse(String(config.data)) as FirewallServer['puts'][number]['body'];
        server.puts.push({ kind, body });
        const reply = server.putReply.shift();
        if (reply) return reply;
        (docs as unknown as Record<string, unknown>)[kind.replace(/^fwaas\//, '')] = body.data;
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

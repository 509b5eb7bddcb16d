/**
 * App discovery and app reputation insights (docs/reports.md §5: GET and PUT
 * /api/policy/v3/casb/app_discovery — the settings are the casb/app_discovery kind — and GET
 * /api/policy/v3/casb/app_rep_insights/{id}). The server keeps no separate record of discovered
 * apps: they are what the tenant's web logs say (the `application`, `casb_profile_type` and
 * `userid` fields of scan_web events), joined to the cloud-app catalogue (reference/cloudApps.ts)
 * for category and reputation. Registered by the events plugin, which owns the event store.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AppRepInsightsReply,
  CASB_EGRESS_PATHS,
  DiscoveredAppsQuery,
  DiscoveredAppsReply,
  DISCOVERY_DAYS,
  type DiscoveredApp,
} from '@workbench/common/api/contract/casbEgress';
import { AppId } from '@workbench/common/api/contract/policy-kinds/casbKinds';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import type { EventFilter, EventStore } from '../events/eventStore';
import { PolicyReadQuery } from '@workbench/common/api/contract/policy';
import {
  CLOUD_APPS,
  cloudAppById,
  reputationOf,
  riskOfScore,
  type CatalogueApp,
} from './reference/cloudApps';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
const TOP_USERS = 10;

export const DAYS_MSG = `days must be one of ${DISCOVERY_DAYS.join(', ')}.`;
export const unknownAppMsg = (id: string) => `There is no cloud app ${id} in the catalogue.`;

/**
 * The spec's {id} is a catalogue app's id, the same for every tenant (not a tenant's record), so
 * the route names it `app` (the authorisation matrix's foreign-id checks are for tenant records).
 */
const toPath = (path: string) => path.replace('{id}', ':app');

export function casbDiscoveryRoutes(options: { store: EventStore; now: () => Date }): FastifyPluginAsync {
  const { store, now } = options;
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

    /** Requests and distinct users per catalogue app name, and the profile type last seen. */
    async function usage(tid: string, start: number, end: number, apps: readonly CatalogueApp[]) {
      const scan = {
        logType: 'scan_web' as const,
        tid,
        start,
        end,
        filters: [{ field: 'application', values: apps.map((a) => a.name) }] as EventFilter[],
      };
      const [requests, users, types] = await Promise.all([
        store.aggregate({
          ...scan,
          groupBy: { field: 'application' },
          measure: { kind: 'count' },
          limit: apps.length,
        }),
        store.aggregate({
          ...scan,
          groupBy: { field: 'application' },
          measure: { kind: 'distinct', field: 'userid' },
          limit: apps.length,
        }),
        store.aggregate({
          ...scan,
          groupBy: { field: 'application', series: 'casb_profile_type' },
          measure: { kind: 'count' },
          limit: apps.length,
        }),
      ]);
      const byName = (rows: readonly { key: unknown; value: number }[]) =>
        new Map(rows.map((r) => [String(r.key), r.value]));
      const req = byName(requests);
      const usr = byName(users);
      // The type most of an app's requests carried.
      const type = new Map<string, { type: string; n: number }>();
      for (const r of types) {
        if (r.series === null || r.series === undefined) continue;
        const k = String(r.key);
        if ((type.get(k)?.n ?? -1) < r.value) type.set(k, { type: String(r.series), n: r.value });
      }
      return (a: CatalogueApp): DiscoveredApp => ({
        id: a.id,
        name: a.name,
        category: a.category,
        domains: [...a.domains],
        score: a.score,
        risk: riskOfScore(a.score),
        requests: req.get(a.name) ?? 0,
        users: usr.get(a.name) ?? 0,
        profile_type: type.get(a.name)?.type ?? null,
      });
    }

    app.get(
      CASB_EGRESS_PATHS.discoveredApps,
      {
        config: { world: 'tenant', permission: 'casb_policy:*:read' },
        schema: {
          tags: ['policy'],
          summary:
            'The cloud apps of the catalogue with their use in the web logs of the last days (default 30)',
          querystring: DiscoveredAppsQuery,
          response: { 200: DiscoveredAppsReply, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const days = request.query.days ?? DEFAULT_DAYS;
        if (!(DISCOVERY_DAYS as readonly number[]).includes(days))
          throw new ApiHttpError(400, DAYS_MSG, 'days');
        const end = now().getTime();
        const start = end - days * DAY_MS;
        const of = await usage(s.tid, start, end, CLOUD_APPS);
        const apps = CLOUD_APPS.map(of).sort(
          (a, b) => b.requests - a.requests || b.users - a.users || a.name.localeCompare(b.name),
        );
        return { start: Math.floor(start / 1000), end: Math.floor(end / 1000), apps };
      },
    );

    app.get(
      toPath(CASB_EGRESS_PATHS.appRepInsights),
      {
        config: { world: 'tenant', permission: 'casb_policy:*:read' },
        schema: {
          tags: ['policy'],
          summary: "A cloud app's reputation and what the tenant's users did in it over the last 30 days",
          params: Type.Object({ app: AppId }),
          querystring: PolicyReadQuery,
          response: { 200: AppRepInsightsReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const found = cloudAppById(request.params.app);
        if (!found) throw new ApiHttpError(404, unknownAppMsg(request.params.app), 'id');
        const end = now().getTime();
        const start = end - DEFAULT_DAYS * DAY_MS;
        const scan = {
          logType: 'scan_web' as const,
          tid: s.tid,
          start,
          end,
          filters: [{ field: 'application', values: [found.name] }],
        };
        const [of, activity, users] = await Promise.all([
          usage(s.tid, start, end, [found]),
          store.aggregate({
            ...scan,
            groupBy: { field: 'resource_category' },
            measure: { kind: 'count' },
            limit: 20,
          }),
          store.aggregate({
            ...scan,
            groupBy: { field: 'userid' },
            measure: { kind: 'count' },
            limit: TOP_USERS,
          }),
        ]);
        return {
          app: of(found),
          reputation: reputationOf(found),
          activity: activity.map((r) => ({ activity: String(r.key), requests: r.value })),
          top_users: users.map((r) => ({ user: String(r.key), requests: r.value })),
        };
      },
    );
  };
}

/**
 * One GET per row of common's policy reference-data registry (docs/policy.md §4 Policy;
 * docs/policy.md §4 Policy reads and saves), each answering its row's reply schema under its
 * row's read permission, and the two migration commands (policyMigrationRoutes).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PolicyReadQuery, RevParams } from '@workbench/common/api/contract/policy';
import {
  POLICY_REFERENCE_NAMES,
  POLICY_REFERENCE_REGISTRY,
  type PolicyReferenceDef,
} from '@workbench/common/api/contract/policyReference';
import { errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { REFERENCE_SOURCES } from './reference/referenceSources';
import { policyMigrationRoutes } from './migrationRoutes';
import { named } from '../http/namedPlugin';

/** The Fastify form of a registry path: `{rev}` → `:rev`. */
export const referenceRoutePath = (path: string): string => path.replace('{rev}', ':rev');

export const referenceRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;

  for (const name of POLICY_REFERENCE_NAMES) {
    const def: PolicyReferenceDef = POLICY_REFERENCE_REGISTRY[name];
    const byRevision = def.path.includes('{rev}');
    app.get(
      referenceRoutePath(def.path),
      {
        config: { world: 'tenant', permission: def.read },
        schema: {
          tags: ['policy reference'],
          summary: `${def.title} (${name})`,
          ...(byRevision ? { params: RevParams } : {}),
          // The portal adds a timestamp so no cache between serves an old answer (docs/policy.md §4).
          querystring: PolicyReadQuery,
          response: {
            200: def.reply,
            ...errorResponses(...(byRevision ? [400, 401, 403, 404] : [400, 401, 403])),
          },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const rev = byRevision ? (request.params as { rev: number }).rev : undefined;
        // The registry and the sources are keyed alike; the route of `name` calls the source of `name`.
        const source = REFERENCE_SOURCES[name] as (
          c: typeof ctx,
          session: typeof s,
          params: { rev?: number },
        ) => unknown;
        return source(ctx, s, { rev });
      },
    );
  }

  await app.register(named(policyMigrationRoutes));
};

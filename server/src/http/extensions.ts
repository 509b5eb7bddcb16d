/**
 * The extensions (common's EXTENSION_REGISTRY, docs/api.md): routes this server adds to the
 * spec's calls. Each registered route the registry names is tagged with its extension; one the
 * server was started without (WORKBENCH_EXTENSIONS) answers 404 exactly as an unknown path does,
 * before any session check (a spec-only backend has no such route), and is left out of
 * /openapi.json. The served ones carry `x-workbench-extension` there, and each world lists its
 * served extensions at EXTENSIONS_PATHS: what the apps read at session start.
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import {
  EXTENSION_IDS,
  EXTENSION_REGISTRY,
  EXTENSIONS_PATHS,
  ExtensionsReply,
  extensionsOf,
  type ExtensionId,
} from '@workbench/common/api/contract/extensions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The extension the route belongs to (set from the registry as the route registers). */
    extension?: ExtensionId;
  }
}

/** `METHOD /path/{param}` of every registry route → its extension. */
const ROUTE_EXTENSION = new Map<string, ExtensionId>(
  EXTENSION_IDS.flatMap((id) =>
    EXTENSION_REGISTRY[id].routes.map((r) => [`${r.method} ${r.path}`, id] as const),
  ),
);

/** A Fastify path (`/a/:rev/b`) as OpenAPI writes it (`/a/{rev}/b`). */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The extension a route of this method and Fastify path belongs to, if any (HEAD is its GET's). */
export function extensionOfRoute(method: string, url: string): ExtensionId | undefined {
  return ROUTE_EXTENSION.get(`${method === 'HEAD' ? 'GET' : method} ${openApiPath(url)}`);
}

/**
 * Installs the rule, before the guard (so a switched-off route is unknown rather than refused) and
 * before any route. `served`: the extensions this server was started with.
 */
export function installExtensions(app: FastifyInstance, served: ReadonlySet<ExtensionId>): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const ids = [...new Set(methods.map((m) => extensionOfRoute(String(m), route.url ?? '')))];
    if (ids.length > 1)
      throw new Error(`Route ${methods.join(',')} ${route.url}: its methods belong to different extensions.`);
    const id = ids[0];
    if (id === undefined) return;
    route.config = { ...route.config, extension: id };
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    if (served.has(id)) schema['x-workbench-extension'] = id;
    else schema.hide = true;
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const id = request.routeOptions.config?.extension;
    if (id === undefined || served.has(id)) return;
    reply.callNotFound();
    return reply;
  });
}

/** The two listings, one per world (any signed-in user of the world may ask). */
export const extensionRoutes =
  (served: ReadonlySet<ExtensionId>): FastifyPluginAsync =>
  async (app) => {
    for (const world of ['tenant', 'provider'] as const) {
      const listed = extensionsOf(world).filter((id) => served.has(id));
      app.get(
        EXTENSIONS_PATHS[world],
        {
          config: { world, permission: null },
          schema: {
            tags: ['extensions'],
            summary: `The ${world === 'tenant' ? 'tenant portal' : 'provider console'}'s extensions this server serves (docs/api.md): none when started with WORKBENCH_EXTENSIONS=none`,
            response: { 200: ExtensionsReply },
          },
        },
        async () => ({ extensions: listed }),
      );
    }
  };

/** WORKBENCH_EXTENSIONS unset: every extension. */
export const ALL_EXTENSIONS: readonly ExtensionId[] = EXTENSION_IDS;

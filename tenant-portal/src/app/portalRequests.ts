/**
 * The portal's registry of requests on common's entity feature (features/entities/entityRequests.ts):
 * the loads and writes of its pages besides an entity's paged list and the report queries, by the
 * API module's own name. Each area names its requests in a module of its own (for example
 * areas/alerts/alertsRequests.ts, shell/shellRequests.ts) and takes its typed hooks from
 * `portalRequests(table)`, which adds the table here. So a page's lazy chunk holds only its area's
 * requests and their API modules, not every page's (bench/README.md, "First load"). The feature's
 * watcher (app/portalFeatures.ts) looks a request up here when a page asks for it: the page
 * imported its hooks from the module that names it, so it is here by then. Only the watcher holds
 * the HTTP client.
 */
import { createEntityHooks, type EntityRequests } from '@workbench/common';

/** Every request an area has added so far, by name (the entity feature's table). */
export const PORTAL_REQUESTS: EntityRequests = {};

/**
 * Adds an area's requests to the registry and answers the hooks its pages use them with, typed by
 * the area's table (a name the area does not name fails to compile). A name is one request: two
 * areas that share one share the same entry (spread from the other's table), and a second,
 * different request under a name already taken throws and adds nothing.
 */
export function portalRequests<R extends EntityRequests>(table: R) {
  for (const [name, entry] of Object.entries(table)) {
    const known = Object.hasOwn(PORTAL_REQUESTS, name) ? PORTAL_REQUESTS[name] : undefined;
    if (known && known !== entry) throw new Error(`Two different requests are named ${name}.`);
  }
  Object.assign(PORTAL_REQUESTS, table);
  const { useEntityRead, useEntityCall } = createEntityHooks({}, table);
  return { useEntityRead, useEntityCall };
}

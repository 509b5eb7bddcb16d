/**
 * The portal's typed hooks over common's entity feature for its entity sources, by name (a
 * mistyped name fails to compile). A page's other loads and writes go through its area's requests
 * (`useEntityRead`, `useEntityCall` from the area's `…Requests.ts`, app/portalRequests.ts). Pages
 * load and write only through these, the report-query feature, or a saga of their own feature.
 */
import { createEntityHooks } from '@workbench/common';
import { PORTAL_ENTITY_SOURCES } from './portalEntitySources';

export const { useEntityList, useEntityPage } = createEntityHooks(PORTAL_ENTITY_SOURCES, {});

/**
 * The portal's typed hooks over common's entity feature: its entity sources and its requests, by
 * name (a mistyped name fails to compile). Pages load and write only through these, the
 * report-query feature, or a saga of their own feature.
 */
import { createEntityHooks } from '@workbench/common';
import { PORTAL_ENTITY_SOURCES } from './portalEntitySources';
import { PORTAL_REQUESTS } from './portalRequests';

export const { useEntityList, useEntityPage, useEntityRead, useEntityCall } = createEntityHooks(
  PORTAL_ENTITY_SOURCES,
  PORTAL_REQUESTS,
);

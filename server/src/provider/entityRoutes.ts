/**
 * Provider entities (api-client-layer §3, §7 Provider console): list, read, create, replace and
 * delete routes for every row of common's provider-entity registry, over the generic repository
 * of the config store (`provider_entities`). Reads need `<item>:*:read` (operators and support),
 * writes `<item>:*:write` (operators only).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TObject } from 'typebox';
import {
  ENTITY_DEFAULT_LIMIT,
  EntityListQuery,
  PROVIDER_ENTITIES,
  PROVIDER_ENTITY_REGISTRY,
  entityExistsMessage,
  entityListReply,
  entityNotFoundMessage,
  entityReadPermission,
  entityWritePermission,
  unknownSortMessage,
  type ProviderEntity,
  type ProviderEntityDef,
} from '@workbench/common/api/contract/providerEntities';
import type { EntityRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { noteAudit } from '../audit/auditTrail';

/** A row as the API answers it: its stored fields and its timestamps. */
export const entityReply = (r: EntityRecord): Record<string, unknown> => ({
  ...r.data,
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

/** The body of a replace: the create body without the id (the path names it). */
const replaceBody = (def: ProviderEntityDef) =>
  Type.Omit(def.body, [def.idField], { additionalProperties: false });

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export function entityRoutesFor(entity: ProviderEntity): FastifyPluginAsync {
  const def: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[entity];
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['provider entities'];
    const read = { world: 'provider' as const, permission: entityReadPermission(def) };
    // Writes go to the provider's audit trail; the entity's key is its sub-event type.
    const write = (action: string, what: string) => ({
      world: 'provider' as const,
      permission: entityWritePermission(def),
      audit: { action, area: entity, what },
    });
    const itemPath = `${def.path}/:id`;
    // Typed as any entity's page: the builder serves every row of the registry.
    const listReply: TObject = entityListReply(entity);
    const notFound = (): never => {
      throw new ApiHttpError(404, entityNotFoundMessage(def));
    };

    app.get(
      def.path,
      {
        config: read,
        schema: {
          tags,
          summary: `${def.title}: a page (limit, offset), sorted (sort, order) and searched (q)`,
          querystring: EntityListQuery,
          response: { 200: listReply, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const { limit = ENTITY_DEFAULT_LIMIT, offset = 0, order = 'asc', q } = request.query;
        const sort = request.query.sort ?? def.sortFields[0] ?? def.idField;
        if (!def.sortFields.includes(sort))
          throw new ApiHttpError(400, unknownSortMessage(def, sort), 'sort');
        const page = await ctx.store.listEntities(entity, {
          limit,
          offset,
          sort,
          order,
          q,
          searchFields: def.searchFields,
        });
        return { [entity]: page.records.map(entityReply), total: page.total };
      },
    );

    app.get(
      itemPath,
      {
        config: read,
        schema: {
          tags,
          summary: `One ${def.noun}`,
          params: IdParams,
          response: { 200: def.row, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => entityReply((await ctx.store.getEntity(entity, request.params.id)) ?? notFound()),
    );

    app.post(
      def.path,
      {
        config: write('create', `Created a ${def.noun}.`),
        schema: {
          tags,
          summary: `Creates a ${def.noun} (409 when its ${def.idField} is taken)`,
          body: def.body,
          response: { 201: def.row, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request, reply) => {
        const data = request.body as Record<string, unknown>;
        const id = String(data[def.idField]);
        const at = ctx.now().toISOString();
        const record: EntityRecord = { entity, id, data, createdAt: at, updatedAt: at };
        if (!(await ctx.store.insertEntity(record))) {
          throw new ApiHttpError(409, entityExistsMessage(def, id), def.idField);
        }
        noteAudit(request, {
          object: id,
          after: entityReply(record),
          details: `Created the ${def.noun} ${id}.`,
        });
        return reply.code(201).send(entityReply(record));
      },
    );

    app.put(
      itemPath,
      {
        config: write('update', `Modified a ${def.noun}.`),
        schema: {
          tags,
          summary: `Replaces a ${def.noun}'s fields (its ${def.idField} stays)`,
          params: IdParams,
          body: replaceBody(def),
          response: { 200: def.row, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const id = request.params.id;
        const before = (await ctx.store.getEntity(entity, id)) ?? notFound();
        const record: EntityRecord = {
          ...before,
          data: { ...(request.body as Record<string, unknown>), [def.idField]: id },
          updatedAt: ctx.now().toISOString(),
        };
        if (!(await ctx.store.updateEntity(record))) notFound();
        noteAudit(request, {
          object: id,
          before: entityReply(before),
          after: entityReply(record),
          details: `Modified the ${def.noun} ${id}.`,
        });
        return entityReply(record);
      },
    );

    app.delete(
      itemPath,
      {
        config: write('delete', `Deleted a ${def.noun}.`),
        schema: {
          tags,
          summary: `Deletes a ${def.noun}`,
          params: IdParams,
          response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const before = (await ctx.store.getEntity(entity, request.params.id)) ?? notFound();
        if (!(await ctx.store.deleteEntity(entity, request.params.id))) notFound();
        noteAudit(request, {
          object: request.params.id,
          before: entityReply(before),
          details: `Deleted the ${def.noun} ${request.params.id}.`,
        });
        return reply.code(204).send(null);
      },
    );
  };
}

/** Every entity of the registry. */
export const entityRoutes: FastifyPluginAsync = async (app) => {
  for (const entity of PROVIDER_ENTITIES) await app.register(entityRoutesFor(entity));
};

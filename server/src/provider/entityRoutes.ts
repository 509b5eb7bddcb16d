/**
 * Provider entities (docs/provider-console.md §4, §6 Provider console): list, read, create, replace and
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
import type { ConfigStore, EntityRecord } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { ENTITY_CHECKS } from './entityChecks';
import { named } from '../http/namedPlugin';

/** A row as the API answers it: its stored fields, the fields its row derives at `now`, its timestamps. */
export const entityReply = (
  r: EntityRecord,
  now: Date,
  def?: ProviderEntityDef,
): Record<string, unknown> => ({
  ...r.data,
  ...def?.derive?.(r.data, now),
  created_at: r.createdAt,
  updated_at: r.updatedAt,
});

/** Where a row's sub-resource list is kept: one record per row, under `<entity>/<name>`. */
export const subResourceEntity = (entity: string, name: string): string => `${entity}/${name}`;

/** The body of a replace: the create body without the id (the path names it). */
const replaceBody = (def: ProviderEntityDef) =>
  Type.Omit(def.body, [def.idField], { additionalProperties: false });

// 255: a category override's id is its URL.
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });

export function entityRoutesFor(entity: ProviderEntity): FastifyPluginAsync {
  const def: ProviderEntityDef = PROVIDER_ENTITY_REGISTRY[entity];
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['provider entities'];
    const read = { world: 'provider' as const, permission: entityReadPermission(def) };
    // Writes go to the provider's audit trail, in the change's transaction; the entity's key is
    // its sub-event type.
    const write = (action: string, what: string) => ({
      world: 'provider' as const,
      permission: entityWritePermission(def),
      audit: { action, area: entity, what, inTransaction: true as const },
    });
    const itemPath = `${def.path}/:id`;
    // Typed as any entity's page: the builder serves every row of the registry.
    const listReply: TObject = entityListReply(entity);
    const notFound = (): never => {
      throw new ApiHttpError(404, entityNotFoundMessage(def));
    };
    const reply = (r: EntityRecord) => entityReply(r, ctx.now(), def);
    const checks = ENTITY_CHECKS[entity];
    /**
     * Rows as read: each with the names of the ids it refers to (`names`) and the keys of its
     * sub-resource lists (a key's features and SKUs), so a list shows values, not ids or a button.
     */
    const readRows = async (records: readonly EntityRecord[]): Promise<Record<string, unknown>[]> => {
      const namesOf = checks?.names ? await checks.names(ctx.store) : null;
      return Promise.all(
        records.map(async (r) => {
          const row = reply(r);
          if (namesOf) row.names = namesOf(r.data);
          for (const sub of def.subResources ?? []) {
            const stored = await ctx.store.entities.get(subResourceEntity(entity, sub.name), r.id);
            const items = (stored?.data.items as Record<string, unknown>[] | undefined) ?? [];
            row[sub.name] = items.map((item) => String(item[sub.itemKey]));
          }
          return row;
        }),
      );
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
        const page = await ctx.store.entities.list(entity, {
          limit,
          offset,
          sort,
          order,
          q,
          searchFields: def.searchFields,
        });
        return { [entity]: await readRows(page.records), total: page.total };
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
      async (request) =>
        (await readRows([(await ctx.store.entities.get(entity, request.params.id)) ?? notFound()]))[0],
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
      async (request, res) => {
        // The row's defaults fill the fields left out (a category override's tenants, …).
        const data = { ...def.defaults, ...(request.body as Record<string, unknown>) };
        const id = String(data[def.idField]);
        const at = ctx.now().toISOString();
        const record: EntityRecord = { entity, id, data, createdAt: at, updatedAt: at };
        await auditedChange(request, async (tx) => {
          await checks?.write?.(tx, data);
          if (!(await tx.entities.insert(record)))
            throw new ApiHttpError(409, entityExistsMessage(def, id), def.idField);
          noteAudit(request, {
            object: id,
            after: reply(record),
            details: `Created the ${def.noun} ${id}.`,
          });
        });
        return res.code(201).send(reply(record));
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
        return auditedChange(request, async (tx) => {
          const before = (await tx.entities.get(entity, id)) ?? notFound();
          const record: EntityRecord = {
            ...before,
            data: { ...def.defaults, ...(request.body as Record<string, unknown>), [def.idField]: id },
            updatedAt: ctx.now().toISOString(),
          };
          await checks?.write?.(tx, record.data);
          if (!(await tx.entities.update(record))) notFound();
          noteAudit(request, {
            object: id,
            before: reply(before),
            after: reply(record),
            details: `Modified the ${def.noun} ${id}.`,
          });
          return reply(record);
        });
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
      async (request, res) => {
        const id = request.params.id;
        // The row, its sub-resource lists and the audit event go together.
        await auditedChange(request, async (tx) => {
          const before = (await tx.entities.get(entity, id)) ?? notFound();
          await checks?.remove?.(tx, id);
          if (!(await tx.entities.delete(entity, id))) notFound();
          for (const sub of def.subResources ?? [])
            await tx.entities.delete(subResourceEntity(entity, sub.name), id);
          noteAudit(request, {
            object: id,
            before: reply(before),
            details: `Deleted the ${def.noun} ${id}.`,
          });
        });
        return res.code(204).send(null);
      },
    );

    for (const sub of def.subResources ?? []) {
      const subPath = `${itemPath}/${sub.name}`;
      const subEntity = subResourceEntity(entity, sub.name);
      const listOf = (items: readonly Record<string, unknown>[]) => ({
        [sub.name]: items.map((item) => ({ ...item, ...sub.derive?.(item, ctx.now()) })),
        total: items.length,
      });
      const subReply = Type.Object({ [sub.name]: Type.Array(sub.itemRow), total: Type.Integer() });
      const subBody = Type.Object(
        { [sub.name]: Type.Array(sub.item, { maxItems: 200 }) },
        { additionalProperties: false },
      );
      const itemsOf = async (id: string, store: ConfigStore = ctx.store) => {
        if (!(await store.entities.get(entity, id))) notFound();
        const stored = await store.entities.get(subEntity, id);
        return (stored?.data.items as Record<string, unknown>[] | undefined) ?? [];
      };

      app.get(
        subPath,
        {
          config: read,
          schema: {
            tags,
            summary: `${sub.title} of a ${def.noun}`,
            params: IdParams,
            response: { 200: subReply, ...errorResponses(401, 403, 404) },
          },
        },
        async (request) => listOf(await itemsOf(request.params.id)),
      );

      app.put(
        subPath,
        {
          config: write('update', `Modified the ${sub.title.toLowerCase()} of a ${def.noun}.`),
          schema: {
            tags,
            summary: `Replaces the ${sub.title.toLowerCase()} of a ${def.noun} (${sub.itemKey} unique)`,
            params: IdParams,
            body: subBody,
            response: { 200: subReply, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const id = request.params.id;
          const items = (request.body as Record<string, Record<string, unknown>[]>)[sub.name];
          const keys = items.map((i) => String(i[sub.itemKey]));
          const twice = keys.find((k, i) => keys.indexOf(k) !== i);
          if (twice !== undefined)
            throw new ApiHttpError(400, `${sub.name} lists the ${sub.itemKey} '${twice}' twice.`, sub.name);
          const at = ctx.now().toISOString();
          const record: EntityRecord = {
            entity: subEntity,
            id,
            data: { items },
            createdAt: at,
            updatedAt: at,
          };
          return auditedChange(request, async (tx) => {
            const before = await itemsOf(id, tx);
            if (!(await tx.entities.update(record))) await tx.entities.insert(record);
            noteAudit(request, {
              object: id,
              before: { [sub.name]: before },
              after: { [sub.name]: items },
              details: `Modified the ${sub.title.toLowerCase()} of the ${def.noun} ${id}.`,
            });
            return listOf(items);
          });
        },
      );
    }
  };
}

/** Every entity of the registry. */
export const entityRoutes: FastifyPluginAsync = async (app) => {
  for (const entity of PROVIDER_ENTITIES) await app.register(named(entityRoutesFor(entity)));
};

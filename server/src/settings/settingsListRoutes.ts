/**
 * Tenant settings lists (docs/settings.md, docs/adding-a-row.md §4): for every row of common's
 * tenant settings registry, `GET <path>` (the document), `POST <path>` (the whole list replaced),
 * and where the row has them `POST <path>/validate` and `GET <path>/capabilities`. The guard checks
 * the session, the tenant, `settings:<item>:read|write` and the row's features; every save is an
 * audit event of the row's area with before and after. Write-only fields are kept here and never
 * answered (reads say `<field>_set`) nor audited.
 *
 * Stored as one config-store entity per tenant (`settings_<list>`); a save is one conditional
 * update on the stored updated_at, so two servers (or two tabs) cannot overwrite each other.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { Type, type TObject } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  SettingsValidateReply,
  TENANT_SETTINGS_LISTS,
  TENANT_SETTINGS_REGISTRY,
  settingsDocument,
  settingsDocumentBody,
  settingsMessages,
  settingsReadPermission,
  settingsWritePermission,
  valueAt,
  withValueAt,
  writeOnlySetField,
  type SettingsCheck,
  type SettingsDocument,
  type SettingsItem,
  type SettingsListDef,
  type TenantSettingsList,
} from '@workbench/common/api/contract/tenantSettings';
import type { ConfigStore } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { probeEndpoint } from './endpointProbe';
import { storeIfUnchanged } from './documentStore';
import { named } from '../http/namedPlugin';
import { tsClientProfileRoutes } from './tsClientProfileRoutes';
import { settingsEntity } from './settingsEntity';

import { checkSettingsUsedByDocuments, checkSettingsUsedByPolicy } from './settingsReferences';
import { decodedCertificate, withCertificateStatus } from './certificateFields';
export { settingsEntity };

/** An item as answered: write-only fields out, `<field>_set` in their place. */
export function itemReply(def: SettingsListDef, stored: SettingsItem): SettingsItem {
  let item = stored;
  for (const path of def.writeOnly) {
    item = withValueAt(item, writeOnlySetField(path), valueAt(stored, path) !== undefined);
    item = withValueAt(item, path, undefined);
  }
  return item;
}

/** An item without its write-only fields and the server's validated flag: what an edit compares. */
const comparable = (def: SettingsListDef, item: SettingsItem): string => {
  let rest = item;
  for (const path of def.writeOnly) rest = withValueAt(rest, path, undefined);
  if (def.validatedField) rest = withValueAt(rest, def.validatedField, undefined);
  return JSON.stringify(rest, Object.keys(flatKeys(rest)).sort());
};
/** Every key at any depth (a stable JSON.stringify key order). */
function flatKeys(value: unknown, into: Record<string, true> = {}): Record<string, true> {
  if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into[k] = true;
      flatKeys(v, into);
    }
  return into;
}

export function settingsListRoutesFor(list: TenantSettingsList): FastifyPluginAsync {
  const def: SettingsListDef = TENANT_SETTINGS_REGISTRY[list];
  const entity = settingsEntity(list);
  // Typed as any row's document: the builder serves every row of the registry.
  const Document: TObject = settingsDocument(def);
  const DocumentBody: TObject = settingsDocumentBody(def);
  return async (fastify) => {
    const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
    const ctx = app.workbench;
    const tags = ['tenant settings'];
    const read = {
      world: 'tenant' as const,
      permission: settingsReadPermission(def),
      features: def.features,
    };
    const write = (what: string) => ({
      world: 'tenant' as const,
      permission: settingsWritePermission(def),
      features: def.features,
      audit: { action: 'update', area: def.auditArea, what, inTransaction: true as const },
    });

    const load = async (tid: string, on: ConfigStore = ctx.store) => {
      const record = await on.entities.get(entity, tid);
      const doc: SettingsDocument = (record?.data as SettingsDocument | undefined) ?? {
        [def.listField]: [],
        updated_at: null,
        updated_by: null,
      };
      return { record, doc, items: doc[def.listField] as SettingsItem[] };
    };
    const reply = (doc: SettingsDocument) => ({
      ...doc,
      [def.listField]: (doc[def.listField] as SettingsItem[]).map((i) =>
        withCertificateStatus(def, itemReply(def, i), ctx.now()),
      ),
    });
    const itemsOf = async (other: TenantSettingsList, tid: string, on: ConfigStore = ctx.store) => {
      const record = await on.entities.get(settingsEntity(other), tid);
      const otherDef: SettingsListDef = TENANT_SETTINGS_REGISTRY[other];
      return ((record?.data[otherDef.listField] as SettingsItem[] | undefined) ?? []).map((i) => ({
        item: i,
        def: otherDef,
      }));
    };
    /**
     * Ids of other lists' items must name one that exists (a forensics profile's storage profile);
     * an item another list still names cannot go (409 naming who uses it).
     */
    const checkReferences = async (on: ConfigStore, tid: string, items: SettingsItem[]) => {
      for (const ref of def.references ?? []) {
        const other = ref.list as TenantSettingsList;
        const ids = new Set((await itemsOf(other, tid, on)).map(({ item, def: d }) => item[d.idField]));
        for (const [i, item] of items.entries()) {
          const value = valueAt(item, ref.field);
          if (value !== undefined && !ids.has(value))
            throw new ApiHttpError(
              400,
              settingsMessages.unknownReference(TENANT_SETTINGS_REGISTRY[other].noun),
              `${def.listField}.${i}.${ref.field}`,
            );
        }
      }
      const kept = new Set(items.map((i) => i[def.idField]));
      await checkSettingsUsedByPolicy(on, tid, list, kept);
      await checkSettingsUsedByDocuments(on, tid, list, kept);
      for (const other of TENANT_SETTINGS_LISTS)
        for (const ref of TENANT_SETTINGS_REGISTRY[other].references ?? []) {
          if (ref.list !== list) continue;
          for (const { item, def: d } of await itemsOf(other, tid, on)) {
            const used = valueAt(item, ref.field);
            if (used !== undefined && !kept.has(used))
              throw new ApiHttpError(
                409,
                `The ${d.noun} ${String(item[d.nameField])} uses this ${def.noun}: choose another one there first.`,
                def.listField,
              );
          }
        }
    };
    const changedMeanwhile = (doc: SettingsDocument): never => {
      throw new ApiHttpError(
        409,
        settingsMessages.changedMeanwhile(def, doc.updated_by, doc.updated_at),
        'updated_at',
      );
    };

    app.get(
      def.path,
      {
        config: read,
        schema: {
          tags,
          summary: `${def.title}: the ${def.listField} (write-only fields left out), updated_at and updated_by`,
          response: { 200: Document, ...errorResponses(401, 403) },
        },
      },
      async (request) => reply((await load(tenantSessionOf(request).tid)).doc),
    );

    app.route({
      method: def.saveMethod ?? 'POST',
      url: def.path,
      config: write(`Changed the ${def.title.toLowerCase()}.`),
      schema: {
        tags,
        summary: `Replaces the ${def.title.toLowerCase()} (${def.minItems}-${def.maxItems}); an item without ${def.idField} is new; a write-only field left out keeps the stored one; 409 when another save came in after updated_at`,
        body: DocumentBody,
        response: { 200: Document, ...errorResponses(400, 401, 403, 409) },
      },
      handler: async (request) => {
        const { tid, username } = tenantSessionOf(request);
        const body = request.body as Record<string, unknown>;
        // The list and its audit event commit together.
        return auditedChange(request, async (tx) => {
          const { record, doc: before, items: stored } = await load(tid, tx);
          if (body.updated_at !== undefined && body.updated_at !== before.updated_at)
            changedMeanwhile(before);
          const byId = new Map(stored.map((i) => [String(i[def.idField]), i]));
          const seenIds = new Set<string>();
          const seenNames = new Set<string>();
          const items = (body[def.listField] as SettingsItem[]).map((given, i) => {
            const at = (field: string) => `${def.listField}.${i}.${field}`;
            const problem = def.problem?.(given);
            if (problem) throw new ApiHttpError(400, `${def.listField}.${i}.${problem[1]}`, at(problem[0]));
            const id = given[def.idField] as string | undefined;
            const old = id === undefined ? undefined : byId.get(id);
            if (id !== undefined && !old)
              throw new ApiHttpError(400, settingsMessages.unknownId(def), at(def.idField));
            if (id !== undefined && seenIds.has(id))
              throw new ApiHttpError(400, settingsMessages.repeatedId(def), at(def.idField));
            const name = String(given[def.nameField]);
            if (seenNames.has(name.toLowerCase()))
              throw new ApiHttpError(400, settingsMessages.repeatedName(def, name), at(def.nameField));
            seenNames.add(name.toLowerCase());
            let item: SettingsItem = { ...given, [def.idField]: id ?? crypto.randomUUID() };
            seenIds.add(item[def.idField] as string);
            for (const path of def.writeOnly) {
              if (valueAt(item, path) !== undefined) continue;
              const kept = old && (def.keepsWriteOnly?.(old, item) ?? true) ? valueAt(old, path) : undefined;
              if (kept === undefined)
                throw new ApiHttpError(400, settingsMessages.writeOnlyRequired(at(path)), at(path));
              item = withValueAt(item, path, kept);
            }
            if (def.validatedField) {
              // Validation holds for what was validated: any change of the item (its secret too) clears it.
              const unchanged =
                old !== undefined &&
                comparable(def, old) === comparable(def, item) &&
                def.writeOnly.every((p) => valueAt(old, p) === valueAt(item, p));
              item = withValueAt(
                item,
                def.validatedField,
                unchanged && valueAt(old, def.validatedField) === true,
              );
            }
            return item;
          });
          if (def.certificate)
            for (const [i, item] of items.entries())
              items[i] = await decodedCertificate(
                def,
                def.certificate,
                item,
                byId,
                `${def.listField}.${i}`,
                ctx.now(),
              );
          await checkReferences(tx, tid, items);
          const saved: SettingsDocument = {
            [def.listField]: items,
            updated_at: ctx.now().toISOString(),
            updated_by: username,
          };
          if (!(await storeIfUnchanged(tx, entity, tid, record, saved, saved.updated_at as string)))
            changedMeanwhile((await load(tid, tx)).doc);
          noteAudit(request, {
            object: def.title,
            before: stored.map((i) => itemReply(def, i)),
            after: items.map((i) => itemReply(def, i)),
            details: `Saved ${items.length} ${def.noun}(s).`,
          });
          return reply(saved);
        });
      },
    });

    const validate = def.validate;
    if (validate)
      app.post(
        `${def.path}/validate`,
        {
          config: write(`Validated a ${def.noun}.`),
          schema: {
            tags,
            summary: `Checks a ${def.noun}'s fields and knocks at its endpoint; a stored ${def.noun} (its ${def.idField}, unchanged) is marked validated or not`,
            body: def.itemBody,
            response: { 200: SettingsValidateReply, ...errorResponses(400, 401, 403, 409) },
          },
        },
        async (request) => {
          const { tid } = tenantSessionOf(request);
          let item = request.body as SettingsItem;
          const problem = def.problem?.(item);
          if (problem) throw new ApiHttpError(400, problem[1], problem[0]);
          const { record, doc, items } = await load(tid);
          const id = item[def.idField] as string | undefined;
          const old = id === undefined ? undefined : items.find((i) => i[def.idField] === id);
          if (id !== undefined && !old)
            throw new ApiHttpError(400, settingsMessages.unknownId(def), def.idField);
          for (const path of def.writeOnly)
            if (valueAt(item, path) === undefined && old && (def.keepsWriteOnly?.(old, item) ?? true))
              item = withValueAt(item, path, valueAt(old, path));
          const checks: SettingsCheck[] = validate.checks(item);
          const endpoint = validate.endpoint(item);
          if (checks.every((c) => c.ok)) checks.push(await probeEndpoint(endpoint, ctx.storageEndpoint));
          else
            checks.push({
              field: endpoint.field,
              ok: false,
              message: 'The endpoint was not tried: correct the fields above first.',
            });
          const validated = checks.every((c) => c.ok);
          // The stored item takes the outcome only when it is the item checked (nothing edited
          // since), with the audit event in its transaction; a check of an unsaved item is recorded too.
          await auditedChange(request, async (tx) => {
            if (!old || !def.validatedField || comparable(def, old) !== comparable(def, item)) return;
            const updated = items.map((i) =>
              i === old ? withValueAt(i, def.validatedField!, validated) : i,
            );
            const saved: SettingsDocument = { ...doc, [def.listField]: updated };
            if (record && !(await tx.entities.update({ ...record, data: saved }, record.updatedAt)))
              changedMeanwhile((await load(tid, tx)).doc);
            noteAudit(request, {
              object: String(old[def.nameField]),
              before: { [def.validatedField]: valueAt(old, def.validatedField) === true },
              after: { [def.validatedField]: validated },
              details: `Validated the ${def.noun} ${String(old[def.nameField])}: ${validated ? 'passed' : 'failed'}.`,
            });
          });
          return { validated, checks };
        },
      );

    const exported = def.export;
    if (exported)
      app.get(
        exported.path,
        {
          config: read,
          schema: {
            tags,
            summary: `Downloads one ${def.noun} as a file (an attachment); 404 when no ${def.noun} has the ${def.idField}`,
            querystring: Type.Object({ [def.idField]: Type.String({ minLength: 1, maxLength: 64 }) }),
            produces: ['application/json'],
            response: { 200: { type: 'string' }, ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request, reply) => {
          const { tid, tenant } = tenantSessionOf(request);
          const id = (request.query as Record<string, string>)[def.idField];
          const item = (await load(tid)).items.find((i) => i[def.idField] === id);
          if (!item) throw new ApiHttpError(404, `No ${def.noun} has this ${def.idField}.`, def.idField);
          const referenced: Record<string, SettingsItem | null> = {};
          for (const ref of def.references ?? []) {
            const value = valueAt(item, ref.field);
            const found = (await itemsOf(ref.list as TenantSettingsList, tid)).find(
              ({ item: other, def: d }) => value !== undefined && other[d.idField] === value,
            );
            referenced[ref.field] = found ? itemReply(found.def, found.item) : null;
          }
          const file = exported.file(itemReply(def, item), {
            tenant: tenant.name,
            exportedAt: ctx.now().toISOString(),
            referenced,
          });
          return reply
            .type(file.type)
            .header('content-disposition', `attachment; filename="${file.name}"`)
            .send(file.body);
        },
      );

    const capabilities = def.capabilities;
    if (capabilities)
      app.get(
        `${def.path}/capabilities`,
        {
          config: read,
          schema: {
            tags,
            summary: `What the ${def.title.toLowerCase()} offer: the form's choices and limits`,
            response: { 200: capabilities.schema, ...errorResponses(401, 403) },
          },
        },
        async () => capabilities.value,
      );
  };
}

/** Every settings list of the registry. */
export const settingsListRoutes: FastifyPluginAsync = async (app) => {
  for (const list of TENANT_SETTINGS_LISTS) await app.register(named(settingsListRoutesFor(list)));
  // The one settings document beside the lists (docs/settings.md §11).
  await app.register(named(tsClientProfileRoutes));
};

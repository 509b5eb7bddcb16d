/**
 * GET and PUT of every policy document of common's policy-kind registry, built from its rows
 * (docs/policy.md §4 Policy; docs/policy.md §4 Policy reads and saves). A read answers the
 * document as the revision in the path sees it (the staged revision when the path names none;
 * a view row answers its part of another kind's document); a save (not for read-only rows, at
 * the row's writePath when it has one) is validated strictly against the row's schema and check,
 * goes into the staged revision (revisionStaging.stageChange) and is audited.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  PolicyReadQuery,
  REV_ID_MAX,
  RevParams,
  Revision,
  RevisionState,
} from '@workbench/common/api/contract/policy';
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  kindPathHasRev,
  policyDocPath,
  policyDocWritePath,
  policyKindFeatures,
  policyKindReadPermission,
  policyKindWritePermission,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import { POLICY_BY_OPTION_ROUTES } from '@workbench/common/api/contract/policyOptions';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { currentRevision, readPolicyDoc, stageChange } from './revisionStaging';
import { AUDIT_AREA, POLICY_AUDIT, recordPolicyAudit, type PolicyAuditEntry } from './policyAudit';
import { valueAt } from './policyDiff';
import { readParentDoc } from '../multi-tenant/parentPolicy';
import { checkPolicySettingsReferences } from '../settings/settingsReferences';

/**
 * Every policy save carries rev_id, state, updated_at and data (docs/policy.md §2); a client that
 * sends the whole revision back may include its staged_rev_id. Nothing else.
 */
export const policySaveBody = oncePerKind((def) =>
  Type.Object(
    {
      rev_id: Type.Integer({ minimum: 1, maximum: REV_ID_MAX }),
      staged_rev_id: Type.Optional(Type.Integer({ minimum: 1, maximum: REV_ID_MAX })),
      state: RevisionState,
      updated_at: Type.String(),
      data: def.data,
    },
    { additionalProperties: false },
  ),
);

/** A read answers the revision it was read at and the document's fields. */
const policyDocReply = oncePerKind((def) =>
  Type.Intersect([Type.Object({ rev_id: Type.Integer() }), def.data]),
);

/**
 * A kind's schema built once per process: every server registers the same schema object, which
 * its compiled validator and serializer are found by (app.ts), instead of a new copy per server.
 */
function oncePerKind<S>(build: (def: PolicyKindDef) => S): (def: PolicyKindDef) => S {
  const built = new WeakMap<PolicyKindDef, S>();
  return (def) => {
    let schema = built.get(def);
    if (schema === undefined) built.set(def, (schema = build(def)));
    return schema;
  };
}

/** The keys of an ordered list, in order (entries without the key field are skipped). */
const keysOf = (list: unknown, keyField: string): string[] =>
  Array.isArray(list)
    ? list.flatMap((e) =>
        e && typeof e === 'object' && keyField in e ? [String((e as Record<string, unknown>)[keyField])] : [],
      )
    : [];

/** True when the entries both versions keep are in another order (a reorder, audited as such). */
export function reordered(def: PolicyKindDef, before: unknown, after: unknown, path: string): boolean {
  const keyField = def.keyedLists?.[path] ?? 'id';
  const afterKeys = keysOf(valueAt(after, path), keyField);
  const beforeKeys = keysOf(valueAt(before, path), keyField);
  const kept = new Set(afterKeys);
  const was = beforeKeys.filter((k) => kept.has(k));
  const stillThere = new Set(beforeKeys);
  const now = afterKeys.filter((k) => stillThere.has(k));
  return was.some((k, i) => now[i] !== k);
}

/** The stored form of a save: what the client only reports (reorderingEvents) is not kept. */
const storedData = (data: unknown): unknown => {
  if (data && typeof data === 'object' && 'reorderingEvents' in data) {
    const { reorderingEvents: _reported, ...rest } = data as Record<string, unknown>;
    return rest;
  }
  return data;
};

export const policyKindRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];

  /**
   * The GET (at `readPath`) and PUT (at `writePath`, for a writable kind) of one kind's document;
   * `alias` names the "policy by option" path a route serves the kind at besides its own.
   */
  const serveKind = (kind: PolicyKind, readPath: string, writePath: string, alias?: string) => {
    const def: PolicyKindDef = POLICY_KIND_REGISTRY[kind];
    const byRev = kindPathHasRev(def.path);
    const by = alias ? `Policy by option (${alias}): ` : '';
    const params = byRev ? { params: RevParams } : {};
    // Without the kind's feature flags the tenant neither reads nor saves it (docs/access.md §5).
    const required = policyKindFeatures(kind);
    const features = required.length > 0 ? { features: required } : {};
    /** The revision a request reads or writes: the path's, else the staged one. */
    const revOf = async (tid: string, pathParams: unknown): Promise<number> =>
      byRev ? (pathParams as { rev: number }).rev : (await currentRevision(ctx.store, tid)).stagedRevId;

    app.get(
      readPath,
      {
        config: { world: 'tenant', permission: policyKindReadPermission(kind), ...features },
        schema: {
          tags,
          summary: `${by}${def.title} (${kind}) as ${byRev ? 'revision {rev}' : 'the staged revision'} sees it${
            def.view ? `: a read-only view of ${def.view.of}` : '; its defaults when never saved'
          }`,
          ...params,
          querystring: PolicyReadQuery,
          response: { 200: policyDocReply(def), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const rev = await revOf(s.tid, request.params);
        const data = def.view
          ? def.view.select((await readPolicyDoc(ctx.store, s.tid, def.view.of as PolicyKind, rev)) as never)
          : def.parentOf
            ? await readParentDoc(ctx.store, s.tid, def)
            : await readPolicyDoc(ctx.store, s.tid, kind, rev);
        return { rev_id: rev, ...(data as object) };
      },
    );

    if (def.readOnly || def.view) return;

    app.put(
      writePath,
      {
        config: {
          world: 'tenant',
          permission: policyKindWritePermission(kind),
          audit: POLICY_AUDIT,
          ...features,
        },
        schema: {
          tags,
          summary: `${by}Saves ${def.title} (${kind}) into the staged revision (state becomes staged); 409 when stale`,
          ...params,
          body: policySaveBody(def),
          response: { 200: Revision, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const s = tenantSessionOf(request);
        const body = request.body as { rev_id: number; updated_at: string; data: unknown };
        const broken = def.check?.(body.data as never, { tid: s.tid });
        if (broken) throw new ApiHttpError(400, broken.message, broken.field);
        await checkPolicySettingsReferences(ctx.store, s.tid, def, body.data);
        const data = storedData(body.data);
        const audit: PolicyAuditEntry[] = [];
        const revision = await stageChange(
          ctx.store,
          ctx.now(),
          s.tid,
          s.username,
          {
            rev: byRev ? (request.params as { rev: number }).rev : undefined,
            updatedAt: body.updated_at,
            revId: body.rev_id,
          },
          async (tx, stagedRevId) => {
            const before = await readPolicyDoc(tx, s.tid, kind, stagedRevId);
            await tx.policyDocs.put({ tid: s.tid, kind, revId: stagedRevId, data });
            const area = AUDIT_AREA[def.group];
            audit.push({
              action: 'update',
              area,
              details: `Saved ${def.title} (${kind}) in revision ${stagedRevId}.`,
              object: `${kind} in revision ${stagedRevId}`,
              before,
              after: data,
            });
            for (const path of def.orderedLists ?? [])
              if (reordered(def, before, data, path))
                audit.push({
                  action: 'reorder',
                  area,
                  details: `Changed the order of ${def.title} (${kind}${path === 'list' ? '' : ` ${path}`}) in revision ${stagedRevId}.`,
                  object: `${kind} in revision ${stagedRevId}`,
                });
            await recordPolicyAudit(tx, ctx, request, s, audit);
          },
        );
        return revision;
      },
    );
  };

  for (const kind of POLICY_KINDS)
    serveKind(kind, policyDocPath(kind, ':rev'), policyDocWritePath(kind, ':rev'));
  // Policy by option (docs/policy.md §5): the same documents at the option's path, at revision {id}.
  for (const route of POLICY_BY_OPTION_ROUTES) {
    const path = route.path.replace('{rev}', ':rev');
    serveKind(route.kind, path, path, route.option);
  }
};

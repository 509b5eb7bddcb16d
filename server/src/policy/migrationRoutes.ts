/**
 * The migration commands (docs/policy.md §7 PUT /category_migration; docs/policy.md §4 PUT
 * /api/policy/v4/content_migration). Each rewrites the staged revision's documents into the
 * newer reference set in one staging transaction (revisionStaging.stageChange: 409 when the
 * caller's revision is stale, and nothing changes), switches the revision's version, and is
 * audited. Reviewed and published like any other change.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Compile } from 'typebox/schema';
import { Revision } from '@workbench/common/api/contract/policy';
import {
  POLICY_KIND_REGISTRY,
  policyKindFeatures,
  type PolicyData,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import {
  CATEGORIES_ALREADY_MIGRATED_MSG,
  CONTENT_ALREADY_MIGRATED_MSG,
  MigrationBody,
  POLICY_MIGRATION_PATHS,
} from '@workbench/common/api/contract/policyReference';
import type { ConfigStore, RevisionRecord } from '../store/ConfigStore';
import type { ServerContext, TenantSession } from '../context';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { currentRevision, readPolicyDoc, stageChange, staleRevisionMessage } from './revisionStaging';
import { AUDIT_AREA, POLICY_AUDIT, recordPolicyAudit, type PolicyAuditEntry } from './policyAudit';
import {
  CATEGORY_VERSION_DOC,
  CONTENT_VERSION_DOC,
  CONTENT_KINDS,
  migrateBypassCategories,
  migrateCategoryActions,
  migrateContentRules,
  migrateRuleCategories,
  readVersion,
} from './policyMigrations';
import { v2IdsOf } from './reference/webCategoriesV2';
import { V4_CONTENT_TYPE_OF_EXTENSION } from './reference/contentTypes';

/** The category migration rewrites the category actions, the exception rules and SSL bypass: all three writes. */
export const CATEGORY_MIGRATION_PERMISSION = {
  all: ['web_policy:categories:write', 'web_policy:exceptions:write', 'web_policy:domain:write'],
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Write = (tx: ConfigStore, staged: number, current: RevisionRecord) => Promise<PolicyAuditEntry[]>;

/**
 * Runs a migration's write in the staging transaction. The body's updated_at (and rev_id) must be
 * the current revision's; its staged_rev_id, when sent, too.
 */
async function migrate(
  ctx: ServerContext,
  request: FastifyRequest,
  s: TenantSession,
  body: MigrationBody,
  write: Write,
): Promise<Revision> {
  const rev = body.staged_rev_id ?? (await currentRevision(ctx.store, s.tid)).stagedRevId;
  const revision = await stageChange(
    ctx.store,
    ctx.now(),
    s.tid,
    s.username,
    { rev, updatedAt: body.updated_at },
    async (tx, staged, current) => {
      if (body.rev_id !== current.revId)
        throw new ApiHttpError(409, staleRevisionMessage(current), 'rev_id', {
          changed_by: current.updatedBy,
          changed_at: current.updatedAt,
        });
      await recordPolicyAudit(tx, ctx, request, s, await write(tx, staged, current));
    },
  );
  return revision;
}

const droppedNote = (dropped: readonly (string | number)[]) =>
  dropped.length ? ` Removed what has no successor: ${[...new Set(dropped)].join(', ')}.` : '';

export const policyMigrationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['policy'];
  const conflicts = errorResponses(400, 401, 403, 404, 409);

  app.put(
    POLICY_MIGRATION_PATHS.category,
    {
      config: { world: 'tenant', permission: CATEGORY_MIGRATION_PERMISSION, audit: POLICY_AUDIT },
      schema: {
        tags,
        summary:
          'Rewrites the staged revision from the v1 to the v2 categories (cats_v2 mapping); 409 when stale or already v2',
        body: MigrationBody,
        response: { 200: Revision, ...conflicts },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return migrate(ctx, request, s, request.body, async (tx, staged) => {
        if ((await readVersion(tx, s.tid, CATEGORY_VERSION_DOC, staged)) === 2)
          throw new ApiHttpError(409, CATEGORIES_ALREADY_MIGRATED_MSG);
        const dropped: number[] = [];
        const cats = (await readPolicyDoc(tx, s.tid, 'cats', staged)) as PolicyData<'cats'>;
        const migratedCats = migrateCategoryActions(cats.list, v2IdsOf);
        dropped.push(...migratedCats.dropped);
        await tx.policyDocs.put({
          tid: s.tid,
          kind: 'cats',
          revId: staged,
          data: { list: migratedCats.list },
        });

        const exceptions = (await readPolicyDoc(
          tx,
          s.tid,
          'web/exceptions',
          staged,
        )) as PolicyData<'web/exceptions'>;
        const rules = migrateRuleCategories(exceptions.list, v2IdsOf);
        dropped.push(...rules.dropped);
        if (!same(rules.rules, exceptions.list))
          await tx.policyDocs.put({
            tid: s.tid,
            kind: 'web/exceptions',
            revId: staged,
            data: { ...exceptions, list: rules.rules },
          });

        const bypass = (await readPolicyDoc(
          tx,
          s.tid,
          'v3/sslbump_bypass',
          staged,
        )) as PolicyData<'v3/sslbump_bypass'>;
        const entries = migrateBypassCategories(bypass.list, v2IdsOf);
        dropped.push(...entries.dropped);
        if (!same(entries.list, bypass.list))
          await tx.policyDocs.put({
            tid: s.tid,
            kind: 'v3/sslbump_bypass',
            revId: staged,
            data: { ...bypass, list: entries.list },
          });

        await tx.policyDocs.put({
          tid: s.tid,
          kind: CATEGORY_VERSION_DOC,
          revId: staged,
          data: { version: 2 },
        });
        const disabled = rules.disabled.length
          ? ` Disabled rules left without categories: ${rules.disabled.join(', ')}.`
          : '';
        return [
          {
            action: 'update',
            area: AUDIT_AREA.web_policy,
            details: `Migrated the categories to version 2 in revision ${staged} (${migratedCats.list.length} category actions).${droppedNote(dropped)}${disabled}`,
          },
        ];
      });
    },
  );

  const contentGroup = POLICY_KIND_REGISTRY[CONTENT_KINDS.v4].group;
  app.put(
    POLICY_MIGRATION_PATHS.content,
    {
      config: {
        world: 'tenant',
        permission: `${contentGroup}:*:write`,
        audit: POLICY_AUDIT,
        features: policyKindFeatures(CONTENT_KINDS.v4),
      },
      schema: {
        tags,
        summary:
          'Converts the staged v3 file-type rules (by extension) into v4 content-type rules and switches the revision to the v4 content types; 409 when stale, already v4, the v4 policy already has rules, or an extension has no v4 content type',
        body: MigrationBody,
        response: { 200: Revision, ...conflicts },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return migrate(ctx, request, s, request.body, async (tx, staged) => {
        if ((await readVersion(tx, s.tid, CONTENT_VERSION_DOC, staged)) === 4)
          throw new ApiHttpError(409, CONTENT_ALREADY_MIGRATED_MSG);
        const refuse = (message: string, field?: string) =>
          new ApiHttpError(409, `Cannot move the content policy to v4: ${message}`, field);
        // The v4 document is replaced: rules staged there by hand would be lost, so they must go first.
        const before = (await readPolicyDoc(tx, s.tid, CONTENT_KINDS.v4, staged)) as PolicyData<'v4/content'>;
        if (before.list.length > 0)
          throw refuse(
            `the v4 content policy already has rules (${before.list.map((r) => r.id).join(', ')}); remove them first.`,
          );
        const v3 = (await readPolicyDoc(tx, s.tid, CONTENT_KINDS.v3, staged)) as PolicyData<'content'>;
        const migrated = migrateContentRules(v3.list, (ext) => V4_CONTENT_TYPE_OF_EXTENSION.get(ext));
        if (migrated.unknown.length > 0) {
          const byRule = new Map<string, string[]>();
          for (const u of migrated.unknown) byRule.set(u.rule, [...(byRule.get(u.rule) ?? []), u.extension]);
          const named = [...byRule].map(([rule, extensions]) => `rule ${rule}: ${extensions.join(', ')}`);
          throw refuse(
            `no v4 content type holds these extensions (${named.join('; ')}); remove them from the v3 rules first.`,
            migrated.unknown[0].field,
          );
        }
        const data: PolicyData<'v4/content'> = { list: migrated.list };
        // By construction the result fits; checked anyway so a schema change cannot store a document PUT would refuse.
        const v4: PolicyKindDef = POLICY_KIND_REGISTRY[CONTENT_KINDS.v4];
        const [fits, errors] = Compile(v4.data as Parameters<typeof Compile>[0]).Errors(data);
        const issue = fits
          ? v4.check?.(data as never, { tid: s.tid })
          : {
              field: `data${errors[0]?.instancePath.replaceAll('/', '.') ?? ''}`,
              message: errors[0]?.message ?? '',
            };
        if (issue) throw refuse(`${issue.field}: ${issue.message}`, issue.field);

        await tx.policyDocs.put({ tid: s.tid, kind: CONTENT_KINDS.v4, revId: staged, data });
        await tx.policyDocs.put({
          tid: s.tid,
          kind: CONTENT_VERSION_DOC,
          revId: staged,
          data: { version: 4 },
        });
        const converted = data.list.length ? ` Converted ${data.list.length} file-type rules.` : '';
        const cdr = migrated.cdr.length
          ? ` v4 has no CDR; it was on for: ${migrated.cdr.map((c) => (c.from === c.to ? c.rule : `${c.rule} (${c.from} became ${c.to})`)).join(', ')}.`
          : '';
        return [
          {
            action: 'update',
            area: AUDIT_AREA[contentGroup],
            details: `Migrated the content types to version 4 in revision ${staged}.${converted}${cdr}`,
          },
        ];
      });
    },
  );
};

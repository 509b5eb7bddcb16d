/**
 * The category and content migrations (docs/policy.md §7 PUT /category_migration; docs/policy.md §7 PUT /api/policy/v4/content_migration) as pure rewrites of policy documents, and the version
 * each revision's documents are written in (GET /category_version, GET /content_version).
 *
 * The version is kept as a document of the revision (kinds `category_version` and
 * `content_version`, outside the policy-kind registry so no PUT can set it without migrating):
 * a migration writes it into the staged revision with the rewritten documents, so discarding the
 * staged revision takes both back, and publishing publishes both. A rollback copies the registry's
 * kinds only: it must also call restoreVersions, or a rollback across a migration leaves v1
 * documents under version 2.
 */
import type { PolicyData, PolicyKind } from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore } from '../store/ConfigStore';

export const CATEGORY_VERSION_DOC = 'category_version';
export const CONTENT_VERSION_DOC = 'content_version';
/** What a tenant uses before any migration. */
export const INITIAL_CATEGORY_VERSION = 1;
export const INITIAL_CONTENT_VERSION = 3;

/** The version revision `rev` uses (carried forward from the revision that last migrated). */
export async function readVersion(
  store: ConfigStore,
  tid: string,
  doc: typeof CATEGORY_VERSION_DOC | typeof CONTENT_VERSION_DOC,
  rev: number,
): Promise<number> {
  const saved = await store.policyDocs.get(tid, doc, rev, true);
  const version = (saved?.data as { version?: unknown } | undefined)?.version;
  if (typeof version === 'number') return version;
  return doc === CATEGORY_VERSION_DOC ? INITIAL_CATEGORY_VERSION : INITIAL_CONTENT_VERSION;
}

export const MIGRATION_VERSION_DOCS = [CATEGORY_VERSION_DOC, CONTENT_VERSION_DOC] as const;

/**
 * For a rollback to revision `target` staged in `staged`: writes the versions `target` used
 * where they differ from those of `published` (what `staged` otherwise carries forward), like
 * the rollback does for the documents.
 */
export async function restoreVersions(
  tx: ConfigStore,
  tid: string,
  revs: { target: number; published: number; staged: number },
): Promise<void> {
  for (const doc of MIGRATION_VERSION_DOCS) {
    const wanted = await readVersion(tx, tid, doc, revs.target);
    if (wanted !== (await readVersion(tx, tid, doc, revs.published)))
      await tx.policyDocs.put({ tid, kind: doc, revId: revs.staged, data: { version: wanted } });
  }
}

/**
 * From least to most restrictive: when v2 merges v1 categories that had different actions, the
 * merged category keeps the most restrictive one (a block never turns into an allow by migrating).
 */
export const ACTION_RESTRICTIVENESS = ['bypass', 'allow', 'safeview', 'safeview_readonly', 'block'] as const;
const rank = (action: string) =>
  ACTION_RESTRICTIVENESS.indexOf(action as (typeof ACTION_RESTRICTIVENESS)[number]);

export interface CategoryAction {
  category_id: number;
  action: string;
}

/**
 * The cats document's list in v2 ids: each v1 entry becomes one entry per v2 category it went
 * to, in the list's order; merged categories keep the most restrictive action. Ids that are not
 * v1 categories have nowhere to go and are dropped (listed in `dropped`).
 */
export function migrateCategoryActions<T extends CategoryAction>(
  list: readonly T[],
  v2IdsOf: (v1Id: number) => readonly number[],
): { list: T[]; dropped: number[] } {
  const out = new Map<number, T>();
  const dropped: number[] = [];
  for (const entry of list) {
    const targets = v2IdsOf(entry.category_id);
    if (targets.length === 0) dropped.push(entry.category_id);
    for (const id of targets) {
      const had = out.get(id);
      if (!had || rank(entry.action) > rank(had.action)) out.set(id, { ...entry, category_id: id });
    }
  }
  return { list: [...out.values()], dropped };
}

/** A rule condition's category ids in v2 (each v1 id to its v2 ids, no repeats). */
export function migrateCategoryIds(
  ids: readonly number[],
  v2IdsOf: (v1Id: number) => readonly number[],
): { ids: number[]; dropped: number[] } {
  const out = new Set<number>();
  const dropped: number[] = [];
  for (const id of ids) {
    const targets = v2IdsOf(id);
    if (targets.length === 0) dropped.push(id);
    for (const t of targets) out.add(t);
  }
  return { ids: [...out], dropped };
}

interface RuleWithCategories {
  id: string;
  enabled: boolean;
  conditions: { categories?: number[] };
}

/**
 * Exception rules' category conditions in v2. A rule whose categories all had nowhere to go is
 * disabled rather than left with an empty condition, which would match every site.
 */
export function migrateRuleCategories<R extends RuleWithCategories>(
  rules: readonly R[],
  v2IdsOf: (v1Id: number) => readonly number[],
): { rules: R[]; dropped: number[]; disabled: string[] } {
  const dropped: number[] = [];
  const disabled: string[] = [];
  const out = rules.map((rule) => {
    const before = rule.conditions.categories;
    if (!before || before.length === 0) return rule;
    const migrated = migrateCategoryIds(before, v2IdsOf);
    dropped.push(...migrated.dropped);
    const emptied = migrated.ids.length === 0;
    if (emptied && rule.enabled) disabled.push(rule.id);
    return {
      ...rule,
      enabled: emptied ? false : rule.enabled,
      conditions: { ...rule.conditions, categories: emptied ? before : migrated.ids },
    };
  });
  return { rules: out, dropped, disabled };
}

/** Rule ids are at most 64 characters (kindDef RuleId): the derived id shortens the original to fit. */
const RULE_ID_MAX = 64;
const derivedId = (id: string, categoryId: number): string => {
  const suffix = `-${categoryId}`;
  return `${id.slice(0, RULE_ID_MAX - suffix.length)}${suffix}`;
};

interface BypassEntry {
  id: string;
  category_id?: number;
}

/**
 * SSL-bypass entries by category in v2: one entry per v2 category (the first keeps the entry's
 * id, the others get `<id>-<v2 id>`); an entry whose category had nowhere to go is removed.
 */
export function migrateBypassCategories<E extends BypassEntry>(
  list: readonly E[],
  v2IdsOf: (v1Id: number) => readonly number[],
): { list: E[]; dropped: number[] } {
  const dropped: number[] = [];
  const out = list.flatMap((entry) => {
    if (entry.category_id === undefined) return [entry];
    const targets = v2IdsOf(entry.category_id);
    if (targets.length === 0) dropped.push(entry.category_id);
    return targets.map((id, i) => ({
      ...entry,
      id: i === 0 ? entry.id : derivedId(entry.id, id),
      category_id: id,
    }));
  });
  return { list: out, dropped };
}

/**
 * The v3 and v4 content policies (docs/policy.md §7 GET and PUT /api/policy/v3|v4/rules/content/{rev}):
 * v3 rules name file extensions, v4 rules the content types of GET /api/policy/v4/content_types.
 */
export const CONTENT_KINDS = { v3: 'content', v4: 'v4/content' } as const satisfies Record<
  string,
  PolicyKind
>;
/** The content kinds (found by spec path before they were registry rows; kept for its callers). */
export const contentKinds = () => CONTENT_KINDS;

type ContentRuleV3 = PolicyData<'content'>['list'][number];
type ContentRuleV4 = PolicyData<'v4/content'>['list'][number];

/** What a CDR allow rule becomes in v4, which has no CDR: the next stricter file action. */
export const CDR_ALLOW_REPLACEMENT = 'safeview' satisfies ContentRuleV4['action'];

/**
 * The v3 file-type rules as v4 content-type rules, in order, same id, name, enabled, conditions,
 * schedule, comment, direction and action. Each rule's extensions become refs to the v4 content
 * types holding them, in order of first mention, with those extensions as the ref's entries: the
 * rule covers exactly the files it covered (never a whole type's other formats).
 *
 * v4 has no CDR (content disarm). A CDR rule that allowed a file delivered it rebuilt without
 * active content; delivering the original would loosen it, so its action becomes safeview (the
 * file opens in isolation). Block and safeview rules keep their action; CDR changed nothing
 * there. Every CDR rule is listed in `cdr` for the audit.
 *
 * Extensions no v4 type holds (Flash's swf; anything a tenant typed) are listed in `unknown`,
 * with the v3 field: the caller refuses rather than drop them, which would silently narrow a
 * block rule (or leave it with no content type at all).
 */
export function migrateContentRules(
  list: readonly ContentRuleV3[],
  v4TypeOf: (extension: string) => string | undefined,
): {
  list: ContentRuleV4[];
  unknown: Array<{ rule: string; extension: string; field: string }>;
  cdr: Array<{ rule: string; from: string; to: string }>;
} {
  const unknown: Array<{ rule: string; extension: string; field: string }> = [];
  const cdr: Array<{ rule: string; from: string; to: string }> = [];
  const out = list.map((rule, i): ContentRuleV4 => {
    const refs = new Map<string, string[]>();
    for (const [j, extension] of rule.file_types.entries()) {
      const type = v4TypeOf(extension);
      if (type === undefined)
        unknown.push({ rule: rule.id, extension, field: `data.list.${i}.file_types.${j}` });
      else refs.set(type, [...(refs.get(type) ?? []), extension]);
    }
    const action = rule.cdr && rule.action === 'allow' ? CDR_ALLOW_REPLACEMENT : rule.action;
    if (rule.cdr) cdr.push({ rule: rule.id, from: rule.action, to: action });
    return {
      id: rule.id,
      name: rule.name,
      enabled: rule.enabled,
      conditions: rule.conditions,
      ...(rule.schedule ? { schedule: rule.schedule } : {}),
      direction: rule.direction,
      content_types: [...refs].map(([name, entries]) => ({ name, entries })),
      action,
      ...(rule.comment !== undefined ? { comment: rule.comment } : {}),
    };
  });
  return { list: out, unknown, cdr };
}

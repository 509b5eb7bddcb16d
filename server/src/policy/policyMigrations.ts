/**
 * The category and content migrations (portal-core §7 PUT /category_migration; api-client-layer
 * §7 PUT /api/policy/v4/content_migration) as pure rewrites of policy documents, and the version
 * each revision's documents are written in (GET /category_version, GET /content_version).
 *
 * The version is kept as a document of the revision (kinds `category_version` and
 * `content_version`, outside the policy-kind registry so no PUT can set it without migrating):
 * a migration writes it into the staged revision with the rewritten documents, so discarding the
 * staged revision takes both back, and publishing publishes both. A rollback copies the registry's
 * kinds only: it must also call restoreVersions, or a rollback across a migration leaves v1
 * documents under version 2.
 */
import {
  POLICY_KIND_REGISTRY,
  type PolicyKind,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
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
  const saved = await store.getPolicyDoc(tid, doc, rev, true);
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
      await tx.putPolicyDoc({ tid, kind: doc, revId: revs.staged, data: { version: wanted } });
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

/** The keys under which a content policy document names content types (lists, or one name). */
export const CONTENT_TYPE_KEYS = ['content_types', 'contentTypes', 'file_types'] as const;
export const CONTENT_TYPE_KEY = 'content_type';

/**
 * A v3 content document with every content-type name moved to its v4 names: lists under
 * CONTENT_TYPE_KEYS take all of a name's v4 types (no repeats); a single `content_type` takes
 * the first. Names that are not v3 types (already v4, or the tenant's own) stay as they are;
 * v3 types v4 dropped (Flash) are removed and listed in `dropped`.
 */
export function migrateContentTypeNames(
  value: unknown,
  v3ToV4: Readonly<Record<string, readonly string[]>>,
): { value: unknown; dropped: string[] } {
  const dropped = new Set<string>();
  const rename = (name: string): readonly string[] => {
    if (!Object.hasOwn(v3ToV4, name)) return [name];
    const to = v3ToV4[name];
    if (to.length === 0) dropped.add(name);
    return to;
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    return Object.fromEntries(
      Object.entries(v).map(([key, inner]) => {
        if ((CONTENT_TYPE_KEYS as readonly string[]).includes(key) && Array.isArray(inner))
          return [key, [...new Set(inner.flatMap((n) => (typeof n === 'string' ? rename(n) : [n])))]];
        if (key === CONTENT_TYPE_KEY && typeof inner === 'string') return [key, rename(inner)[0] ?? inner];
        return [key, walk(inner)];
      }),
    );
  };
  return { value: walk(value), dropped: [...dropped] };
}

/** The v3 and v4 content policy documents (api-client-layer §7: GET and PUT /api/policy/v3|v4/rules/content/{rev}). */
export const CONTENT_KIND_PATHS = {
  v3: '/api/policy/v3/rules/content/{rev}',
  v4: '/api/policy/v4/rules/content/{rev}',
} as const;

/**
 * The registry's v3 and v4 content kinds, found by their spec paths (whatever their keys), or
 * null while the registry has no such pair: the content migration then only switches the
 * revision to the v4 content types.
 */
export function contentKinds(
  registry: Readonly<Record<string, PolicyKindDef>> = POLICY_KIND_REGISTRY,
): { v3: PolicyKind; v4: PolicyKind } | null {
  const byPath = (path: string) =>
    Object.entries(registry).find(([, def]) => def.path === path)?.[0] as PolicyKind | undefined;
  const v3 = byPath(CONTENT_KIND_PATHS.v3);
  const v4 = byPath(CONTENT_KIND_PATHS.v4);
  return v3 && v4 ? { v3, v4 } : null;
}

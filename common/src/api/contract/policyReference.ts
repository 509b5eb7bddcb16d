/**
 * The policy reference-data registry (docs/policy.md §4 Policy; docs/policy.md §3 Policy revision
 * and Enumerations, §4 Policy reads and saves): the one table of the read-only lists the policy
 * editors read beside the revision's documents (category trees, risks, country codes, content
 * types, compliance lists, time zones, mail users and groups, …). Each row gives the call's name,
 * path, TypeBox reply schema, read permission and spec section.
 *
 * From it the server builds one GET per row (server/src/policy/referenceRoutes.ts, each row's
 * content from server/src/policy/reference/), and the client's one typed call
 * (`getPolicyReference`, api/policyReference.ts) and the policy-reference feature take their
 * paths and types from it. The two migration commands (category_migration, content_migration)
 * are here too, as paths and body.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { AccessRule } from '../../features/rbac/permissions';
import { POLICY_KIND_GROUPS } from './policyKindGroups';
import { RevisionState } from './policy';
import { CategoryId } from './policy-kinds/categoryId';

/** The permission a read needs: one permission, or any/all of several (docs/access.md §3). */
export type ReferencePermission = string | AccessRule;

export interface PolicyReferenceDef<S extends TSchema = TSchema> {
  /** The path; `{rev}` where the revision goes (rows read at the staged revision). */
  path: string;
  title: string;
  reply: S;
  read: ReferencePermission;
  /**
   * 'static': the same for every tenant and request (cached for the session once read).
   * 'tenant': the tenant's own (its users, its revision's category version): re-read after a change.
   */
  source: 'static' | 'tenant';
  spec: string;
}

const ref = <S extends TSchema>(def: PolicyReferenceDef<S>): PolicyReferenceDef<S> => def;

const webRead = 'web_policy:*:read';
/** Shared by several policy families (geo-IP conditions, schedules, content types, users). */
const anyPolicyRead: AccessRule = { any: POLICY_KIND_GROUPS.map((g) => `${g}:*:read`) };
/**
 * Category names label the log events and report rows as well as the web policy
 * (docs/logs.md §4: "GET /api/policy/v1/{name or name_v2} for log categories").
 */
const categoryNamesRead: AccessRule = {
  any: [...POLICY_KIND_GROUPS.map((g) => `${g}:*:read`), 'logs:*:read', 'dashboard:*:read'],
};

const closed = { additionalProperties: false } as const;
const Name = Type.String({ minLength: 1, maxLength: 128 });

/** A parent group of a category tree: the category picker's checkbox group. */
export const CategoryGroup = Type.Object({ key: Type.String({ pattern: '^[a-z_]+$' }), name: Name }, closed);
export type CategoryGroup = Static<typeof CategoryGroup>;

/** A category: its stable numeric id (what rules store), its name and its parent group's key. */
export const Category = Type.Object(
  {
    id: CategoryId,
    name: Name,
    group: Type.String({ pattern: '^[a-z_]+$' }),
    /** One of the extension categories 85–88 (only shown when the tenant enabled them). */
    extension: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type Category = Static<typeof Category>;

export const CategoryTree = Type.Object(
  { groups: Type.Array(CategoryGroup), categories: Type.Array(Category) },
  closed,
);
export type CategoryTree = Static<typeof CategoryTree>;

/** Where a v1 category went in cats_v2: one id, or several when v2 split it. */
export const CategoryMapping = Type.Object(
  { v1_id: CategoryId, v2_ids: Type.Array(CategoryId, { minItems: 1 }) },
  closed,
);
export type CategoryMapping = Static<typeof CategoryMapping>;

/*
 * Versions: category_version 1 is GET /cats, 2 is GET /cats_v2; content_version 3 is
 * GET /v3/content_types, 4 is /v4/content_types.
 */

/** A content type's sub-entry: one file format, by its extensions and MIME types. */
export const ContentSubType = Type.Object(
  {
    name: Name,
    extensions: Type.Array(Type.String({ pattern: '^[a-z0-9]+$' })),
    mime_types: Type.Array(Type.String({ minLength: 3 })),
  },
  closed,
);
/**
 * A content type (docs/policy.md §7: "contentTypes.files, each with a name and a list of
 * sub-entries"; docs/logs.md §1 Logs: "files with a name and a list"): the sub-entries are its `list`.
 */
export const ContentTypeFile = Type.Object(
  { name: Name, list: Type.Array(ContentSubType, { minItems: 1 }) },
  closed,
);
export type ContentTypeFile = Static<typeof ContentTypeFile>;
const ContentTypes = Type.Object(
  { contentTypes: Type.Object({ files: Type.Array(ContentTypeFile) }, closed) },
  closed,
);

const Email = Type.String({ minLength: 3, maxLength: 254 });

export const POLICY_REFERENCE_REGISTRY = {
  cats: ref({
    path: '/api/policy/v1/cats',
    title: 'Category tree (v1)',
    reply: CategoryTree,
    read: categoryNamesRead,
    source: 'static',
    spec: 'docs/policy.md §4 Policy (GET /cats); docs/logs.md §4 (log categories)',
  }),
  cats_v2: ref({
    path: '/api/policy/v1/cats_v2',
    title: 'Category tree (v2) and where each v1 category went',
    reply: Type.Object(
      {
        groups: Type.Array(CategoryGroup),
        categories: Type.Array(Category),
        mapping: Type.Array(CategoryMapping),
      },
      closed,
    ),
    read: categoryNamesRead,
    source: 'static',
    spec: 'docs/policy.md §4 Policy (GET /cats_v2); docs/logs.md §4 (name_v2 for log categories)',
  }),
  /**
   * The spec shows no reply: the category set (1: /cats, 2: /cats_v2) of the staged revision,
   * which PUT /category_migration switches, so the editors know which tree and ids to use.
   */
  category_version: ref({
    path: '/api/policy/v1/category_version',
    title: "The category set the staged revision's rules use",
    reply: Type.Object({ version: Type.Union([Type.Literal(1), Type.Literal(2)]) }, closed),
    read: categoryNamesRead,
    source: 'tenant',
    spec: 'docs/policy.md §4 Policy (GET /category_version); docs/policy.md §4 (category_version?timestamp)',
  }),
  'cats/extension/map': ref({
    path: '/api/policy/v1/cats/extension/map',
    title: 'Extension categories 85–88 and the categories their sites had before',
    reply: Type.Object(
      {
        map: Type.Array(
          Type.Object(
            { category_id: CategoryId, name: Name, previous_category_ids: Type.Array(CategoryId) },
            closed,
          ),
        ),
      },
      closed,
    ),
    read: webRead,
    source: 'static',
    spec: 'docs/policy.md §4 Policy (GET /cats/extension/map)',
  }),
  risks: ref({
    path: '/api/policy/v1/risks',
    title: 'Risk levels and the signals that raise a site to them',
    reply: Type.Object(
      {
        levels: Type.Array(
          Type.Object({ code: Type.String(), label: Name, description: Type.String() }, closed),
        ),
        factors: Type.Array(
          Type.Object({ name: Name, level: Type.String(), description: Type.String() }, closed),
        ),
      },
      closed,
    ),
    read: webRead,
    source: 'static',
    spec: 'docs/glossary.md §2 (Risk: G Low, Y Medium, R High), docs/policy.md §4 Policy (GET /risks)',
  }),
  'risks/Vulnerable Service': ref({
    path: '/api/policy/v1/risks/Vulnerable Service',
    title: 'The server software versions that make a site a Vulnerable Service',
    reply: Type.Object(
      {
        name: Type.Literal('Vulnerable Service'),
        level: Type.String(),
        services: Type.Array(
          Type.Object(
            {
              product: Name,
              affected_versions: Type.String(),
              cve: Type.String({ pattern: '^CVE-[0-9]{4}-[0-9]{4,7}$' }),
              cvss: Type.Number({ minimum: 0, maximum: 10 }),
            },
            closed,
          ),
        ),
      },
      closed,
    ),
    read: webRead,
    source: 'static',
    spec: 'docs/policy.md §4 Policy (GET /risks/Vulnerable Service)',
  }),
  country_codes: ref({
    path: '/api/policy/v1/country_codes',
    title: 'Country codes (geo-IP conditions)',
    reply: Type.Object(
      {
        country_codes: Type.Array(
          Type.Object({ code: Type.String({ pattern: '^[A-Z]{2}$' }), name: Name }, closed),
        ),
      },
      closed,
    ),
    read: anyPolicyRead,
    source: 'static',
    spec: 'docs/glossary.md §2 (Country codes: about 250 entries), docs/policy.md §4 Policy (GET /country_codes)',
  }),
  /** Like category_version, for the content types (3: v3, 4: v4; PUT /v4/content_migration switches). */
  content_version: ref({
    path: '/api/policy/v1/content_version',
    title: "The content-type set the staged revision's rules use",
    reply: Type.Object({ version: Type.Union([Type.Literal(3), Type.Literal(4)]) }, closed),
    read: anyPolicyRead,
    source: 'tenant',
    spec: 'docs/policy.md §4 Policy (GET /content_version); docs/policy.md §7 (PUT /v4/content_migration)',
  }),
  'v3/content_types': ref({
    path: '/api/policy/v3/content_types',
    title: 'Content types (v3)',
    reply: ContentTypes,
    read: anyPolicyRead,
    source: 'static',
    spec: 'docs/policy.md §7 Policy revision (content types), §7 (GET /api/policy/v3/content_types)',
  }),
  'v4/content_types': ref({
    path: '/api/policy/v4/content_types',
    title: 'Content types (v4)',
    reply: ContentTypes,
    read: anyPolicyRead,
    source: 'static',
    spec: 'docs/policy.md §7 Policy revision (content types), §7 (GET /api/policy/v4/content_types)',
  }),
  predefined_ccls: ref({
    path: '/api/policy/v1/predefined_ccls',
    title: 'Predefined compliance content lists (DLP)',
    reply: Type.Object(
      {
        ccls: Type.Array(
          Type.Object(
            {
              id: Type.String({ pattern: '^[a-z0-9_]+$' }),
              name: Name,
              category: Type.Union([
                Type.Literal('PCI'),
                Type.Literal('PII'),
                Type.Literal('PHI'),
                Type.Literal('Financial'),
                Type.Literal('Credentials'),
              ]),
              regions: Type.Array(Type.String({ minLength: 2 })),
              description: Type.String(),
              /** Matches in one file or message before the rule fires, unless the rule says otherwise. */
              default_threshold: Type.Integer({ minimum: 1 }),
            },
            closed,
          ),
        ),
      },
      closed,
    ),
    read: 'dlp_policy:*:read',
    source: 'static',
    spec: 'docs/policy.md §4 Policy (GET /predefined_ccls)',
  }),
  ra_threats: ref({
    path: '/api/policy/v1/ra_threats',
    title: 'Runtime-analysis threats (file sandbox verdicts)',
    reply: Type.Object(
      {
        threats: Type.Array(
          Type.Object(
            {
              id: Type.String({ pattern: '^[a-z0-9_]+$' }),
              name: Name,
              severity: Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high')]),
              description: Type.String(),
            },
            closed,
          ),
        ),
      },
      closed,
    ),
    read: 'content_inspection:*:read',
    source: 'static',
    spec: 'docs/policy.md §4 Policy (GET /ra_threats); docs/policy.md §3 (runtimeAnalysis)',
  }),
  /**
   * A new strong password for the archives DLP attaches for auditors (auditor_profiles/
   * file_password): the editor offers it so no one has to invent one. Fresh at every read, never
   * stored until the editor saves it into the policy.
   */
  'dlp/file_password': ref({
    path: '/api/policy/v1/dlp/file_password',
    title: 'A suggested attachment password (DLP)',
    reply: Type.Object({ password: Type.String({ minLength: 20, maxLength: 64 }) }, closed),
    read: 'dlp_policy:*:read',
    source: 'tenant',
    spec: 'docs/policy.md §3 Policy (GET /dlp/file_password)',
  }),
  /** The tenant's active end users of the user database (docs/sessions.md §9 User database) as mail users. */
  smtp_users: ref({
    path: '/api/policy/v1/smtp_users',
    title: "The tenant's mail users",
    reply: Type.Object(
      {
        users: Type.Array(
          Type.Object({ email: Email, name: Type.String(), groups: Type.Array(Type.String()) }, closed),
        ),
      },
      closed,
    ),
    read: 'email_policy:*:read',
    source: 'tenant',
    spec: 'docs/policy.md §4 Policy (GET /smtp_users)',
  }),
  smtp_groups: ref({
    path: '/api/policy/v1/smtp_groups',
    title: "The tenant's mail groups",
    reply: Type.Object(
      { groups: Type.Array(Type.Object({ name: Name, member_count: Type.Integer({ minimum: 0 }) }, closed)) },
      closed,
    ),
    read: 'email_policy:*:read',
    source: 'tenant',
    spec: 'docs/policy.md §4 Policy (GET /smtp_groups)',
  }),
  /**
   * The directory's groups and their active users, for the rules of revision {rev} (404 for a
   * revision the tenant does not have); the directory itself is not versioned.
   */
  'ad/group_users': ref({
    path: '/api/policy/v1/ad/group_users/{rev}',
    title: 'Directory groups and their users, for the rules of revision {rev}',
    reply: Type.Object(
      {
        rev_id: Type.Integer(),
        groups: Type.Array(Type.Object({ group: Name, users: Type.Array(Email) }, closed)),
      },
      closed,
    ),
    read: anyPolicyRead,
    source: 'tenant',
    spec: 'docs/policy.md §4 Policy (GET /ad/group_users/{rev})',
  }),
  time_zones: ref({
    path: '/api/policy/v1/rules/time_zones',
    title: 'Time zones of rule schedules',
    reply: Type.Object({ time_zones: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }) }, closed),
    read: anyPolicyRead,
    source: 'static',
    spec: 'docs/policy.md §5 Policy reads and saves (GET /api/policy/v1/rules/time_zones)',
  }),
} satisfies Record<string, PolicyReferenceDef>;

export type PolicyReferenceName = keyof typeof POLICY_REFERENCE_REGISTRY;
export const POLICY_REFERENCE_NAMES = Object.keys(POLICY_REFERENCE_REGISTRY) as PolicyReferenceName[];

/** A row's reply. */
export type PolicyReferenceReply<N extends PolicyReferenceName> = Static<
  (typeof POLICY_REFERENCE_REGISTRY)[N]['reply']
>;

/** The rows whose path takes a revision. */
export type RevisionReferenceName = {
  [N in PolicyReferenceName]: (typeof POLICY_REFERENCE_REGISTRY)[N]['path'] extends `${string}{rev}${string}`
    ? N
    : never;
}[PolicyReferenceName];

/** What a row's read takes besides its name: the revision for rows by revision, nothing else. */
export type PolicyReferenceParams<N extends PolicyReferenceName> = N extends RevisionReferenceName
  ? { rev: number }
  : Record<string, never>;

export const referenceTakesRevision = (name: PolicyReferenceName): name is RevisionReferenceName =>
  POLICY_REFERENCE_REGISTRY[name].path.includes('{rev}');

/** The path of a row's read, with the revision filled in (and the space of "Vulnerable Service" encoded). */
export function policyReferencePath(name: PolicyReferenceName, params: { rev?: number } = {}): string {
  const path: string = POLICY_REFERENCE_REGISTRY[name].path;
  if (path.includes('{rev}') && params.rev === undefined) throw new Error(`${name} needs a revision.`);
  return path
    .split('/')
    .map((segment) => (segment === '{rev}' ? String(params.rev) : encodeURIComponent(segment)))
    .join('/');
}

/**
 * The migration commands (docs/policy.md §7 PUT /category_migration; docs/policy.md §4 PUT
 * /api/policy/v4/content_migration). Like every policy save they carry rev_id, state and
 * updated_at (docs/policy.md §2; 409 when stale), and staged_rev_id when the client has it; the
 * reply is the revision after the change.
 */
export const POLICY_MIGRATION_PATHS = {
  category: '/api/policy/v1/category_migration',
  content: '/api/policy/v4/content_migration',
} as const;
export type PolicyMigration = keyof typeof POLICY_MIGRATION_PATHS;

export const MigrationBody = Type.Object(
  {
    rev_id: Type.Integer(),
    staged_rev_id: Type.Optional(Type.Integer()),
    state: RevisionState,
    updated_at: Type.String(),
  },
  closed,
);
export type MigrationBody = Static<typeof MigrationBody>;

/** 409 when the staged revision already uses the newer set. */
export const CATEGORIES_ALREADY_MIGRATED_MSG = 'The policy already uses the version 2 categories.';
export const CONTENT_ALREADY_MIGRATED_MSG = 'The policy already uses the version 4 content types.';

/**
 * Cloud-app (CASB) policy (docs/glossary.md §2 casb profile type; docs/policy.md §3 Policy revision:
 * exceptions.list, appRules, profiles.list; §6 GET and PUT /api/policy/v3/casb/{exceptions|
 * app_rules|profiles}/{rev} and /api/policy/v3/profiles/app_links/{rev}).
 *
 * The spec names the documents and their lists; what they hold is what an inline CASB keeps (as
 * Zscaler's cloud app control or Cloudflare Gateway's app rules): profiles that sort applications
 * into sanctioned, unsanctioned and unclassified (with the tenant's own instances allowed),
 * ordered rules over the activities in a profile's apps, exceptions that skip those rules, and
 * links that teach the gateway which domains belong to an application.
 *
 * The variant GET under /api/policy/v1/rules/dlp/casb/... (docs/policy.md §6) reads these same
 * app rules and profiles from the DLP editor: read-only views, rows of dlpKinds.ts.
 */
import { Type } from 'typebox';
import { CASB_PROFILE_TYPES } from '../../../vocabularies/logFilterVocabularies';
import {
  Comment,
  RULES_MAX,
  RuleId,
  RuleName,
  StringList,
  closed,
  codes,
  domainOrWildcard,
  firstDuplicate,
  firstInvalid,
  firstIssue,
  kind,
  oneOf,
  type KindCheckIssue,
} from './kindDef';
import { Reordering, scopedRule } from './ruleParts';
import { checkWebRules } from './webKinds';

/** A cloud application's id in the application catalogue (app_discovery, app_rep_insights). */
export const AppId = Type.String({ pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' });
/** What users do in a cloud application that an app rule can allow or block. */
export const CASB_ACTIVITIES = [
  'login',
  'view',
  'upload',
  'download',
  'share',
  'post',
  'edit',
  'delete',
] as const;
export const CASB_RULE_ACTIONS = ['allow', 'block', 'safeview', 'safeview_readonly'] as const;
export const CASB_EXCEPTION_ACTIONS = ['allow', 'bypass'] as const;

const Apps = Type.Array(AppId, { minItems: 1, maxItems: 1000, uniqueItems: true });

const CasbException = scopedRule({ apps: Apps, action: oneOf(CASB_EXCEPTION_ACTIONS) });

const AppRule = scopedRule({
  /** Id of a profile of the casb/profiles document. */
  profile_id: RuleId,
  activities: Type.Array(oneOf(CASB_ACTIVITIES), {
    minItems: 1,
    maxItems: CASB_ACTIVITIES.length,
    uniqueItems: true,
  }),
  action: oneOf(CASB_RULE_ACTIONS),
});

const Profile = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    type: codes(CASB_PROFILE_TYPES),
    apps: Apps,
    /** The tenant's own instances (login domains) that stay allowed under the profile's rules. */
    tenant_restrictions: StringList(),
    description: Type.Optional(Comment),
  },
  closed,
);

/**
 * An unsanctioned domain list (docs/policy.md §4 validate_ddl_domains; the reports'
 * is_casb_ddl): domains treated as unsanctioned cloud apps though no catalogue app names them,
 * typed by the admin or kept in step with a list the tenant publishes at `ddl_url`.
 */
const DomainList = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 1000 }),
    /** Where the tenant publishes the list (an https URL), when it is kept elsewhere. */
    ddl_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, pattern: '^https://[^\\s]+$' })),
    comment: Type.Optional(Comment),
  },
  closed,
);

const AppLink = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    app_id: AppId,
    domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { minItems: 1, maxItems: 1000 }),
    comment: Type.Optional(Comment),
  },
  closed,
);

const checkDomains = (
  list: ReadonlyArray<{ domains?: string[]; tenant_restrictions?: string[] }>,
  path: string,
): KindCheckIssue | null =>
  firstIssue(
    ...list.map((e, i) => () => firstInvalid(e.domains, `${path}.${i}.domains`, domainOrWildcard)),
    ...list.map(
      (e, i) => () =>
        firstInvalid(e.tenant_restrictions, `${path}.${i}.tenant_restrictions`, domainOrWildcard),
    ),
  );

export const CASB_KINDS = {
  /** Exceptions to the app rules (docs/policy.md §3 exceptions.list): first enabled match. */
  'casb/exceptions': kind({
    path: '/api/policy/v3/casb/exceptions/{rev}',
    group: 'casb_policy',
    title: 'Cloud app exceptions',
    data: Type.Object(
      {
        exceptions: Type.Object({ list: Type.Array(CasbException, { maxItems: RULES_MAX }) }, closed),
        reorderingEvents: Reordering,
      },
      closed,
    ),
    defaults: { exceptions: { list: [] } },
    scope: 'policy',
    keyedLists: { 'exceptions.list': 'id' },
    orderedLists: ['exceptions.list'],
    check: (data) => checkWebRules(data.exceptions.list, 'data.exceptions.list'),
    spec: 'docs/policy.md §3 Policy revision (exceptions.list), §6 (/api/policy/v3/casb/exceptions/{rev})',
  }),
  /** App rules (docs/policy.md §3 appRules): activities in a profile's apps, first match decides. */
  'casb/app_rules': kind({
    path: '/api/policy/v3/casb/app_rules/{rev}',
    group: 'casb_policy',
    title: 'Cloud app rules',
    data: Type.Object(
      { appRules: Type.Array(AppRule, { maxItems: RULES_MAX }), reorderingEvents: Reordering },
      closed,
    ),
    defaults: { appRules: [] },
    scope: 'policy',
    keyedLists: { appRules: 'id' },
    orderedLists: ['appRules'],
    check: (data) => checkWebRules(data.appRules, 'data.appRules'),
    spec: 'docs/policy.md §3 Policy revision (appRules), §6 (/api/policy/v3/casb/app_rules/{rev})',
  }),
  /** Cloud-app profiles (docs/policy.md §3 profiles.list; docs/glossary.md §2 casb profile type). */
  'casb/profiles': kind({
    path: '/api/policy/v3/casb/profiles/{rev}',
    group: 'casb_policy',
    title: 'Cloud app profiles',
    data: Type.Object(
      {
        profiles: Type.Object({ list: Type.Array(Profile, { maxItems: 500 }) }, closed),
        /** Unsanctioned domain lists (an addition: the spec names the validation, not where they live). */
        domain_lists: Type.Optional(Type.Array(DomainList, { maxItems: 100 })),
      },
      closed,
    ),
    defaults: { profiles: { list: [] }, domain_lists: [] },
    scope: 'policy',
    keyedLists: { 'profiles.list': 'id', domain_lists: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.profiles.list, 'data.profiles.list', 'id'),
        () => firstDuplicate(data.profiles.list, 'data.profiles.list', 'name'),
        () => checkDomains(data.profiles.list, 'data.profiles.list'),
        () => firstDuplicate(data.domain_lists ?? [], 'data.domain_lists', 'id'),
        () => firstDuplicate(data.domain_lists ?? [], 'data.domain_lists', 'name'),
        () => checkDomains(data.domain_lists ?? [], 'data.domain_lists'),
      ),
    spec: 'docs/policy.md §3 Policy revision (profiles.list), §6 (/api/policy/v3/casb/profiles/{rev}); docs/glossary.md §2 casb profile type',
  }),
  /**
   * App discovery (docs/policy.md §6 GET and PUT /api/policy/v3/casb/app_discovery, no revision
   * in the path: the staged revision's): whether the gateway reports the cloud apps it sees, and
   * the apps the admin reviewed and hid from the discovered list. What was discovered is read
   * from the web logs (GET …/app_discovery/apps), not stored here.
   */
  'casb/app_discovery': kind({
    path: '/api/policy/v3/casb/app_discovery',
    group: 'casb_policy',
    title: 'Cloud app discovery',
    data: Type.Object(
      {
        app_discovery: Type.Object(
          { enabled: Type.Boolean(), hidden_apps: Type.Array(AppId, { maxItems: 1000, uniqueItems: true }) },
          closed,
        ),
      },
      closed,
    ),
    defaults: { app_discovery: { enabled: true, hidden_apps: [] } },
    scope: 'policy',
    spec: 'docs/policy.md §6 Policy reads and saves (GET and PUT /api/policy/v3/casb/app_discovery)',
  }),
  /** Domains that belong to a cloud application (docs/policy.md §5 /api/policy/v3/profiles/app_links). */
  'profiles/app_links': kind({
    path: '/api/policy/v3/profiles/app_links/{rev}',
    group: 'casb_policy',
    title: 'Cloud app links',
    data: Type.Object({ list: Type.Array(AppLink, { maxItems: RULES_MAX }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => checkDomains(data.list, 'data.list'),
      ),
    spec: 'docs/policy.md §5 Policy reads and saves (/api/policy/v3/profiles/app_links/{rev})',
  }),
};

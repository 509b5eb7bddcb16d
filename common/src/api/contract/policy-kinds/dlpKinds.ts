/**
 * DLP policy (docs/glossary.md §2 dlp action vocabulary, docs/policy.md §3 Policy /rules/{kind}/{rev}: dlp (body
 * dlp.rules), dlp_groups, dlp_dicts (body overrides), dlp_auditors). The spec names the
 * documents and body fields only; what they hold is what a gateway's DLP keeps (as Zscaler's or
 * Cloudflare's DLP profiles do): dictionaries of patterns with a match threshold, rules that
 * apply them to uploads or downloads of whom and where, and the auditors told of matches.
 */
import { Type, type Static } from 'typebox';
import { DLP_ACTIONS, RESOURCE_CATEGORIES } from '../../../vocabularies/logFilterVocabularies';
import { email } from '../../../validators/network';
import { regex } from '../../../validators/text';
import {
  Comment,
  RULES_MAX,
  RuleId,
  RuleName,
  StringList,
  closed,
  codes,
  firstDuplicate,
  firstInvalid,
  firstIssue,
  invalidValue,
  kind,
  oneOf,
  type KindCheckIssue,
} from './kindDef';
import { DIRECTIONS, LOGIC } from './enumerations';
import { Reordering, firstInvalidAt, scopedRule } from './ruleParts';
import { STRING_MATCHES, checkWebRules } from './webKinds';
import { CASB_KINDS } from './casbKinds';
import { PRIVATE_ACCESS_KINDS } from './privateAccessKinds';

type AppRulesDoc = Static<(typeof CASB_KINDS)['casb/app_rules']['data']>;
type ProfilesDoc = Static<(typeof CASB_KINDS)['casb/profiles']['data']>;
type ApplicationList = Static<(typeof PRIVATE_ACCESS_KINDS)['mpa/application_list']['data']>;

/** Most matches a dictionary's threshold may ask for before a rule fires. */
export const DLP_THRESHOLD_MAX = 1000;

const DlpRule = scopedRule({
  direction: oneOf(DIRECTIONS),
  action: codes(DLP_ACTIONS),
  /** Ids of dictionaries of the dlp_dicts document; `logic` combines their matches. */
  dictionaries: Type.Array(RuleId, { minItems: 1, maxItems: 100, uniqueItems: true }),
  logic: oneOf(LOGIC),
  /** Ids of auditors of the dlp_auditors document told of a match. */
  auditors: Type.Array(RuleId, { maxItems: 100, uniqueItems: true }),
  /** Kinds of transfer inspected (pages' form posts, uploads, attachments…); empty: all. */
  resources: Type.Array(codes(RESOURCE_CATEGORIES), { maxItems: 20, uniqueItems: true }),
  /** The user sees the DLP notification page (customization/dlp). */
  notify_user: Type.Boolean(),
});

const DlpGroup = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    /** E-mail addresses of users. */
    users: StringList(254),
    /** Directory group names. */
    groups: StringList(),
    description: Type.Optional(Comment),
  },
  closed,
);

export const DICTIONARY_SOURCES = ['predefined', 'custom'] as const;

/**
 * A dictionary: a predefined one (credit cards, national ids… by its id) the tenant turns on or off
 * or retunes, or a custom one with its own patterns.
 */
const Dictionary = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    source: oneOf(DICTIONARY_SOURCES),
    enabled: Type.Boolean(),
    /** Matches in one transfer before it counts. */
    threshold: Type.Integer({ minimum: 1, maximum: DLP_THRESHOLD_MAX }),
    /** A custom dictionary's patterns (added to a predefined one's). */
    patterns: Type.Array(
      Type.Object(
        { match: oneOf(STRING_MATCHES), value: Type.String({ minLength: 1, maxLength: 1024 }) },
        closed,
      ),
      { maxItems: 1000 },
    ),
    /** Values never counted as matches (test card numbers…). */
    exceptions: StringList(1024),
  },
  closed,
);

const Auditor = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    email: Type.String({ minLength: 3, maxLength: 254 }),
    /** The DLP actions whose matches are mailed to the auditor. */
    notify_on: Type.Array(codes(DLP_ACTIONS), { minItems: 1, maxItems: 3, uniqueItems: true }),
    /** The matching file goes with the notification. */
    attach_file: Type.Boolean(),
  },
  closed,
);

/**
 * An auditor profile: a named set of the dlp_auditors document's auditors that is told of matches
 * together (as Zscaler's incident receivers), so a rule or the default names one profile rather
 * than each person.
 */
const AuditorProfile = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    /** Ids of auditors of the dlp_auditors document. */
    auditors: Type.Array(RuleId, { minItems: 1, maxItems: 100, uniqueItems: true }),
    description: Type.Optional(Comment),
  },
  closed,
);

export const FILE_PASSWORD_MIN_LENGTH = 8;
export const FILE_PASSWORD_MAX_LENGTH = 64;

const checkDictionaries = (
  list: ReadonlyArray<{ source: string; patterns: Array<{ match: string; value: string }> }>,
): KindCheckIssue | null => {
  for (const [i, d] of list.entries()) {
    if (d.source === 'custom' && d.patterns.length === 0)
      return {
        field: `data.overrides.${i}.patterns`,
        message: `data.overrides.${i}.patterns: a custom dictionary needs at least one pattern.`,
      };
    for (const [j, p] of d.patterns.entries()) {
      const key = p.match === 'regex' ? regex(p.value) : null;
      if (key) return invalidValue(`data.overrides.${i}.patterns.${j}.value`, key);
    }
  }
  return null;
};

/** The DLP rules as the inline CASB reads them (its v3 read): the enabled rules, in their order. */
type DlpRulesDoc = { dlp: { rules: Array<{ enabled: boolean }> } };

export const DLP_KINDS = {
  /** DLP rules (docs/policy.md §3 dlp, body dlp.rules): first enabled match decides. */
  dlp: kind({
    path: '/api/policy/v1/rules/dlp/{rev}',
    group: 'dlp_policy',
    title: 'DLP rules',
    data: Type.Object(
      {
        dlp: Type.Object({ rules: Type.Array(DlpRule, { maxItems: RULES_MAX }) }, closed),
        reorderingEvents: Reordering,
      },
      closed,
    ),
    defaults: { dlp: { rules: [] } },
    scope: 'policy',
    keyedLists: { 'dlp.rules': 'id' },
    orderedLists: ['dlp.rules'],
    check: (data) => checkWebRules(data.dlp.rules, 'data.dlp.rules'),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: dlp, body dlp.rules), docs/glossary.md §2 dlp action',
  }),
  /** Named sets of users and groups DLP rules name (docs/policy.md §3 dlp_groups, body list). */
  dlp_groups: kind({
    path: '/api/policy/v1/rules/dlp_groups/{rev}',
    group: 'dlp_policy',
    title: 'DLP groups',
    data: Type.Object({ list: Type.Array(DlpGroup, { maxItems: RULES_MAX }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.list, 'data.list', 'name'),
        ...data.list.map((g, i) => () => firstInvalid(g.users, `data.list.${i}.users`, email)),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: dlp_groups, body list)',
  }),
  /** Dictionaries (docs/policy.md §3 dlp_dicts, body overrides): predefined ones retuned, custom ones. */
  dlp_dicts: kind({
    path: '/api/policy/v1/rules/dlp_dicts/{rev}',
    group: 'dlp_policy',
    title: 'DLP dictionaries',
    data: Type.Object({ overrides: Type.Array(Dictionary, { maxItems: RULES_MAX }) }, closed),
    defaults: { overrides: [] },
    scope: 'policy',
    keyedLists: { overrides: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.overrides, 'data.overrides', 'id'),
        () => checkDictionaries(data.overrides),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: dlp_dicts, body overrides (dictionaries))',
  }),
  /** Who is mailed about DLP matches (docs/policy.md §3 dlp_auditors, body list). */
  dlp_auditors: kind({
    path: '/api/policy/v1/rules/dlp_auditors/{rev}',
    group: 'dlp_policy',
    title: 'DLP auditors',
    data: Type.Object({ list: Type.Array(Auditor, { maxItems: 500 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.list, 'data.list', 'email'),
        () => firstInvalidAt(data.list, 'data.list', 'email', email),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: dlp_auditors, body list)',
  }),
  /**
   * The CASB DLP rules variant (docs/policy.md §6: GET /api/policy/v3/casb/dlp/rules/{rev} versus
   * /api/policy/v1/rules/dlp/{rev}): the same document read by the cloud-app engine, which applies
   * the enabled rules only, first match first. A read-only view of dlp, not a document of its own.
   */
  'v3/casb/dlp/rules': kind({
    path: '/api/policy/v3/casb/dlp/rules/{rev}',
    group: 'dlp_policy',
    readOnly: true,
    view: {
      of: 'dlp',
      select: (d: DlpRulesDoc) => ({ rules: d.dlp.rules.filter((r) => r.enabled) }),
    },
    title: 'Cloud-app DLP rules',
    data: Type.Object({ rules: Type.Array(DlpRule, { maxItems: RULES_MAX }) }, closed),
    defaults: { rules: [] },
    scope: 'policy',
    keyedLists: { rules: 'id' },
    spec: 'docs/policy.md §6 Policy reads and saves (GET /api/policy/v3/casb/dlp/rules/{rev})',
  }),
  /**
   * What a DLP rule may name beyond the web (docs/policy.md §6): the tenant's private applications
   * (GET /rules/dlp/mpa/application_list/{rev}) and the cloud-app rules and profiles (GET under
   * /api/policy/v1/rules/dlp/casb/...), read by the DLP editor with the DLP policy's read
   * permission. Read-only views of the private-access and cloud-app documents as revision {rev}
   * sees them, so a DLP reader need not hold those areas' permissions to pick from them.
   */
  'dlp/mpa/application_list': kind({
    path: '/api/policy/v1/rules/dlp/mpa/application_list/{rev}',
    group: 'dlp_policy',
    readOnly: true,
    view: {
      of: 'mpa/access_rules',
      select: (d: { applications: ApplicationList['list'] }) => ({ list: d.applications }),
    },
    title: 'Private applications (for DLP rules)',
    data: PRIVATE_ACCESS_KINDS['mpa/application_list'].data,
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    spec: 'docs/policy.md §6 Cloud apps, egress headers and DLP (GET /rules/dlp/mpa/application_list/{rev})',
  }),
  'dlp/casb/app_rules': kind({
    path: '/api/policy/v1/rules/dlp/casb/app_rules/{rev}',
    group: 'dlp_policy',
    readOnly: true,
    view: { of: 'casb/app_rules', select: (d: AppRulesDoc) => ({ appRules: d.appRules }) },
    title: 'Cloud app rules (for DLP rules)',
    data: CASB_KINDS['casb/app_rules'].data,
    defaults: { appRules: [] },
    scope: 'policy',
    keyedLists: { appRules: 'id' },
    spec: 'docs/policy.md §6 Cloud apps, egress headers and DLP (reads of app rules under /api/policy/v1/rules/dlp/casb/...)',
  }),
  'dlp/casb/profiles': kind({
    path: '/api/policy/v1/rules/dlp/casb/profiles/{rev}',
    group: 'dlp_policy',
    readOnly: true,
    view: { of: 'casb/profiles', select: (d: ProfilesDoc) => ({ profiles: d.profiles }) },
    title: 'Cloud app profiles (for DLP rules)',
    data: Type.Object({ profiles: CASB_KINDS['casb/profiles'].data.properties.profiles }, closed),
    defaults: { profiles: { list: [] } },
    scope: 'policy',
    keyedLists: { 'profiles.list': 'id' },
    spec: 'docs/policy.md §6 Cloud apps, egress headers and DLP (reads of profiles under /api/policy/v1/rules/dlp/casb/...)',
  }),
  /**
   * Auditor profiles (docs/policy.md §10 GET and PUT /auditor_profiles/{default|list|file_password}):
   * part of the policy, so staged and published with it; the paths name no revision, so they read
   * and save the staged one (checked by updated_at).
   */
  'auditor_profiles/list': kind({
    path: '/api/policy/v1/auditor_profiles/list',
    group: 'dlp_policy',
    title: 'Auditor profiles',
    data: Type.Object({ list: Type.Array(AuditorProfile, { maxItems: 500 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.list, 'data.list', 'name'),
      ),
    spec: 'docs/policy.md §10 Policy (GET and PUT /auditor_profiles/list)',
  }),
  /** The profile told of matches of rules that name no auditors; none: nobody is. */
  'auditor_profiles/default': kind({
    path: '/api/policy/v1/auditor_profiles/default',
    group: 'dlp_policy',
    title: 'Default auditor profile',
    data: Type.Object({ profile_id: Type.Union([RuleId, Type.Null()]) }, closed),
    defaults: { profile_id: null },
    scope: 'policy',
    spec: 'docs/policy.md §10 Policy (GET and PUT /auditor_profiles/default)',
  }),
  /**
   * The password of the archives that carry matching files to auditors (attach_file). A shared
   * secret the auditors are given, not anyone's sign-in: dlp_policy readers may read it.
   */
  'auditor_profiles/file_password': kind({
    path: '/api/policy/v1/auditor_profiles/file_password',
    group: 'dlp_policy',
    title: 'Attachment password',
    data: Type.Object(
      {
        enabled: Type.Boolean(),
        password: Type.String({ maxLength: FILE_PASSWORD_MAX_LENGTH }),
      },
      closed,
    ),
    defaults: { enabled: false, password: '' },
    scope: 'policy',
    check: (data) =>
      data.enabled && data.password.length < FILE_PASSWORD_MIN_LENGTH
        ? {
            field: 'data.password',
            message: `data.password: protected attachments need a password of at least ${FILE_PASSWORD_MIN_LENGTH} characters.`,
          }
        : null,
    spec: 'docs/policy.md §10 Policy (GET and PUT /auditor_profiles/file_password)',
  }),
};

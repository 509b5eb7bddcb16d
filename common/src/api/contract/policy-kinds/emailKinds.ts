/**
 * Email policy (docs/glossary.md §2 email and smtp vocabularies, menlo_email and attachments flags;
 * docs/policy.md §3 Policy /rules/{kind}/{rev}: safemail/whitelist, safemail/mobile, safemail/config (body
 * config, quarantine_spec, safemail_url_obfuscation), safemail/phish_targets, safemail/isolation
 * (safemail_classification, reorderingEvents), safemail/smtp_users (identitySourceLists,
 * usersLists, tid), smtp/attachments (content_types, groups, plugins)).
 *
 * The spec names the documents and body fields; what they hold is what an e-mail link and
 * attachment isolation gateway keeps (as Menlo's or Cloudflare Area 1's): trusted senders, link
 * rewriting and quarantine settings, how links open per classification and platform, attachment
 * handling by type, and the directory the protected mailboxes come from.
 */
import { Type } from 'typebox';
import { FREQUENCIES } from '../../../vocabularies/logFilterVocabularies';
import { domain, email, ipv4 } from '../../../validators/network';
import {
  Comment,
  RULES_MAX,
  RuleId,
  RuleName,
  StringList,
  closed,
  domainOrWildcard,
  firstDuplicate,
  firstInvalid,
  firstIssue,
  invalidValue,
  kind,
  oneOf,
  type KindCheckIssue,
} from './kindDef';
import { ACTIONS } from './enumerations';
import { Reordering, firstInvalidAt } from './ruleParts';
import { CategoryId } from './webKinds';

export const WHITELIST_ENTRY_TYPES = ['domain', 'email', 'ip'] as const;
export const MOBILE_PLATFORMS = ['ios', 'android', 'other'] as const;
/** How a link in a message is classified when clicked (the isolation document's actions per class). */
export const LINK_CLASSIFICATIONS = ['trusted', 'unknown', 'suspicious', 'malicious', 'phishing'] as const;
export const QUARANTINE_RELEASERS = ['admin', 'recipient'] as const;
export const IDENTITY_SOURCE_TYPES = ['ldap', 'azure_ad', 'google', 'okta', 'scim'] as const;
/** Engines that scan attachments (the reversing labs licence: docs/access.md §5 attachments). */
export const ATTACHMENT_PLUGINS = ['reversinglabs', 'antivirus', 'sandbox', 'cdr'] as const;
export const PLUGIN_ACTIONS = ['block', 'remove', 'allow'] as const;

/** A sender is a domain (or *.domain) or an e-mail address. */
const senderValue = (value: string) => (value.includes('@') ? email(value) : domainOrWildcard(value));

const WhitelistEntry = Type.Object(
  {
    id: RuleId,
    type: oneOf(WHITELIST_ENTRY_TYPES),
    value: Type.String({ minLength: 1, maxLength: 254 }),
    comment: Type.Optional(Comment),
  },
  closed,
);

const MobileRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    /** A new rule's are phones' and tablets' own systems (the editors' default). */
    platforms: Type.Array(oneOf(MOBILE_PLATFORMS), {
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      default: ['ios', 'android'],
    }),
    /** Senders (domains or addresses); empty: every sender. */
    senders: StringList(254),
    action: oneOf(ACTIONS, { default: 'safeview' }),
    comment: Type.Optional(Comment),
  },
  closed,
);

const IsolationRule = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    enabled: Type.Boolean(),
    /** Senders (domains or addresses); empty: every sender. */
    senders: StringList(254),
    /** Recipients' addresses; empty: every recipient. */
    recipients: StringList(254),
    /** Categories of the linked site; empty: every category. */
    categories: Type.Array(CategoryId, { maxItems: 1000 }),
    action: oneOf(ACTIONS),
    comment: Type.Optional(Comment),
  },
  closed,
);

const PhishTarget = Type.Object(
  {
    id: RuleId,
    email: Type.String({ minLength: 3, maxLength: 254 }),
    name: RuleName,
    /** Why the user is a likely target (role, exposure). */
    comment: Type.Optional(Comment),
  },
  closed,
);

const ContentType = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    extensions: Type.Array(Type.String({ pattern: '^[a-z0-9]{1,16}$' }), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
    }),
    mime_types: Type.Array(Type.String({ pattern: '^[a-z]+/[a-z0-9.+-]+$', maxLength: 128 }), {
      maxItems: 100,
    }),
  },
  closed,
);

/** A group of content types and what happens to attachments of them. */
const AttachmentGroup = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    content_types: Type.Array(RuleId, { minItems: 1, maxItems: 100, uniqueItems: true }),
    action: oneOf(ACTIONS),
  },
  closed,
);

const Plugin = Type.Object(
  {
    id: oneOf(ATTACHMENT_PLUGINS),
    enabled: Type.Boolean(),
    action_on_detection: oneOf(PLUGIN_ACTIONS),
  },
  closed,
);

const IdentitySource = Type.Object(
  {
    id: RuleId,
    name: RuleName,
    type: oneOf(IDENTITY_SOURCE_TYPES),
    /** The mail domains whose mailboxes the source lists. */
    domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { minItems: 1, maxItems: 100 }),
  },
  closed,
);

const UsersList = Type.Object({ id: RuleId, name: RuleName, users: StringList(254) }, closed);

const checkWhitelist = (list: ReadonlyArray<{ type: string; value: string }>): KindCheckIssue | null => {
  for (const [i, e] of list.entries()) {
    const key =
      e.type === 'ip' ? ipv4(e.value) : e.type === 'email' ? email(e.value) : domainOrWildcard(e.value);
    if (key) return invalidValue(`data.list.${i}.value`, key);
  }
  return null;
};

/** Every group names content types of the same document. */
const checkGroups = (
  types: ReadonlyArray<{ id: string }>,
  groups: ReadonlyArray<{ content_types: string[] }>,
): KindCheckIssue | null => {
  const known = new Set(types.map((t) => t.id));
  for (const [i, g] of groups.entries())
    for (const [j, id] of g.content_types.entries())
      if (!known.has(id))
        return {
          field: `data.groups.${i}.content_types.${j}`,
          message: `data.groups.${i}.content_types.${j}: no content type ${id}.`,
        };
  return null;
};

export const EMAIL_KINDS = {
  /** Trusted senders: their links and attachments pass untouched (docs/policy.md §3 safemail/whitelist). */
  'safemail/whitelist': kind({
    path: '/api/policy/v1/rules/safemail/whitelist/{rev}',
    group: 'email_policy',
    title: 'Email allow list',
    data: Type.Object({ list: Type.Array(WhitelistEntry, { maxItems: 10_000 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.list, 'data.list', 'value'),
        () => checkWhitelist(data.list),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: safemail/whitelist, body list)',
  }),
  /** How links open on mobile mail clients (docs/glossary.md §2 mobile actions, docs/policy.md §3 safemail/mobile). */
  'safemail/mobile': kind({
    path: '/api/policy/v1/rules/safemail/mobile/{rev}',
    group: 'email_policy',
    title: 'Email on mobile devices',
    data: Type.Object(
      { list: Type.Array(MobileRule, { maxItems: RULES_MAX }), reorderingEvents: Reordering },
      closed,
    ),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        ...data.list.map((r, i) => () => firstInvalid(r.senders, `data.list.${i}.senders`, senderValue)),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: safemail/mobile, body list; reorderingEvents)',
  }),
  /**
   * The e-mail service's settings (docs/policy.md §3 safemail/config: config, quarantine_spec,
   * safemail_url_obfuscation): link rewriting, quarantine and how rewritten links look.
   */
  'safemail/config': kind({
    path: '/api/policy/v1/rules/safemail/config/{rev}',
    group: 'email_policy',
    title: 'Email settings',
    data: Type.Object(
      {
        config: Type.Object(
          {
            rewrite_links: Type.Boolean(),
            isolate_attachments: Type.Boolean(),
            /** A banner above messages from outside the organisation. */
            external_banner: Type.Boolean(),
            /** Deliver unmodified when the service cannot process a message (email reason fail_open). */
            fail_open: Type.Boolean(),
            /** Days a rewritten link keeps working. */
            link_expiry_days: Type.Integer({ minimum: 1, maximum: 3650 }),
          },
          closed,
        ),
        quarantine_spec: Type.Object(
          {
            enabled: Type.Boolean(),
            retention_days: Type.Integer({ minimum: 1, maximum: 90 }),
            release_by: oneOf(QUARANTINE_RELEASERS),
            /** How often recipients get a digest of their quarantined mail (docs/glossary.md §2 frequency, ms). */
            digest_frequency_ms: Type.Unsafe<number>({
              type: 'integer',
              enum: FREQUENCIES.map((f) => f.ms),
            }),
          },
          closed,
        ),
        safemail_url_obfuscation: Type.Object(
          {
            enabled: Type.Boolean(),
            /** The original domain stays readable in the rewritten link. */
            show_original_domain: Type.Boolean(),
          },
          closed,
        ),
      },
      closed,
    ),
    defaults: {
      config: {
        rewrite_links: true,
        isolate_attachments: true,
        external_banner: false,
        fail_open: true,
        link_expiry_days: 365,
      },
      quarantine_spec: {
        enabled: false,
        retention_days: 30,
        release_by: 'admin',
        digest_frequency_ms: 86400000,
      },
      safemail_url_obfuscation: { enabled: false, show_original_domain: true },
    },
    scope: 'policy',
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: safemail/config, body config, quarantine_spec, safemail_url_obfuscation)',
  }),
  /** Users attackers single out (executives, finance): stricter link handling (docs/policy.md §4). */
  'safemail/phish_targets': kind({
    path: '/api/policy/v1/rules/safemail/phish_targets/{rev}',
    group: 'email_policy',
    title: 'Phishing targets',
    data: Type.Object({ list: Type.Array(PhishTarget, { maxItems: 10_000 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.list, 'data.list', 'email'),
        () => firstInvalidAt(data.list, 'data.list', 'email', email),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: safemail/phish_targets, body list)',
  }),
  /**
   * How clicked links open (docs/policy.md §3 safemail/isolation: safemail_classification,
   * reorderingEvents): the action per link classification, and ordered rules by sender,
   * recipient and category that come first (first enabled match decides).
   */
  'safemail/isolation': kind({
    path: '/api/policy/v1/rules/safemail/isolation/{rev}',
    group: 'email_policy',
    title: 'Email link isolation',
    data: Type.Object(
      {
        list: Type.Array(IsolationRule, { maxItems: RULES_MAX }),
        safemail_classification: Type.Array(
          Type.Object({ classification: oneOf(LINK_CLASSIFICATIONS), action: oneOf(ACTIONS) }, closed),
          { maxItems: LINK_CLASSIFICATIONS.length },
        ),
        reorderingEvents: Reordering,
      },
      closed,
    ),
    defaults: {
      list: [],
      safemail_classification: [
        { classification: 'trusted', action: 'allow' },
        { classification: 'unknown', action: 'safeview' },
        { classification: 'suspicious', action: 'safeview' },
        { classification: 'malicious', action: 'block' },
        { classification: 'phishing', action: 'block' },
      ],
    },
    scope: 'policy',
    keyedLists: { list: 'id', safemail_classification: 'classification' },
    orderedLists: ['list'],
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.list, 'data.list', 'id'),
        () => firstDuplicate(data.safemail_classification, 'data.safemail_classification', 'classification'),
        ...data.list.map((r, i) => () => firstInvalid(r.senders, `data.list.${i}.senders`, senderValue)),
        ...data.list.map((r, i) => () => firstInvalid(r.recipients, `data.list.${i}.recipients`, email)),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: safemail/isolation, body safemail_classification, reorderingEvents)',
  }),
  /**
   * The mailboxes the SMTP service protects (docs/policy.md §3 safemail/smtp_users:
   * identitySourceLists, usersLists, tid): directories by mail domain, and explicit lists. `tid` is
   * the tenant the users belong to: the saver's own, or '' (never set: the saver's own).
   */
  'safemail/smtp_users': kind({
    path: '/api/policy/v1/rules/safemail/smtp_users/{rev}',
    group: 'email_policy',
    title: 'SMTP users',
    data: Type.Object(
      {
        identitySourceLists: Type.Array(IdentitySource, { maxItems: 50 }),
        usersLists: Type.Array(UsersList, { maxItems: 500 }),
        tid: Type.String({ maxLength: 64 }),
      },
      closed,
    ),
    defaults: { identitySourceLists: [], usersLists: [], tid: '' },
    scope: 'policy',
    keyedLists: { identitySourceLists: 'id', usersLists: 'id' },
    check: (data, context) =>
      firstIssue(
        () =>
          data.tid === '' || data.tid === context.tid
            ? null
            : { field: 'data.tid', message: "data.tid must be the tenant's own id." },
        () => firstDuplicate(data.identitySourceLists, 'data.identitySourceLists', 'id'),
        () => firstDuplicate(data.usersLists, 'data.usersLists', 'id'),
        ...data.identitySourceLists.map(
          (s, i) => () => firstInvalid(s.domains, `data.identitySourceLists.${i}.domains`, domain),
        ),
        ...data.usersLists.map((l, i) => () => firstInvalid(l.users, `data.usersLists.${i}.users`, email)),
      ),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: safemail/smtp_users, body identitySourceLists, usersLists, tid)',
  }),
  /**
   * Attachments (docs/access.md §5 attachments flag, docs/policy.md §3 smtp/attachments: content_types, groups,
   * plugins): the content types known, groups of them with an action, and the scanning engines.
   */
  'smtp/attachments': kind({
    path: '/api/policy/v1/rules/smtp/attachments/{rev}',
    group: 'email_policy',
    features: ['attachments'],
    title: 'Email attachments',
    data: Type.Object(
      {
        content_types: Type.Array(ContentType, { maxItems: 500 }),
        groups: Type.Array(AttachmentGroup, { maxItems: 500 }),
        plugins: Type.Array(Plugin, { maxItems: ATTACHMENT_PLUGINS.length }),
      },
      closed,
    ),
    defaults: {
      content_types: [
        { id: 'pdf', name: 'PDF documents', extensions: ['pdf'], mime_types: ['application/pdf'] },
        {
          id: 'office',
          name: 'Office documents',
          extensions: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'],
          mime_types: [],
        },
        { id: 'archives', name: 'Archives', extensions: ['zip', '7z', 'rar'], mime_types: [] },
        { id: 'executables', name: 'Executables', extensions: ['exe', 'msi', 'js', 'vbs'], mime_types: [] },
      ],
      groups: [
        { id: 'documents', name: 'Documents', content_types: ['pdf', 'office'], action: 'safeview' },
        { id: 'risky', name: 'Risky files', content_types: ['archives', 'executables'], action: 'block' },
      ],
      plugins: [{ id: 'antivirus', enabled: true, action_on_detection: 'block' }],
    },
    scope: 'policy',
    keyedLists: { content_types: 'id', groups: 'id', plugins: 'id' },
    check: (data) =>
      firstIssue(
        () => firstDuplicate(data.content_types, 'data.content_types', 'id'),
        () => firstDuplicate(data.groups, 'data.groups', 'id'),
        () => firstDuplicate(data.plugins, 'data.plugins', 'id'),
        () => checkGroups(data.content_types, data.groups),
      ),
    spec: 'docs/access.md §5 (attachments), docs/policy.md §3 Policy (/rules/{kind}/{rev}: smtp/attachments, body content_types, groups, plugins)',
  }),
};

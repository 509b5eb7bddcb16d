/**
 * Web policy documents besides the rules of webKinds.ts (docs/product.md §1 copy/paste and watermark,
 * SSL bypass, bandwidth; docs/access.md §5 feature flags watermarking, browsing_forensics, bandwidth; docs/policy.md §4 Policy
 * /rules/{kind}/{rev}; docs/policy.md §3 Policy revision: bandwidth.rules, §5 v3 bandwidth).
 *
 * The spec names the documents and their body fields only. What each holds is what an isolation
 * gateway keeps (as Menlo, Zscaler or Cloudflare's browser isolation do): a tenant-wide default
 * and rules that narrow it by who and where, first match deciding.
 */
import { Type } from 'typebox';
import { RULES_MAX, closed, firstIssue, kind, oneOf, type KindCheckIssue } from './kindDef';
import { DIRECTIONS } from './enumerations';
import { SslBypassEntry, checkSslBypass, checkWebRules } from './webKinds';
import { Reordering, scopedRule } from './ruleParts';

const ALLOW_BLOCK = ['allow', 'block'] as const;

/** The watermark text may name these, filled in per user and page when drawn. */
export const WATERMARK_PLACEHOLDERS = ['username', 'email', 'date', 'time', 'ip', 'domain'] as const;

const checkPlaceholders = (text: string, field: string): KindCheckIssue | null => {
  for (const [, name] of text.matchAll(/\{([^{}]*)\}/g))
    if (!(WATERMARK_PLACEHOLDERS as readonly string[]).includes(name))
      return { field, message: `${field} names an unknown placeholder {${name}}.` };
  return null;
};

/** A forensics profile's uuid (settings: docs/settings.md §3 Forensics profile). */
const ProfileUuid = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
});

export const WEB_CONTROL_KINDS = {
  /** SSL bypass, v1 document (docs/policy.md §3 sslbump_bypass, body list); v3 is webKinds' v3/sslbump_bypass. */
  sslbump_bypass: kind({
    path: '/api/policy/v1/rules/sslbump_bypass/{rev}',
    group: 'web_policy',
    edit: 'domain',
    title: 'SSL bypass (v1)',
    data: Type.Object({ list: Type.Array(SslBypassEntry, { maxItems: 1000 }) }, closed),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    check: (data) => checkSslBypass(data.list, 'data.list'),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: sslbump_bypass, body list)',
  }),
  /**
   * Copy and paste between the isolated page and the user's device (docs/policy.md §3 copy_paste,
   * body copy_paste_policy): the default for each way, the longest paste, and rules by who and
   * where (first enabled match decides).
   */
  copy_paste: kind({
    path: '/api/policy/v1/rules/copy_paste/{rev}',
    group: 'web_policy',
    features: ['copyPaste'],
    title: 'Copy and paste',
    data: Type.Object(
      {
        copy_paste_policy: Type.Object(
          {
            /** Copy from the isolated page to the device. */
            copy: oneOf(ALLOW_BLOCK),
            /** Paste from the device into the isolated page. */
            paste: oneOf(ALLOW_BLOCK),
            max_characters: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
            rules: Type.Array(scopedRule({ copy: oneOf(ALLOW_BLOCK), paste: oneOf(ALLOW_BLOCK) }), {
              maxItems: RULES_MAX,
            }),
          },
          closed,
        ),
        reorderingEvents: Reordering,
      },
      closed,
    ),
    defaults: { copy_paste_policy: { copy: 'allow', paste: 'allow', max_characters: 100_000, rules: [] } },
    scope: 'policy',
    keyedLists: { 'copy_paste_policy.rules': 'id' },
    orderedLists: ['copy_paste_policy.rules'],
    check: (data) => checkWebRules(data.copy_paste_policy.rules, 'data.copy_paste_policy.rules'),
    spec: 'docs/policy.md §3 Policy (/rules/{kind}/{rev}: copy_paste, body copy_paste_policy)',
  }),
  /**
   * A watermark drawn over isolated pages (docs/access.md §5 watermarking flag, docs/policy.md §3 watermark): its
   * text (with placeholders), look, and the rules of where it is drawn (every enabled match).
   */
  watermark: kind({
    path: '/api/policy/v1/rules/watermark/{rev}',
    group: 'web_policy',
    features: ['watermarking'],
    title: 'Watermark',
    data: Type.Object(
      {
        watermark: Type.Object(
          {
            enabled: Type.Boolean(),
            text: Type.String({ minLength: 1, maxLength: 200 }),
            /** Percent. */
            opacity: Type.Integer({ minimum: 5, maximum: 50 }),
            font_size: Type.Integer({ minimum: 8, maximum: 72 }),
            color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
            rules: Type.Array(scopedRule({}), { maxItems: RULES_MAX }),
          },
          closed,
        ),
      },
      closed,
    ),
    defaults: {
      watermark: {
        enabled: false,
        text: '{username} {date}',
        opacity: 15,
        font_size: 16,
        color: '#808080',
        rules: [],
      },
    },
    scope: 'policy',
    keyedLists: { 'watermark.rules': 'id' },
    check: (data) =>
      firstIssue(
        () => checkPlaceholders(data.watermark.text, 'data.watermark.text'),
        () => checkWebRules(data.watermark.rules, 'data.watermark.rules'),
      ),
    spec: 'docs/access.md §5 (watermarking), docs/policy.md §3 Policy (/rules/{kind}/{rev}: watermark, body watermark)',
  }),
  /**
   * Browsing forensics (docs/access.md §5 browsing_forensics flag, docs/policy.md §3 bf/web): which sessions are
   * recorded, and with which forensics profile (settings, docs/settings.md §3); first match decides.
   */
  'bf/web': kind({
    path: '/api/policy/v1/rules/bf/web/{rev}',
    group: 'web_policy',
    features: ['browsing_forensics'],
    title: 'Browsing forensics',
    data: Type.Object(
      {
        browsing_forensics: Type.Object(
          {
            enabled: Type.Boolean(),
            rules: Type.Array(scopedRule({ profile_id: ProfileUuid }), { maxItems: RULES_MAX }),
          },
          closed,
        ),
      },
      closed,
    ),
    defaults: { browsing_forensics: { enabled: false, rules: [] } },
    scope: 'policy',
    keyedLists: { 'browsing_forensics.rules': 'id' },
    orderedLists: ['browsing_forensics.rules'],
    check: (data) => checkWebRules(data.browsing_forensics.rules, 'data.browsing_forensics.rules'),
    // Each rule's profile is one of Settings › Forensics Profiles (docs/settings.md §3).
    settingsReferences: [{ list: 'browsing_forensics.rules', field: 'profile_id', settings: 'bf_profiles' }],
    spec: 'docs/access.md §5 (browsing_forensics), docs/policy.md §3 Policy (/rules/{kind}/{rev}: bf/web, body browsing_forensics)',
  }),
  /**
   * Bandwidth (docs/policy.md §3 bandwidth.rules; docs/access.md §5: bandwidth needs
   * bandwidth_limits or daily_bandwidth_quota): per rule a rate limit, a daily quota, or both, in
   * a direction; first match decides; over the quota, requests are blocked until midnight in the
   * rule's time zone (its schedule's, else UTC).
   */
  bandwidth: kind({
    path: '/api/policy/v3/rules/bandwidth/{rev}',
    group: 'web_policy',
    features: ['bandwidth'],
    title: 'Bandwidth',
    data: Type.Object(
      {
        bandwidth: Type.Object(
          {
            rules: Type.Array(
              scopedRule({
                direction: oneOf(DIRECTIONS),
                /** Kilobits per second per user. */
                limit_kbps: Type.Optional(Type.Integer({ minimum: 64, maximum: 10_000_000 })),
                /** Megabytes per user per day. */
                daily_quota_mb: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
              }),
              { maxItems: RULES_MAX },
            ),
          },
          closed,
        ),
        reorderingEvents: Reordering,
      },
      closed,
    ),
    defaults: { bandwidth: { rules: [] } },
    scope: 'policy',
    keyedLists: { 'bandwidth.rules': 'id' },
    orderedLists: ['bandwidth.rules'],
    check: (data) =>
      firstIssue(
        () => checkWebRules(data.bandwidth.rules, 'data.bandwidth.rules'),
        () => {
          const i = data.bandwidth.rules.findIndex(
            (r) => r.limit_kbps === undefined && r.daily_quota_mb === undefined,
          );
          return i < 0
            ? null
            : {
                field: `data.bandwidth.rules.${i}.limit_kbps`,
                message: `data.bandwidth.rules.${i} needs a limit_kbps, a daily_quota_mb or both.`,
              };
        },
      ),
    spec: 'docs/policy.md §3 Policy revision (bandwidth.rules), §5 (/api/policy/v3/rules/bandwidth/{rev}); docs/access.md §5 (bandwidth)',
  }),
};

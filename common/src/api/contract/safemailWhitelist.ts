/**
 * The allow list's two calls beside its document (docs/policy.md §4 Policy): the popular-sites feed
 * `GET /api/policy/v1/safemail/whitelist/feeds/?limit=&source=&type=global` and the UCE
 * submission `POST /api/policy/v1/safemail/whitelist/uce/`. One source of the paths and shapes for
 * the server's validation and the client's types (DESIGN.md convention 5).
 *
 * The spec names the calls and the feed's query only. What they hold, decided here:
 * - The feed is the provider's list of popular sites whose links pass without rewriting (email
 *   reason `menlo`, "Popular Sites", docs/glossary.md §2), ranked by popularity. `type` is `global`
 *   (the provider's list for every tenant; a tenant's own entries are its allow-list document);
 *   `source` narrows to one source of the list, empty for every source; `limit` bounds the reply.
 * - A UCE (unsolicited commercial e-mail) submission reports a sender whose mail should not be
 *   trusted to the provider's review: a domain or an address, the message's subject, a note. The
 *   reply is the submission as recorded (id, status received, who and when).
 */
import { Type, type Static } from 'typebox';
import { oneOf } from './policy-kinds/kindDef';

const closed = { additionalProperties: false } as const;

export const SAFEMAIL_WHITELIST_PATHS = {
  feeds: '/api/policy/v1/safemail/whitelist/feeds/',
  uce: '/api/policy/v1/safemail/whitelist/uce/',
} as const;

/** Where a popular site comes from: `menlo`, the provider's curated list (email reason "Popular Sites"). */
export const POPULAR_SITE_SOURCES = ['menlo'] as const;
export type PopularSiteSource = (typeof POPULAR_SITE_SOURCES)[number];
export const FEED_TYPES = ['global'] as const;
export const FEED_LIMIT_MAX = 1000;
export const FEED_LIMIT_DEFAULT = 100;

export const PopularSitesQuery = Type.Object(
  {
    /** Sites in the reply, most popular first (1 to 1000; default 100). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: FEED_LIMIT_MAX })),
    /** One source of the feed, or empty for every source. */
    source: Type.Optional(oneOf<'' | PopularSiteSource>(['', ...POPULAR_SITE_SOURCES])),
    type: oneOf(FEED_TYPES),
    timestamp: Type.Optional(Type.String({ maxLength: 32 })),
  },
  closed,
);
export type PopularSitesQuery = Static<typeof PopularSitesQuery>;

export const PopularSite = Type.Object(
  {
    domain: Type.String({ minLength: 1, maxLength: 253 }),
    /** 1 is the most popular. */
    rank: Type.Integer({ minimum: 1 }),
    source: oneOf(POPULAR_SITE_SOURCES),
  },
  closed,
);
export type PopularSite = Static<typeof PopularSite>;

export const PopularSitesReply = Type.Object(
  {
    type: oneOf(FEED_TYPES),
    /** Sites in the feed for the source asked (the reply holds at most `limit` of them). */
    total: Type.Integer({ minimum: 0 }),
    sites: Type.Array(PopularSite),
  },
  closed,
);
export type PopularSitesReply = Static<typeof PopularSitesReply>;

export const UCE_SENDER_TYPES = ['domain', 'email'] as const;
export const UCE_NOTE_MAX_LENGTH = 500;
export const UCE_SUBJECT_MAX_LENGTH = 200;

export const UceSubmissionBody = Type.Object(
  {
    type: oneOf(UCE_SENDER_TYPES),
    /** The sender: a domain (example.com) or an address (news@example.com), as `type` says. */
    value: Type.String({ minLength: 1, maxLength: 254 }),
    /** The subject of a message it sent, to find it (optional). */
    subject: Type.Optional(Type.String({ maxLength: UCE_SUBJECT_MAX_LENGTH })),
    note: Type.Optional(Type.String({ maxLength: UCE_NOTE_MAX_LENGTH })),
  },
  closed,
);
export type UceSubmissionBody = Static<typeof UceSubmissionBody>;

export const UceSubmissionReply = Type.Object(
  {
    id: Type.String(),
    type: oneOf(UCE_SENDER_TYPES),
    value: Type.String(),
    subject: Type.Optional(Type.String()),
    note: Type.Optional(Type.String()),
    status: Type.Literal('received'),
    submitted_by: Type.String(),
    submitted_at: Type.String(),
  },
  closed,
);
export type UceSubmissionReply = Static<typeof UceSubmissionReply>;

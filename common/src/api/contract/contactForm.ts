/**
 * The contact form (docs/contact.md §1; docs/policy.md §10 "POST
 * /api/policy/contact_form"): a signed-in administrator writes to the provider's support; the
 * provider console lists the messages per tenant with their status and an operator marks one
 * answered. The spec names the call only: the body, the answer, the limit and the console's calls
 * are our choices, written down in the doc above.
 */
import { Type, type Static } from 'typebox';

export const CONTACT_FORM_PATH = '/api/policy/contact_form';
/** The provider console's list of the messages, and one message's status. */
export const CONTACT_MESSAGES_PATHS = {
  list: '/gdmanage/api/v1/contact_messages',
  status: (id: string) => `/gdmanage/api/v1/contact_messages/${encodeURIComponent(id)}/status`,
  statusRoute: '/gdmanage/api/v1/contact_messages/:id/status',
} as const;

/** What the message is about: the support desk routes it by this. */
export const CONTACT_TOPICS = {
  support: 'Technical support',
  billing: 'Billing and licences',
  feature_request: 'Feature request',
  other: 'Something else',
} as const satisfies Record<string, string>;
export type ContactTopic = keyof typeof CONTACT_TOPICS;

export const CONTACT_STATUSES = { new: 'New', answered: 'Answered' } as const;
export type ContactStatus = keyof typeof CONTACT_STATUSES;

export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5000;
/** At most this many messages per account in any hour (a stuck script or a double click floods no desk). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 } as const;

const Topic = Type.Enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]]);
const Status = Type.Enum(Object.keys(CONTACT_STATUSES) as [ContactStatus, ...ContactStatus[]]);

export const ContactFormBody = Type.Object(
  {
    topic: Topic,
    subject: Type.String({ minLength: 1, maxLength: CONTACT_SUBJECT_MAX, pattern: '\\S' }),
    message: Type.String({ minLength: 1, maxLength: CONTACT_MESSAGE_MAX, pattern: '\\S' }),
    /** Where support answers; without it, the account's own sign-in address. */
    reply_to: Type.Optional(Type.String({ minLength: 3, maxLength: 254, format: 'email' })),
  },
  { additionalProperties: false },
);
export type ContactFormBody = Static<typeof ContactFormBody>;

/** A message as the tenant's answer and the console's list give it. */
export const ContactMessage = Type.Object({
  id: Type.String(),
  tid: Type.String(),
  tenant_name: Type.String(),
  sent_by: Type.String(),
  sent_at: Type.String({ format: 'date-time' }),
  topic: Topic,
  subject: Type.String(),
  message: Type.String(),
  reply_to: Type.String(),
  status: Status,
  /** Who marked it answered and when (null while new). */
  answered_by: Type.Union([Type.String(), Type.Null()]),
  answered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ContactMessage = Static<typeof ContactMessage>;

export const CONTACT_LIST_MAX = 200;
export const ContactMessagesQuery = Type.Object(
  {
    tenant: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    status: Type.Optional(Status),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTACT_LIST_MAX, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
);
export type ContactMessagesQuery = Static<typeof ContactMessagesQuery>;
export const ContactMessageList = Type.Object({
  total: Type.Integer(),
  messages: Type.Array(ContactMessage),
});
export type ContactMessageList = Static<typeof ContactMessageList>;

export const ContactStatusBody = Type.Object({ status: Status }, { additionalProperties: false });
export type ContactStatusBody = Static<typeof ContactStatusBody>;

/** 429: the account sent CONTACT_RATE_LIMIT.max messages within the window. */
export const contactRateLimited = (minutes: number) =>
  `You have sent ${CONTACT_RATE_LIMIT.max} messages in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const CONTACT_MESSAGE_NOT_FOUND = 'There is no such contact message.';

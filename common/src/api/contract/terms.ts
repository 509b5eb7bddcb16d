/**
 * Terms of service (docs/settings.md §1 Tenant settings "GET and PUT: ... tos"; issue 33 point 6):
 * the provider's EULA of a tenant (the console's tenant document `tos`), and the signed-in
 * administrator's acceptance of it. While the EULA is required and the account has not accepted
 * its current version, accepting is a pending step (pendingSteps.ts): nothing else of the portal
 * opens. Shapes and decisions: docs/terms.md.
 */
import { Type, type Static } from 'typebox';
import { TENANT_DOCUMENTS, type TenantDocument } from './providerTenants';

export const TERMS_PATH = '/api/settings/v1/tenants/tos';

/** The provider's EULA of a tenant, as the console saves it. */
export type Terms = TenantDocument<'tos'>;
export const TERMS_DEFAULTS: Terms = TENANT_DOCUMENTS.tos.defaults;

export const TermsAcceptance = Type.Object(
  {
    version: Type.String(),
    accepted_at: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type TermsAcceptance = Static<typeof TermsAcceptance>;

/** GET: the EULA and the caller's own acceptance (null: never accepted). */
export const TermsReply = Type.Object(
  {
    required: Type.Boolean(),
    version: Type.String(),
    url: Type.String(),
    text: Type.String(),
    accepted: Type.Union([TermsAcceptance, Type.Null()]),
    /** Whether the caller must accept before anything else opens. */
    due: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type TermsReply = Static<typeof TermsReply>;

/** PUT: accept the version read; a version that is no longer the current one is refused (409). */
export const TermsAcceptBody = Type.Object(
  { version: Type.String({ maxLength: 32 }) },
  { additionalProperties: false },
);
export type TermsAcceptBody = Static<typeof TermsAcceptBody>;

/** Whether the EULA has anything to read. */
export const termsPresent = (terms: Terms): boolean => terms.text.trim() !== '' || terms.url !== '';

/** Whether an account with this acceptance must accept the terms before anything else. */
export const termsDue = (terms: Terms, accepted: TermsAcceptance | null): boolean =>
  terms.required && termsPresent(terms) && accepted?.version !== terms.version;

export const TERMS_MESSAGES = {
  none: 'There are no terms of service to accept.',
  changed: (version: string) =>
    `The terms of service changed (now version ${version || 'unnamed'}): read them again before accepting.`,
} as const;

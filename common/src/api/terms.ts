/**
 * Terms of service calls (docs/settings.md §1 Tenant settings "GET and PUT: ... tos"): the
 * tenant's EULA with the caller's acceptance, and accepting a version. Shapes: contract/terms.ts,
 * docs/terms.md.
 */
import { TERMS_PATH, type TermsReply } from './contract/terms';
import type { HttpClient } from './http';

export async function getTerms(http: HttpClient): Promise<TermsReply> {
  return (await http.get<TermsReply>(TERMS_PATH, { callName: 'getTerms' })).data;
}

/** Accepts `version`, the one read (a newer one in between is refused with 409). */
export async function acceptTerms(http: HttpClient, version: string): Promise<TermsReply> {
  return (await http.put<TermsReply>(TERMS_PATH, { version }, { callName: 'acceptTerms' })).data;
}

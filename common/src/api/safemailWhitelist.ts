/** The allow list's feed and UCE calls (docs/policy.md §4 Policy; contract safemailWhitelist.ts). */
import type { HttpClient } from './http';
import {
  SAFEMAIL_WHITELIST_PATHS,
  type PopularSitesReply,
  type UceSubmissionBody,
  type UceSubmissionReply,
} from './contract/safemailWhitelist';

/** The popular-sites feed (type global); `source` empty for every source. */
export async function getPopularSites(
  http: HttpClient,
  params: { limit: number; source?: string },
): Promise<PopularSitesReply> {
  const r = await http.get<PopularSitesReply>(SAFEMAIL_WHITELIST_PATHS.feeds, {
    callName: 'getPopularSites',
    params: { limit: String(params.limit), source: params.source ?? '', type: 'global' },
  });
  return r.data;
}

/** Reports a sender of unsolicited commercial e-mail to the provider's review. */
export async function submitUce(http: HttpClient, body: UceSubmissionBody): Promise<UceSubmissionReply> {
  const r = await http.post<UceSubmissionReply>(SAFEMAIL_WHITELIST_PATHS.uce, body, {
    callName: 'submitUce',
  });
  return r.data;
}

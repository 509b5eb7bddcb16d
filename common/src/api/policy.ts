/** Policy revision calls (portal-core §4, §7 Policy). */
import type { PublishReply, Revision } from './contract/policy';
import { POLICY_PATHS } from './contract/policy';
import type { HttpClient } from './http';

/** GET /rules takes a timestamp param so no cache in between serves an old revision. */
export async function getRevision(http: HttpClient): Promise<Revision> {
  const r = await http.get<Revision>(POLICY_PATHS.rules, { callName: 'getRevision', params: { ts: Date.now() } });
  return r.data;
}

/**
 * Publishes the staged revision. Only call it when the state is 'staged': use
 * `publishIfStaged`, which does nothing and returns an empty result otherwise (portal-core §4).
 */
export async function publishRevision(http: HttpClient, rev: number, note?: string): Promise<PublishReply> {
  const body = note === undefined ? {} : { note };
  const r = await http.post<PublishReply>(POLICY_PATHS.publish(rev), body, { callName: 'publishRevision' });
  return r.data;
}

/** Publishing posts only when the state is staged; otherwise it does nothing and returns an empty result. */
export async function publishIfStaged(http: HttpClient, revision: Revision, note?: string): Promise<PublishReply> {
  if (revision.state !== 'staged') return {};
  return publishRevision(http, revision.staged_rev_id, note);
}

/**
 * The publish note of the staged revision. The spec does not show its path; the reference
 * server takes it at PUT /api/policy/v1/rules/{rev}/note with { note, rev_id, state, updated_at }
 * (every policy save carries the revision fields, portal-core §3).
 */
export const REVISION_NOTE_PATH = (rev: number | string): string => `${POLICY_PATHS.rules}/${rev}/note`;

export async function saveNote(http: HttpClient, revision: Revision, note: string): Promise<Revision> {
  const body = { note, rev_id: revision.rev_id, state: revision.state, updated_at: revision.updated_at };
  const r = await http.put<Revision>(REVISION_NOTE_PATH(revision.staged_rev_id), body, { callName: 'saveNote' });
  return r.data;
}

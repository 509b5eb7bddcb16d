/** Policy revision calls (portal-core §4, §7 Policy). */
import type { PublishReply, Revision } from './contract/policy';
import { POLICY_PATHS } from './contract/policy';
import type { HttpClient } from './http';
import { SKIP_403_HEADER } from './contract/wire';

/** GET /rules takes a timestamp param so no cache in between serves an old revision. */
export async function getRevision(http: HttpClient): Promise<Revision> {
  const r = await http.get<Revision>(POLICY_PATHS.rules, {
    callName: 'getRevision',
    params: { timestamp: String(Date.now()) },
  });
  return r.data;
}

/**
 * Publishes the staged revision. Only call it when the state is 'staged': use
 * `publishIfStaged`, which does nothing and returns an empty result otherwise (portal-core §4).
 */
export async function publishRevision(http: HttpClient, rev: number): Promise<PublishReply> {
  const r = await http.post<PublishReply>(POLICY_PATHS.publish(rev), {}, { callName: 'publishRevision' });
  return r.data;
}

/** Publishing posts only when the state is staged; otherwise it does nothing and returns an empty result. */
export async function publishIfStaged(http: HttpClient, revision: Revision): Promise<PublishReply> {
  if (revision.state !== 'staged') return {};
  return publishRevision(http, revision.staged_rev_id);
}

/**
 * The publish note of the staged revision: the reference server's "portal_note" policy kind
 * (GET/PUT /api/policy/v1/rules/portal_note/{rev}). Like every policy save it carries rev_id,
 * state and updated_at (portal-core §3), and the note under `data`.
 */
export const REVISION_NOTE_PATH = (rev: number | string): string =>
  `${POLICY_PATHS.rules}/portal_note/${rev}`;

export interface RevisionNote {
  rev_id: number;
  note: string;
}

/** Read with skip-403: roles without policy access simply have no note to show. */
export async function getNote(http: HttpClient, rev: number): Promise<RevisionNote> {
  const r = await http.get<RevisionNote>(REVISION_NOTE_PATH(rev), {
    callName: 'getNote',
    headers: { [SKIP_403_HEADER]: '1' },
  });
  return r.data;
}

export async function saveNote(http: HttpClient, revision: Revision, note: string): Promise<Revision> {
  const body = {
    rev_id: revision.rev_id,
    state: revision.state,
    updated_at: revision.updated_at,
    data: { note },
  };
  const r = await http.put<Revision>(REVISION_NOTE_PATH(revision.staged_rev_id), body, {
    callName: 'saveNote',
  });
  return r.data;
}

/** Policy revision calls (docs/policy.md §2, §4 Policy). */
import type {
  PolicyDiff,
  PublishBody,
  PublishReply,
  Revision,
  RevisionsPage,
  TesterReply,
  TesterRequest,
} from './contract/policy';
import { POLICY_PATHS, REVISIONS_PAGE_MAX } from './contract/policy';
import type { HttpClient } from './http';
import { SKIP_403_HEADER } from './contract/wire';
import { ApiCallError } from './ApiCallError';
import type { PolicyData, PolicyDocReply, PolicyKind } from './contract/policyKinds';
import { PORTAL_NOTE_PATH } from './contract/policyKindGroups';

/**
 * The policy-kind registry (the kinds' paths, schemas and defaults, with ipaddr.js), loaded with
 * the first document call rather than with every page that imports these calls: the policy pages
 * import it themselves, so there it is in already (bench/README.md "First load").
 */
const policyKinds = () => import('./contract/policyKinds');

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
 * `publishIfStaged`, which does nothing and returns an empty result otherwise (docs/policy.md §2).
 */
export async function publishRevision(
  http: HttpClient,
  rev: number,
  body: PublishBody = {},
): Promise<PublishReply> {
  const r = await http.post<PublishReply>(POLICY_PATHS.publish(rev), body, { callName: 'publishRevision' });
  return r.data;
}

/** Publishing posts only when the state is staged; otherwise it does nothing and returns an empty result. */
export async function publishIfStaged(
  http: HttpClient,
  revision: Revision,
  comment?: string,
): Promise<PublishReply> {
  if (revision.state !== 'staged') return {};
  return publishRevision(http, revision.staged_rev_id, {
    updated_at: revision.updated_at,
    ...(comment ? { comment } : {}),
  });
}

/** The revision fields every write that must see the current revision carries. */
const seen = (revision: Revision) => ({
  rev_id: revision.rev_id,
  state: revision.state,
  updated_at: revision.updated_at,
});

/** Drops the staged revision's changes; the reply is the revision after it (state new). */
export async function discardStaged(http: HttpClient, revision: Revision): Promise<Revision> {
  const r = await http.post<Revision>(POLICY_PATHS.discard(revision.staged_rev_id), seen(revision), {
    callName: 'discardStaged',
  });
  return r.data;
}

/** Stages a copy of published revision `rev` (review, then publish as usual). */
export async function rollbackTo(http: HttpClient, rev: number, revision: Revision): Promise<Revision> {
  const r = await http.post<Revision>(POLICY_PATHS.rollback(rev), seen(revision), { callName: 'rollbackTo' });
  return r.data;
}

/** Published revisions, newest first (page size default 25, offset 0: docs/provider-console.md §3). */
export async function listRevisions(
  http: HttpClient,
  page: { limit?: number; offset?: number } = {},
): Promise<RevisionsPage> {
  const r = await http.get<RevisionsPage>(POLICY_PATHS.revisions, {
    callName: 'listRevisions',
    params: {
      limit: String(page.limit ?? 25),
      offset: String(page.offset ?? 0),
      timestamp: String(Date.now()),
    },
  });
  return r.data;
}

/**
 * The revisions published in [from, to) (ISO times), newest first: a chart's change markers. One
 * page of the most the server answers; a chart's range holds far fewer publishes.
 */
export async function listRevisionsPublishedIn(
  http: HttpClient,
  window: { from: string; to: string },
): Promise<RevisionsPage> {
  const r = await http.get<RevisionsPage>(POLICY_PATHS.revisions, {
    callName: 'listRevisionsPublishedIn',
    params: {
      from: window.from,
      to: window.to,
      limit: String(REVISIONS_PAGE_MAX),
      offset: '0',
      timestamp: String(Date.now()),
    },
  });
  return r.data;
}

/** What changed from revision `from` to revision `to`, per kind the caller may read. */
export async function diffRevisions(http: HttpClient, from: number, to: number): Promise<PolicyDiff> {
  const r = await http.get<PolicyDiff>(POLICY_PATHS.diff, {
    callName: 'diffRevisions',
    params: { from: String(from), to: String(to), timestamp: String(Date.now()) },
  });
  return r.data;
}

/** The staged and the published web policy's decision for a request. */
export async function testPolicy(http: HttpClient, request: TesterRequest): Promise<TesterReply> {
  const r = await http.post<TesterReply>(POLICY_PATHS.tester, request, { callName: 'testPolicy' });
  return r.data;
}

/** A policy document (a row of the policy-kind registry) as revision `rev` sees it. */
export async function getPolicyDoc<K extends PolicyKind>(
  http: HttpClient,
  kind: K,
  rev: number,
  options: { skip403?: boolean; callName?: string } = {},
): Promise<PolicyDocReply<K>> {
  const { policyDocPath } = await policyKinds();
  return readDoc(http, policyDocPath(kind, rev), options.callName ?? `getPolicyDoc:${kind}`, options.skip403);
}

async function readDoc<R>(http: HttpClient, path: string, callName: string, skip403?: boolean): Promise<R> {
  const r = await http.get<R>(path, {
    callName,
    params: { timestamp: String(Date.now()) },
    headers: skip403 ? { [SKIP_403_HEADER]: '1' } : undefined,
  });
  return r.data;
}

/**
 * The kinds whose reads tolerate 403 and 404 (docs/http-client.md §5): the parent tenant's global
 * rules (no parent, or no right to see it) and the global bnb rules.
 */
export const TOLERANT_READ_KINDS = [
  'web/parent_global_exceptions',
  'inspection/parent_global_exceptions',
  'parent_global_bnb',
  'global_bnb',
] as const satisfies readonly PolicyKind[];
export type TolerantReadKind = (typeof TOLERANT_READ_KINDS)[number];

/** Reads one of TOLERANT_READ_KINDS; a 403 or 404 answers the kind's empty document (its defaults). */
export async function getPolicyDocTolerant<K extends TolerantReadKind>(
  http: HttpClient,
  kind: K,
  rev: number,
): Promise<PolicyDocReply<K>> {
  try {
    return await getPolicyDoc(http, kind, rev, { skip403: true, callName: `getPolicyDocTolerant:${kind}` });
  } catch (error) {
    if (error instanceof ApiCallError && (error.status === 403 || error.status === 404)) {
      const { POLICY_KIND_REGISTRY } = await policyKinds();
      return {
        rev_id: rev,
        ...(JSON.parse(JSON.stringify(POLICY_KIND_REGISTRY[kind].defaults)) as object),
      } as PolicyDocReply<K>;
    }
    throw error;
  }
}

/**
 * Saves a policy document into the staged revision. Like every policy save it carries rev_id,
 * state and updated_at (docs/policy.md §2), and the document under `data`; the reply is the
 * revision after the save. It goes to the kind's writePath when it has one (private access).
 */
export async function savePolicyDoc<K extends PolicyKind>(
  http: HttpClient,
  kind: K,
  revision: Revision,
  data: PolicyData<K>,
  callName = `savePolicyDoc:${kind}`,
): Promise<Revision> {
  const { policyDocWritePath } = await policyKinds();
  return writeDoc(http, policyDocWritePath(kind, revision.staged_rev_id), revision, data, callName);
}

async function writeDoc(
  http: HttpClient,
  path: string,
  revision: Revision,
  data: unknown,
  callName: string,
): Promise<Revision> {
  const body = { rev_id: revision.rev_id, state: revision.state, updated_at: revision.updated_at, data };
  const r = await http.put<Revision>(path, body, { callName });
  return r.data;
}

/** The publish note of a revision: the reference server's "portal_note" policy kind. */
export type RevisionNote = PolicyDocReply<'portal_note'>;

/**
 * Read with skip-403: roles without policy access simply have no note to show. The note's path is
 * the one the registry's row takes (policyKindGroups.ts), so the shell's note needs no registry.
 */
export const getNote = (http: HttpClient, rev: number): Promise<RevisionNote> =>
  readDoc(http, PORTAL_NOTE_PATH.replace('{rev}', String(rev)), 'getNote', true);

export const saveNote = (http: HttpClient, revision: Revision, note: string): Promise<Revision> =>
  writeDoc(
    http,
    PORTAL_NOTE_PATH.replace('{rev}', String(revision.staged_rev_id)),
    revision,
    { note },
    'saveNote',
  );

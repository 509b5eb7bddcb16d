/**
 * Tests only: a stateful policy server on the axios mock — the revision, each kind's document,
 * saves checked against updated_at (409 naming who changed it, as the reference server does).
 */
import type MockAdapter from 'axios-mock-adapter';
import type { Revision } from '@workbench/common/api/contract/policy';
import { TOLERANT_READ_KINDS } from '@workbench/common/api/policy';
import {
  POLICY_KINDS,
  POLICY_KIND_REGISTRY,
  kindPathHasRev,
  policyDocPath,
  type PolicyKind,
} from '@workbench/common/api/contract/policyKinds';

export interface FakePolicyServer {
  revision: Revision;
  docs: Partial<Record<PolicyKind, unknown>>;
  /** The bodies of the saves that were accepted, in order. */
  saves: Array<{
    kind: PolicyKind;
    body: { rev_id: number; state: string; updated_at: string; data: unknown };
  }>;
  /** Another administrator saves `data` of `kind` (the revision moves on). */
  otherAdminSaves: (kind: PolicyKind, data: unknown) => void;
  /** The next save of any kind answers this 400 instead. */
  failNextSave: (body: { message: string; field: string }) => void;
}

/** The kind and revision of a document's path; rev null for a path without one (the staged revision's). */
function kindOf(url: string): { kind: PolicyKind; rev: number | null } | null {
  for (const kind of POLICY_KINDS) {
    // A path without {rev} is the staged revision's document.
    if (!kindPathHasRev(POLICY_KIND_REGISTRY[kind].path)) {
      if (url === POLICY_KIND_REGISTRY[kind].path) return { kind, rev: null };
      continue;
    }
    const prefix = policyDocPath(kind, '');
    const rest = url.startsWith(prefix) ? url.slice(prefix.length) : null;
    if (rest !== null && /^\d+$/.test(rest)) return { kind, rev: Number(rest) };
  }
  return null;
}

/** Kinds whose reads take a 404 as empty (a parent tenant's rules). */
const isTolerant = (kind: PolicyKind) => (TOLERANT_READ_KINDS as readonly PolicyKind[]).includes(kind);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Any kind's document path: `<path before {rev}><digits>`, or a path without {rev} as it is. */
const EVERY_KIND_PATH = new RegExp(
  `^(?:${POLICY_KINDS.map((k) => {
    const path = POLICY_KIND_REGISTRY[k].path;
    return kindPathHasRev(path) ? `${escape(policyDocPath(k, ''))}\\d+` : escape(path);
  }).join('|')})$`,
);

export function fakePolicyServer(
  mock: MockAdapter,
  docs: Partial<Record<PolicyKind, unknown>>,
  revision: Revision,
): FakePolicyServer {
  let clock = Date.parse(revision.updated_at);
  let failure: { message: string; field: string } | null = null;
  const server: FakePolicyServer = {
    revision: { ...revision },
    docs: { ...docs },
    saves: [],
    otherAdminSaves(kind, data) {
      clock += 60_000;
      server.docs[kind] = data;
      server.revision = {
        ...server.revision,
        state: 'staged',
        updated_at: new Date(clock).toISOString(),
        updated_by: 'bob@acme.example',
      };
    },
    failNextSave(body) {
      failure = body;
    },
  };
  const read = (url: string | undefined): [number, unknown] => {
    const at = kindOf(url ?? '');
    // A parent's rules given no document: no parent tenant (the client reads the 404 as empty).
    if (!at || (at.rev === null && server.docs[at.kind] === undefined && isTolerant(at.kind)))
      return [404, { statusCode: 404, error: 'Not Found', message: 'No such document.' }];
    const doc = server.docs[at.kind] ?? POLICY_KIND_REGISTRY[at.kind].defaults;
    return [200, { rev_id: at.rev ?? server.revision.staged_rev_id, ...(doc as object) }];
  };
  mock.onGet('/api/policy/v1/rules').reply(() => [200, server.revision]);
  // The same matcher as the portal harness's default replaces it (axios-mock-adapter keeps one per matcher).
  mock.onGet(/^\/api\/policy\/v1\/rules\/.+/).reply((config) => read(config.url));
  mock.onGet(/^\/api\/policy\/v3\/rules\/.+/).reply((config) => read(config.url));
  mock.onGet(/^\/api\/policy\/v1\/cats\/extension\/\d+$/).reply((config) => read(config.url));
  // Every other kind's document (cloud apps, egress headers, …), by its registry path.
  mock.onGet(EVERY_KIND_PATH).reply((config) => read(config.url));
  mock
    .onPut(
      new RegExp(
        `^\\/api\\/policy\\/v1\\/(rules|cats\\/extension)\\/.+|^\\/api\\/policy\\/v3\\/rules\\/.+|${EVERY_KIND_PATH.source}`,
      ),
    )
    .reply((config): [number, unknown] => {
      const at = kindOf(config.url ?? '');
      const body = JSON.parse(config.data as string) as FakePolicyServer['saves'][number]['body'];
      // Read-only kinds (a parent's rules) take no save; paths without {rev} save the staged revision's.
      if (!at || (POLICY_KIND_REGISTRY[at.kind] as { readOnly?: true }).readOnly)
        return [404, { statusCode: 404, error: 'Not Found', message: 'No such document.' }];
      const rev = at.rev ?? server.revision.staged_rev_id;
      if (failure) {
        const f = failure;
        failure = null;
        return [400, { statusCode: 400, error: 'Bad Request', ...f }];
      }
      if (rev !== server.revision.staged_rev_id || body.updated_at !== server.revision.updated_at)
        return [
          409,
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'The policy revision has changed since it was loaded. Reload and try again.',
            field: 'updated_at',
            changed_by: server.revision.updated_by ?? null,
            changed_at: server.revision.updated_at,
          },
        ];
      const { reorderingEvents: _reported, ...data } = body.data as Record<string, unknown>;
      server.saves.push({ kind: at.kind, body });
      server.docs[at.kind] = data;
      clock += 1000;
      server.revision = {
        ...server.revision,
        state: 'staged',
        updated_at: new Date(clock).toISOString(),
        updated_by: 'admin@acme.example',
      };
      return [200, server.revision];
    });
  return server;
}

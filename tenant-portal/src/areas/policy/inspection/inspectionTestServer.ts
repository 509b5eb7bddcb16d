/**
 * Tests only: the web policy's fake server (../web/fakePolicyServer.ts) plus what the content
 * inspection page reads beyond it: the v4 documents (GET and PUT /api/policy/v4/rules/…/{rev}, the
 * same revision check), the content version, the v4 content types, ra_threats and the content
 * migration. The parent tenant's rules answer 404 (no parent), which the page reads as empty.
 */
import type MockAdapter from 'axios-mock-adapter';
import type { Revision } from '@workbench/common/api/contract/policy';
import { POLICY_KIND_REGISTRY, type PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { fakePolicyServer, type FakePolicyServer } from '../web/fakePolicyServer';

export interface InspectionTestServer extends FakePolicyServer {
  contentVersion: 3 | 4;
  /** Bodies of the PUT /v4/content_migration calls. */
  migrations: unknown[];
  /** The next migration answers this status and body instead. */
  failNextMigration: (status: number, body: object) => void;
}

export const V4_CONTENT_TYPES = {
  contentTypes: {
    files: [
      {
        name: 'Documents',
        list: [
          { name: 'PDF', extensions: ['pdf'], mime_types: ['application/pdf'] },
          { name: 'Word', extensions: ['doc', 'docx'], mime_types: ['application/msword'] },
        ],
      },
      {
        name: 'iCalendar',
        list: [{ name: 'ICS', extensions: ['ics'], mime_types: ['text/calendar'] }],
      },
    ],
  },
};

export const RA_THREATS = {
  threats: [
    { id: 'ransomware', name: 'Ransomware', severity: 'high', description: 'Encrypts files for ransom.' },
  ],
};

const v4Kind = (url: string): PolicyKind | null =>
  url.startsWith('/api/policy/v4/rules/docs/')
    ? 'v4/docs'
    : url.startsWith('/api/policy/v4/rules/content/')
      ? 'v4/content'
      : null;

export function inspectionTestServer(
  mock: MockAdapter,
  docs: Partial<Record<PolicyKind, unknown>>,
  revision: Revision,
  contentVersion: 3 | 4 = 3,
): InspectionTestServer {
  const base = fakePolicyServer(mock, docs, revision);
  let migrationFailure: [number, object] | null = null;
  const server = Object.assign(base, {
    contentVersion,
    migrations: [] as unknown[],
    failNextMigration(status: number, body: object) {
      migrationFailure = [status, body];
    },
  });
  const later = () => new Date(Date.parse(server.revision.updated_at) + 1000).toISOString();
  mock.onGet('/api/policy/v1/content_version').reply(() => [200, { version: server.contentVersion }]);
  mock.onGet('/api/policy/v4/content_types').reply(200, V4_CONTENT_TYPES);
  mock.onGet('/api/policy/v1/ra_threats').reply(200, RA_THREATS);
  mock.onGet(/^\/api\/policy\/v4\/rules\/.+/).reply((config) => {
    const kind = v4Kind(config.url ?? '');
    if (!kind) return [404, { message: 'No such document.' }];
    return [
      200,
      {
        rev_id: server.revision.staged_rev_id,
        ...((server.docs[kind] ?? POLICY_KIND_REGISTRY[kind].defaults) as object),
      },
    ];
  });
  mock.onPut(/^\/api\/policy\/v4\/rules\/.+/).reply((config) => {
    const kind = v4Kind(config.url ?? '');
    const body = JSON.parse(config.data as string) as InspectionTestServer['saves'][number]['body'];
    if (!kind) return [404, { message: 'No such document.' }];
    if (body.updated_at !== server.revision.updated_at)
      return [409, { message: 'The policy revision has changed since it was loaded.', field: 'updated_at' }];
    const { reorderingEvents: _reported, ...data } = body.data as Record<string, unknown>;
    server.saves.push({ kind, body });
    server.docs[kind] = data;
    server.revision = { ...server.revision, state: 'staged', updated_at: later() };
    return [200, server.revision];
  });
  mock.onPut('/api/policy/v4/content_migration').reply((config) => {
    server.migrations.push(JSON.parse(config.data as string));
    if (migrationFailure) {
      const f = migrationFailure;
      migrationFailure = null;
      return f;
    }
    server.contentVersion = 4;
    server.revision = { ...server.revision, state: 'staged', updated_at: later() };
    return [200, server.revision];
  });
  return server;
}

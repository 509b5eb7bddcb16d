/**
 * Tests only: the Email Policy page's server on the axios mock: the policy documents (web's
 * fakePolicyServer), the mail users and groups, the popular-sites feed and UCE reports.
 */
import type MockAdapter from 'axios-mock-adapter';
import type { Revision } from '@workbench/common/api/contract/policy';
import { SAFEMAIL_WHITELIST_PATHS } from '@workbench/common/api/contract/safemailWhitelist';
import { fakePolicyServer, type FakePolicyServer } from '../web/fakePolicyServer';

export interface EmailTestServer extends FakePolicyServer {
  /** Bodies of the UCE reports received. */
  uce: unknown[];
}

export const MAIL_USERS = [
  { email: 'ap@acme.example', name: 'Alex Payable', groups: ['Finance'] },
  { email: 'cfo@acme.example', name: 'Casey Officer', groups: ['Finance', 'Executives'] },
  { email: 'dev@acme.example', name: 'Dana Dev', groups: [] },
];

export function emailTestServer(
  mock: MockAdapter,
  docs: FakePolicyServer['docs'],
  revision: Revision,
): EmailTestServer {
  const server = fakePolicyServer(mock, docs, revision) as EmailTestServer;
  server.uce = [];
  mock.onGet('/api/policy/v1/smtp_users').reply(200, { users: MAIL_USERS });
  mock.onGet('/api/policy/v1/smtp_groups').reply(200, {
    groups: [
      { name: 'Finance', member_count: 2 },
      { name: 'Executives', member_count: 1 },
    ],
  });
  mock.onGet(SAFEMAIL_WHITELIST_PATHS.feeds).reply((config) => {
    const params = config.params as Record<string, string>;
    if (params.type !== 'global') return [400, { statusCode: 400, error: 'Bad Request', message: 'type' }];
    return [
      200,
      {
        type: 'global',
        total: 2,
        sites: [
          { domain: 'google.com', rank: 1, source: 'menlo' },
          { domain: 'zoom.us', rank: 2, source: 'menlo' },
        ],
      },
    ];
  });
  mock.onPost(SAFEMAIL_WHITELIST_PATHS.uce).reply((config) => {
    const body = JSON.parse(config.data as string) as Record<string, unknown>;
    server.uce.push(body);
    return [
      200,
      {
        id: 'u-1',
        ...body,
        status: 'received',
        submitted_by: 'admin@acme.example',
        submitted_at: '2026-11-20T10:00:00.000Z',
      },
    ];
  });
  return server;
}

/**
 * The portal against a backend with only the spec's calls (docs/api.md): the extensions listing
 * answers none, so every control that needs one is absent and nothing calls an extension route;
 * with the reference server's default (every extension) the same controls are there.
 */
// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  logsIds,
  notFoundIds,
  policyIds,
  policyTesterIds,
  publishBarIds,
  revisionHistoryIds,
  shellIds,
} from '@workbench/common';
import type { ScheduledReport } from '@workbench/common/api/contract/reportFiles';
import { reportsIds } from '@workbench/common/test-ids/reportsIds';
import { casbPolicyIds } from '@workbench/common/test-ids/casbIds';
import {
  EXTENSION_IDS,
  EXTENSION_REGISTRY,
  extensionsOf,
  type ExtensionId,
} from '@workbench/common/api/contract/extensions';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { changePasswordIds, twoFactorIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv, revision } from '../testing/renderPortal';

afterEach(resetPortalEnv);

// The reports page's tables: AG Grid draws no rows in jsdom.
jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

/** A wait limit for pages that draw a grid on a busy machine (not a timing assertion). */
const SLOW = { timeout: 20_000 };

/** Every route of every extension, as a pattern of the URLs the client would ask. */
const EXTENSION_ROUTES = EXTENSION_IDS.flatMap((id) =>
  EXTENSION_REGISTRY[id].routes.map(
    (r) => new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/?]+').replace(/[.]/g, '\\.')}(\\?|$)`),
  ),
);
/** The calls the page made to an extension's routes. */
const extensionCalls = (mock: MockAdapter): string[] =>
  Object.values(mock.history)
    .flat()
    .map((r) => r.url ?? '')
    .filter((url) => EXTENSION_ROUTES.some((re) => re.test(url)));

const weekly: ScheduledReport = {
  id: 's1',
  name: 'Weekly',
  source: { dashboard: 'web' },
  filters: {},
  interval: '7d',
  schedule: { preset: 'weekly', cron: '0 6 * * 1', timezone: 'Europe/Berlin' },
  format: 'pdf',
  recipients: [],
  enabled: true,
  owner: 'admin@acme.example',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  last_run_at: null,
  next_run_at: '2026-11-23T05:00:00.000Z',
};

const CASES: Array<[string, readonly ExtensionId[]]> = [
  ['every extension', extensionsOf('tenant')],
  ['no extension', []],
];

describe.each(CASES)('with %s served', (_name, extensions) => {
  const on = extensions.length > 0;

  it('the publish bar offers Review, Discard and the history only when served; Publish always works', async () => {
    const { mock } = renderPortal({
      path: '/policy/dlp',
      user: demoUser('admin'),
      revision: revision('staged', 12),
      extensions,
      stubs: (m) => {
        m.onGet('/api/policy/v1/revisions/diff').reply(200, { from: 11, to: 12, kinds: [] });
        m.onPost('/api/policy/v1/rules/12').reply(200, { ...revision('new', 13), rev_id: 12 });
      },
    });
    const publish = await screen.findByTestId(publishBarIds.publish);
    await waitFor(() => expect(screen.queryByTestId(publishBarIds.review) !== null).toBe(on));
    expect(screen.queryByTestId(publishBarIds.discard) !== null).toBe(on);
    expect(screen.queryByTestId(publishBarIds.history) !== null).toBe(on);

    await userEvent.click(publish);
    await screen.findByTestId(publishBarIds.publishDialog);
    expect(screen.queryByTestId(publishBarIds.publishComment) !== null).toBe(on);
    const confirm = screen.getByTestId(publishBarIds.publishConfirm);
    await waitFor(() => expect(confirm).toBeEnabled());
    await userEvent.click(confirm);
    await waitFor(() => expect(mock.history.post.map((r) => r.url)).toContain('/api/policy/v1/rules/12'));
    if (!on) expect(extensionCalls(mock)).toEqual([]);
  });

  it('the policy tester and the revision history are pages only when served (else the 404 page)', async () => {
    for (const [path, pageId] of [
      ['/policy/tester', policyTesterIds.page],
      ['/policy/history', revisionHistoryIds.page],
    ] as const) {
      const { mock, unmount } = renderPortal({
        path,
        user: demoUser('admin'),
        extensions,
        stubs: (m) => m.onGet('/api/policy/v1/revisions').reply(200, { items: [], total: 0, current: 1 }),
      });
      if (on) expect(await screen.findByTestId(pageId, {}, SLOW)).toBeInTheDocument();
      else {
        expect(await screen.findByTestId(notFoundIds.page, {}, SLOW)).toBeInTheDocument();
        expect(extensionCalls(mock)).toEqual([]);
      }
      unmount();
    }
  });

  it('the policy landing shows the publish note only when served', async () => {
    const { mock } = renderPortal({ path: '/policy', user: demoUser('admin'), extensions });
    expect(await screen.findByTestId(policyIds.revisionSummary)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId(policyIds.noteInput) !== null).toBe(on));
    if (!on) expect(extensionCalls(mock)).toEqual([]);
  });

  it('the logs explorer: rows always; count and histogram, fields, Export and Saved searches only when served', async () => {
    const { mock } = renderPortal({
      path: '/logs/web?interval=24h',
      user: demoUser('admin'),
      extensions,
      stubs: (m) => {
        m.onGet('/api/rep/v1/query/scan_web').reply(200, {
          events: [{ id: 'e1', time: 1_800_000_000_000, log_type: 'scan_web', domain: 'a.example' }],
          pagingIdentifiers: { last_iteration: true },
        });
        m.onGet(/\/api\/rep\/v1\/histogram\//).reply(200, {
          total: 1,
          bucketMs: 60_000,
          seriesField: 'action',
          buckets: [],
        });
        m.onGet('/api/rep/v1/saved_searches').reply(200, { saved_searches: [] });
      },
    });
    await waitFor(() => expect(screen.getByTestId(logsIds.rowCount)).toHaveTextContent(/1 event/), SLOW);
    expect(screen.queryByTestId(logsIds.exportButton) !== null).toBe(on);
    expect(screen.queryByTestId(logsIds.savedSearchesButton) !== null).toBe(on);
    expect(screen.queryByTestId(logsExplorerIds.sidebarToggle) !== null).toBe(on);
    if (!on) {
      expect(screen.queryByTestId(logsExplorerIds.histogram)).not.toBeInTheDocument();
      expect(extensionCalls(mock)).toEqual([]);
    }
  }, 120_000);

  it('the user menu offers two-factor sign-in only when served; the password change always', async () => {
    renderPortal({
      path: '/dashboard',
      user: demoUser('admin', { rbac: true, tfa: true }),
      extensions,
    });
    await screen.findByTestId(shellIds.pageTitle);
    await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
    await screen.findByTestId(shellIds.logout);
    expect(screen.queryByTestId(twoFactorIds.menuItem) !== null).toBe(on);
    // The own password change is part of signing in (docs/api.md), not an extension: always there.
    expect(screen.getByTestId(changePasswordIds.menuItem)).toBeInTheDocument();
  });

  it("the cloud-app discovery shows the server's catalogue only when served; its setting always", async () => {
    const { mock } = renderPortal({
      path: '/policy/casb/discovery',
      user: demoUser('admin'),
      extensions,
      stubs: (m) => {
        m.onGet('/api/policy/v3/casb/app_discovery').reply(200, {
          rev_id: 6,
          app_discovery: { enabled: true, hidden_apps: [] },
        });
        m.onGet('/api/policy/v3/casb/app_discovery/apps').reply(200, { start: 0, end: 1, apps: [] });
      },
    });
    expect(await screen.findByTestId(casbPolicyIds.discoveryEnabled, {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId(casbPolicyIds.discoveryTable) !== null).toBe(on), SLOW);
    if (!on) expect(extensionCalls(mock)).toEqual([]);
  });

  it('the reports page offers Delete and Run now only when served', async () => {
    renderPortal({
      path: '/reports',
      user: demoUser('admin'),
      extensions,
      stubs: (m) => {
        m.onGet('/api/reports/v1/scheduled_reports').reply(200, {
          scheduled_reports: [weekly],
        });
        m.onGet('/api/reports/v1/past_reports').reply(200, { past_reports: [] });
      },
    });
    await screen.findByTestId(reportsIds.page, {}, SLOW);
    await waitFor(() => expect(screen.getByText('Weekly')).toBeInTheDocument(), SLOW);
    expect(screen.queryByTestId(`${reportsIds.runNow}-Weekly`) !== null).toBe(on);
    expect(screen.queryByTestId(reportsIds.deleteSelected) !== null).toBe(on);
  });
});

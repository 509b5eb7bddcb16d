/**
 * The revision gate (AreaGuard.tsx) of the dashboard, settings and logs: on the location the page
 * was opened at it waits for the revision the session's start reads, without a second read (issue
 * 42: another round trip before the first page); every later mount (an area entered from one
 * without the gate) reads it again.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { logsIds } from '@workbench/common';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';

afterEach(resetPortalEnv);

const RULES = '/api/policy/v1/rules';
const WEB = '/api/rep/v1/query/scan_web';
const PAGE = { timeout: 60_000 };

it('reads the revision once for the page opened, and again on entering another area', async () => {
  const view = renderPortal({
    path: '/logs/web',
    user: demoUser('admin'),
    stubs: (mock) => mock.onGet(WEB).reply(200, { events: [], pagingIdentifiers: { last_iteration: true } }),
  });
  const reads = () => view.mock.history.get.filter((r) => r.url === RULES).length;
  await screen.findByTestId(logsIds.page, {}, PAGE);
  expect(reads()).toBe(1);
  // Through a page outside the gated areas (the gate stays mounted between two of them).
  await act(() => view.router.navigate('/policy'));
  await act(() => view.router.navigate('/settings/users'));
  await waitFor(() => expect(reads()).toBe(2), PAGE);
});

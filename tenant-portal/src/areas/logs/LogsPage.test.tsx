import { fireEvent, screen, waitFor } from '@testing-library/react';
import { logsIds } from '@workbench/common';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { filterSchemaOf, logsEmptyResultsText } from './LogsPage';

afterEach(() => resetPortalEnv());

const WEB = '/api/rep/v1/query/scan_web';
const event = (i: number) => ({
  id: `e${i}`,
  time: 1_800_000_000_000 - i * 1000,
  event_time: new Date(1_800_000_000_000 - i * 1000).toISOString(),
  log_type: 'scan_web',
  userid: `user${i}@acme.example`,
  action: 'block',
  domain: `site${i}.example`,
});

describe('logs explorer', () => {
  it('a copied link reproduces the same query: interval, pinned end, filters and search come from the URL', async () => {
    const seen: Record<string, string>[] = [];
    const view = renderPortal({
      path: '/logs/web?interval=24h&to=1800000000&action=block,allow&search=news&sort=event_time:desc',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock.onGet(WEB).reply((config) => {
          seen.push(config.params as Record<string, string>);
          return [200, { events: [event(0), event(1)], pagingIdentifiers: { last_iteration: true } }];
        }),
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0]).toEqual({
      start: String(1800000000 - 86400),
      end: '1800000000',
      action: 'block,allow',
      search: 'news',
      limit: '100',
    });
    expect(await screen.findByTestId(logsIds.rowCount)).toHaveTextContent('2 events');
    expect(view.location()).toContain('to=1800000000');
  });

  it('Copy link copies the view with the range end of the rows shown pinned, and leaves the URL as it was', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const seen: Record<string, string>[] = [];
    const view = renderPortal({
      path: '/logs/web?interval=7d&action=block',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock.onGet(WEB).reply((config) => {
          seen.push(config.params as Record<string, string>);
          return [200, { events: [], pagingIdentifiers: { last_iteration: true } }];
        }),
    });
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId(logsIds.copyLink));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const link = new URL(String((writeText.mock.calls[0] as unknown[])[0]));
    const copied = new URLSearchParams(link.hash.split('?')[1]);
    expect(link.hash.startsWith('#/logs/web?')).toBe(true);
    expect(copied.get('to')).toBe(seen[0].end);
    expect(copied.get('action')).toBe('block');
    expect(copied.get('interval')).toBe('7d');
    expect(view.location()).toBe('/logs/web?interval=7d&action=block');
  });

  it("Empty results: 'No ... were found to match your search/filters. Try modifying or resetting your criteria.'", async () => {
    const view = renderPortal({
      path: '/logs/web?interval=24h&to=1800000000&action=block&search=zzz&columns=domain',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock.onGet(WEB).reply(200, { events: [], pagingIdentifiers: { last_iteration: true } }),
    });
    expect(await screen.findByTestId(logsIds.empty)).toHaveTextContent(
      'No web logs were found to match your search/filters. Try modifying or resetting your criteria.',
    );
    expect(logsEmptyResultsText('dlp')).toBe(
      'No DLP logs were found to match your search/filters. Try modifying or resetting your criteria.',
    );
    // Resetting the criteria drops the filters and the search, and keeps interval and columns.
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(view.location()).toBe('/logs/web?interval=24h&columns=domain'));
  });

  it('Logs load failure shows the error message', async () => {
    renderPortal({
      path: '/logs/web?interval=7d&to=1800000000&action=nope',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock.onGet(WEB).reply(400, { message: "Unknown value 'nope' of filter action.", field: 'action' }),
    });
    expect(await screen.findByTestId(logsIds.error)).toHaveTextContent(
      "Unknown value 'nope' of filter action.",
    );
  });

  it('an unknown interval in the URL is named, and nothing is fetched', async () => {
    const calls: unknown[] = [];
    renderPortal({
      path: '/logs/web?interval=forever&to=1800000000',
      user: demoUser('admin'),
      stubs: (mock) =>
        mock
          .onGet(WEB)
          .reply(() => (calls.push(1), [200, { events: [], pagingIdentifiers: { last_iteration: true } }])),
    });
    expect(await screen.findByTestId(logsIds.error)).toHaveTextContent('Unknown interval "forever"');
    expect(calls).toEqual([]);
  });

  it('the interval filter offers 180d (All time) only on the management station', () => {
    const cloud = filterSchemaOf('web', false).interval.options.map((o) => o.code);
    const ms = filterSchemaOf('web', true).interval.options.map((o) => o.code);
    expect(cloud).not.toContain('180d');
    expect(ms).toContain('180d');
    expect(filterSchemaOf('web', false).interval.defaultValue).toBe('7d');
  });

  it('the auditor without logs:dlp does not get the DLP logs grid', async () => {
    const paths: string[] = [];
    const view = renderPortal({
      path: '/logs/dlp?interval=7d',
      user: demoUser('auditor'),
      stubs: (mock) =>
        mock.onGet(/\/api\/rep\/v1\/query\//).reply((config) => {
          paths.push(String(config.url));
          return [200, { events: [], pagingIdentifiers: { last_iteration: true } }];
        }),
    });
    await waitFor(() => expect(view.location()).not.toMatch(/^\/logs\/dlp/));
    expect(paths.filter((p) => p.endsWith('scan_dlp'))).toEqual([]);
  });
});

/**
 * The file analysis dialog from the logs' details drawer (docs/reports.md §5) against a fake server:
 * an event with a file hash offers "File analysis report", one without does not; the dialog lists
 * the file's reports per plugin with their verdicts and shows the chosen one's HTML in a frame
 * with every sandbox restriction on (no allow-scripts, no allow-same-origin), never in the page.
 */
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createHttpClient, logsIds, XSRF_COOKIE } from '@workbench/common';
import {
  FILESERVER_RESTAPI_PATH,
  fileHtmlReportPath,
  type FileserverReply,
} from '@workbench/common/api/contract/fileserver';
import type { LogEvent } from '@workbench/common/api/contract/logs';
import { fileAnalysisIds } from '@workbench/common/test-ids/fileAnalysisIds';
import { createPortalStore } from '../../app/portalFeatures';
import { LogDetailDrawer } from './LogDetailDrawer';

const SHA = 'a'.repeat(64);
const T0 = 1_799_999_000_000;
const event = (fields: Record<string, string | number> = {}): LogEvent =>
  ({
    id: '7',
    time: T0,
    event_time: new Date(T0).toISOString(),
    log_type: 'scan_web',
    userid: 'ella@acme.example',
    file_name: 'setup.exe',
    ...fields,
  }) as LogEvent;

const REPLY: FileserverReply = {
  files: [
    {
      file: {
        sha256: SHA,
        file_name: 'setup.exe',
        file_type: 'exe',
        size: 1_234_567,
        log_type: 'scan_web',
        first_seen: T0 / 1000,
        events: 3,
      },
      reports: [
        {
          plugin: 'static_analysis',
          file_id: '1'.repeat(24),
          verdict: 'suspicious',
          score: 55,
          submitted_at: T0 / 1000,
          completed_at: T0 / 1000 + 4,
        },
        {
          plugin: 'sandbox',
          file_id: '2'.repeat(24),
          verdict: 'malicious',
          score: 91,
          submitted_at: T0 / 1000,
          completed_at: T0 / 1000 + 200,
        },
      ],
    },
  ],
  not_found: [],
};
/** A report whose document carries a script that would reach into the portal if it ran. */
const HOSTILE =
  '<html><body><p id="m">Sandbox report</p><script>parent.document.title="pwned";document.cookie="stolen=1";parent.localStorage.setItem("stolen","1")</script></body></html>';

function renderDrawer(shown: LogEvent) {
  const http = createHttpClient({ baseURL: '', xsrfCookie: XSRF_COOKIE });
  const mock = new MockAdapter(http);
  mock.onPost(FILESERVER_RESTAPI_PATH).reply(200, REPLY);
  mock.onGet(fileHtmlReportPath(SHA, 'static_analysis', '1'.repeat(24))).reply(200, '<p>Static report</p>');
  mock.onGet(fileHtmlReportPath(SHA, 'sandbox', '2'.repeat(24))).reply(200, HOSTILE);
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createPortalStore(navigation, http);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <LogDetailDrawer event={shown} onClose={() => undefined} />
      </MemoryRouter>
    </Provider>,
  );
  return mock;
}

test('an event without a file hash has no file analysis report', () => {
  renderDrawer(event());
  expect(screen.getByTestId(logsIds.detail)).toBeInTheDocument();
  expect(screen.queryByTestId(fileAnalysisIds.openFromEvent)).toBeNull();
});

test("an event's file: its reports per plugin, the chosen one's HTML in a fully sandboxed frame", async () => {
  const mock = renderDrawer(event({ sha256: SHA }));
  await userEvent.click(screen.getByTestId(fileAnalysisIds.openFromEvent));
  const dialog = await screen.findByTestId(fileAnalysisIds.dialog);
  expect(JSON.parse(mock.history.post[0].data as string)).toEqual({ sha256: [SHA] });
  const file = await within(dialog).findByTestId(`${fileAnalysisIds.file}-${SHA}`);
  expect(file).toHaveTextContent('setup.exe');
  expect(file).toHaveTextContent('1,234,567 bytes');
  expect(within(file).getByTestId(`${fileAnalysisIds.verdict}-${SHA}-sandbox`)).toHaveTextContent(
    'malicious · 91',
  );

  // The first report shows at once.
  const first = await within(dialog).findByTestId(fileAnalysisIds.frame);
  expect(first).toHaveAttribute('srcdoc', '<p>Static report</p>');

  await userEvent.click(within(file).getByTestId(`${fileAnalysisIds.report}-${SHA}-sandbox`));
  await waitFor(() => expect(screen.getByTestId(fileAnalysisIds.frame)).toHaveAttribute('srcdoc', HOSTILE));
  const frame = screen.getByTestId(fileAnalysisIds.frame);
  expect(frame.tagName).toBe('IFRAME');
  // Every restriction on: the empty sandbox (no token lifts one), and no src of the portal's origin.
  expect(frame.getAttribute('sandbox')).toBe('');
  expect(frame).not.toHaveAttribute('src');
  // The document is never put into the page itself.
  expect(document.getElementById('m')).toBeNull();
  expect(document.cookie).not.toContain('stolen');
});

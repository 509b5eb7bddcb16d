import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import {
  RECIPIENTS_NOTE,
  REPORT_FILE_PATHS,
  type PastReport,
  type ScheduledReport,
} from '@workbench/common/api/contract/reportFiles';
import { reportsIds } from '@workbench/common/test-ids/reportsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { PAST_EMPTY_TEXT, REPORTS_EMPTY_TEXT } from './ReportsPage';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const schedule = (n: number, extra: Partial<ScheduledReport> = {}): ScheduledReport => ({
  id: `s-${n}`,
  name: `Schedule ${n}`,
  source: { dashboard: 'web' },
  filters: {},
  interval: '7d',
  schedule: { preset: 'weekly', cron: '0 6 * * 1', timezone: 'Europe/Berlin' },
  format: 'pdf',
  recipients: ['secops@acme.example'],
  enabled: true,
  owner: 'admin@acme.example',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  last_run_at: null,
  next_run_at: '2026-11-23T05:00:00.000Z',
  ...extra,
});

const pastReport = (n: number, extra: Partial<PastReport> = {}): PastReport => ({
  id: `p-${n}`,
  name: `Schedule ${n}`,
  schedule_id: `s-${n}`,
  trigger: 'run_now',
  source: { dashboard: 'web' },
  filters: {},
  interval: '7d',
  start: 1_795_000_000,
  end: 1_795_604_800,
  timezone: 'Europe/Berlin',
  format: 'pdf',
  file_name: `Schedule-${n}_2026-11-15_2026-11-22.pdf`,
  content_type: 'application/pdf',
  size: 20480,
  created_at: '2026-11-22T08:00:00.000Z',
  created_by: 'admin@acme.example',
  recipients: [],
  panels: ['top_domains'],
  skipped: [],
  ...extra,
});

/** A little server: the lists answer what the writes left. */
function reportServer(schedules: ScheduledReport[], past: PastReport[] = []) {
  const state = { schedules: [...schedules], past: [...past] };
  const stubs = (m: MockAdapter) => {
    m.onGet(REPORT_FILE_PATHS.scheduled).reply(() => [200, { scheduled_reports: state.schedules }]);
    m.onGet(REPORT_FILE_PATHS.past).reply(() => [200, { past_reports: state.past }]);
    m.onPut(REPORT_FILE_PATHS.scheduled).reply((config) => {
      const body = JSON.parse(config.data as string) as ScheduledReport;
      const saved = schedule(state.schedules.length + 1, {
        ...body,
        id: body.id ?? `s-new`,
        schedule: { ...body.schedule, cron: body.schedule.cron ?? '0 6 * * 1' },
      });
      state.schedules = [...state.schedules.filter((s) => s.id !== saved.id), saved];
      return [200, saved];
    });
    m.onDelete(/\/scheduled_reports\/.+/).reply((config) => {
      const id = decodeURIComponent(String(config.url).split('/').pop() ?? '');
      state.schedules = state.schedules.filter((s) => s.id !== id);
      return [200, { deleted: true }];
    });
    m.onPost(/\/scheduled_reports\/.+\/run$/).reply((config) => {
      const id = decodeURIComponent(String(config.url).split('/').at(-2) ?? '');
      const made = pastReport(state.past.length + 1, { id: `p-run-${id}`, name: `Run of ${id}` });
      state.past = [made, ...state.past];
      state.schedules = state.schedules.map((s) =>
        s.id === id ? { ...s, last_run_at: '2026-11-22T08:00:00.000Z' } : s,
      );
      return [200, made];
    });
  };
  return { state, stubs };
}

const enter = async (field: HTMLElement, text: string) => {
  await userEvent.click(field);
  await userEvent.paste(text);
};

const puts = (mock: MockAdapter) => mock.history.put.filter((r) => r.url === REPORT_FILE_PATHS.scheduled);

describe('Reports page', () => {
  it('lists the schedules (source, schedule in words, recipients, next run) and the past reports with download links', async () => {
    const { stubs } = reportServer([schedule(1)], [pastReport(1)]);
    renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    const table = await screen.findByTestId(reportsIds.scheduledTable);
    expect(await within(table).findByText('Schedule 1')).toBeInTheDocument();
    expect(within(table).getByText('Web traffic dashboard')).toBeInTheDocument();
    expect(within(table).getByText('Weekly on Monday at 06:00 (Europe/Berlin)')).toBeInTheDocument();
    expect(within(table).getByText('secops@acme.example')).toBeInTheDocument();
    expect(within(table).getByText('PDF')).toBeInTheDocument();
    expect(screen.getByTestId(reportsIds.mailNote)).toHaveTextContent(RECIPIENTS_NOTE);
    const link = await screen.findByTestId(`${reportsIds.download}-p-1`);
    expect(link).toHaveAttribute('href', '/api/reports/v1/past_reports/p-1');
    expect(link).toHaveAttribute('download', 'Schedule-1_2026-11-15_2026-11-22.pdf');
    expect(link).toHaveTextContent('PDF, 20.48 KB');
    expect(screen.getByTestId(reportsIds.pastTotal)).toHaveTextContent('1 file');
  });

  it('without schedules it says what a schedule is', async () => {
    const { stubs } = reportServer([]);
    renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    expect(await screen.findByTestId(reportsIds.empty)).toHaveTextContent(REPORTS_EMPTY_TEXT);
    expect(await screen.findByText(PAST_EMPTY_TEXT)).toBeInTheDocument();
  });

  it('adds a schedule through the dialog: a dashboard, a preset, chips of recipients', async () => {
    const { stubs } = reportServer([]);
    const { mock } = renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    await userEvent.click(await screen.findByTestId(reportsIds.addButton));
    const dialog = await screen.findByTestId(reportsIds.formDialog);
    await enter(within(dialog).getByTestId(reportsIds.formName), 'Weekly web');
    await enter(within(dialog).getByTestId(reportsIds.formRecipients), 'a@acme.example ');
    await enter(within(dialog).getByTestId(reportsIds.formRecipients), 'b@acme.example,');
    expect(within(dialog).getByText('a@acme.example')).toBeInTheDocument();
    expect(within(dialog).getByText('b@acme.example')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByTestId(reportsIds.formSubmit));
    await waitFor(() => expect(puts(mock)).toHaveLength(1));
    expect(JSON.parse(puts(mock)[0].data as string)).toEqual({
      name: 'Weekly web',
      source: { dashboard: 'web' },
      interval: '7d',
      schedule: { preset: 'weekly', timezone: expect.any(String) },
      format: 'pdf',
      recipients: ['a@acme.example', 'b@acme.example'],
      enabled: true,
    });
    await waitFor(() => expect(screen.queryByTestId(reportsIds.formDialog)).not.toBeInTheDocument());
    expect(await screen.findByText('Weekly web', { selector: 'li span' })).toBeInTheDocument();
  });

  it('refuses a bad cron and a bad address in the dialog, sending nothing', async () => {
    const { stubs } = reportServer([]);
    const { mock } = renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    await userEvent.click(await screen.findByTestId(reportsIds.addButton));
    const dialog = await screen.findByTestId(reportsIds.formDialog);
    await enter(within(dialog).getByTestId(reportsIds.formName), 'Bad');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Runs' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom (cron expression)' }));
    const cron = within(dialog).getByTestId(reportsIds.formCron);
    await userEvent.clear(cron);
    await enter(cron, '*/5 * * * *');
    await enter(within(dialog).getByTestId(reportsIds.formRecipients), 'not-an-address ');
    await userEvent.click(within(dialog).getByTestId(reportsIds.formSubmit));
    expect(
      await within(dialog).findByText('The cron expression runs more often than once an hour.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Every recipient must be a valid e-mail address.')).toBeInTheDocument();
    expect(puts(mock)).toHaveLength(0);
  });

  it('edits a schedule: the PUT carries its id', async () => {
    const { stubs } = reportServer([schedule(1)]);
    const { mock } = renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    await userEvent.click(await screen.findByTestId(`${reportsIds.editButton}-Schedule 1`));
    const dialog = await screen.findByTestId(reportsIds.formDialog);
    const name = within(dialog).getByTestId(reportsIds.formName);
    await userEvent.clear(name);
    await enter(name, 'Renamed');
    await userEvent.click(within(dialog).getByTestId(reportsIds.formSubmit));
    await waitFor(() => expect(puts(mock)).toHaveLength(1));
    expect(JSON.parse(puts(mock)[0].data as string)).toMatchObject({
      id: 's-1',
      name: 'Renamed',
      schedule: { preset: 'weekly', timezone: 'Europe/Berlin' },
    });
  });

  it('"Run now" builds a file: the past reports and the last run show it', async () => {
    const { stubs } = reportServer([schedule(1)]);
    const { mock } = renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    expect(await screen.findByText(PAST_EMPTY_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByTestId(`${reportsIds.runNow}-Schedule 1`));
    expect(await screen.findByTestId(`${reportsIds.download}-p-run-s-1`)).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === REPORT_FILE_PATHS.runNow('s-1'))).toHaveLength(1);
    const table = screen.getByTestId(reportsIds.scheduledTable);
    await waitFor(() => expect(within(table).queryAllByText('—')).toHaveLength(0));
  });

  it('deletes the selected schedules after the shared confirmation', async () => {
    const { stubs } = reportServer([schedule(1), schedule(2)]);
    const { mock } = renderPortal({ path: '/reports', user: demoUser('admin'), stubs });
    await screen.findByText('Schedule 2', { selector: 'li span' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await userEvent.click(screen.getByTestId(reportsIds.deleteSelected));
    await userEvent.click(await screen.findByTestId(reportsIds.deleteConfirm));
    await waitFor(() =>
      expect(screen.queryByText('Schedule 2', { selector: 'li span' })).not.toBeInTheDocument(),
    );
    expect(mock.history.delete.map((r) => r.url)).toEqual([REPORT_FILE_PATHS.scheduledOne('s-2')]);
    expect(screen.getByText('Schedule 1', { selector: 'li span' })).toBeInTheDocument();
  });

  it('is read-only for a role without write (logs@): no add, edit, run or delete', async () => {
    const { stubs } = reportServer([schedule(1)], [pastReport(1)]);
    renderPortal({ path: '/reports', user: demoUser('logs'), stubs });
    const table = await screen.findByTestId(reportsIds.scheduledTable);
    expect(await within(table).findByText('Schedule 1')).toBeInTheDocument();
    expect(await screen.findByTestId(`${reportsIds.download}-p-1`)).toBeInTheDocument();
    expect(screen.queryByTestId(reportsIds.addButton)).not.toBeInTheDocument();
    expect(screen.queryByTestId(reportsIds.deleteSelected)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${reportsIds.runNow}-Schedule 1`)).not.toBeInTheDocument();
    expect(screen.queryByTestId(`${reportsIds.editButton}-Schedule 1`)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

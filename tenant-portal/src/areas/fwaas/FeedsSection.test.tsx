import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firewallIds } from '@workbench/common/test-ids/firewallIds';
import { policyEditorIds } from '@workbench/common/test-ids/webPolicyIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../testing/renderPortal';
import { feed, firewallServer, type FirewallDocs } from './firewallTestServer';
import type { FirewallFeed } from './firewallModel';

afterEach(resetPortalEnv);
// Whole-portal tests with the real grid and dialogs: slow when the machine is busy.
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 10_000 });

function open(docs: Partial<FirewallDocs>, role: 'admin' | 'auditor' = 'admin') {
  const server = firewallServer(docs);
  const view = renderPortal({ path: '/fwaas/feeds', user: demoUser(role), stubs: server.install });
  return { server, ...view };
}

const rowIds = () =>
  [...document.querySelectorAll<HTMLElement>(`[data-testid="${firewallIds.table}-feeds"] .ag-row[row-id]`)]
    .filter((row) => !row.closest('.ag-pinned-right-cols-container'))
    .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
    .map((row) => row.getAttribute('row-id'));
const cellText = (rowId: string, column: string) =>
  document.querySelector(`.ag-row[row-id="${rowId}"] [col-id="${column}"]`)?.textContent ?? '';

async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('Firewall threat feeds (fwaas/feeds)', () => {
  it('with no feeds tells what to do; the form wants an https URL and 5 to 1440 minutes; the feed is added and saved', async () => {
    const { server } = open({ feeds: { list: [] } });
    const empty = await screen.findByTestId(`${firewallIds.empty}-feeds`);
    expect(empty).toHaveTextContent('No threat feeds yet — add the first one.');
    await userEvent.click(within(empty).getByRole('button', { name: 'Add feed' }));
    const dialog = await screen.findByTestId(firewallIds.feedDialog);

    await enter(within(dialog).getByTestId(`${firewallIds.field}-name`), 'Abuse IPs');
    const url = within(dialog).getByTestId(`${firewallIds.field}-url`);
    await userEvent.clear(url);
    await enter(url, 'http://lists.example.net/abuse.txt');
    const refresh = within(dialog).getByTestId(`${firewallIds.field}-refresh_minutes`);
    await userEvent.clear(refresh);
    await enter(refresh, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to feeds' }));
    expect(await within(dialog).findByText('Feeds are fetched over https:// only.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('A whole number of minutes from 5 to 1440 (one day).'),
    ).toBeInTheDocument();

    await userEvent.clear(url);
    await enter(url, 'https://lists example.net');
    expect(
      await within(dialog).findByText(
        'Enter a valid URL (https://host/path, 8 to 2048 characters, no spaces).',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(url);
    await enter(url, 'https://lists.example.net/abuse.txt');
    await userEvent.clear(refresh);
    await enter(refresh, '1441');
    expect(
      await within(dialog).findByText('A whole number of minutes from 5 to 1440 (one day).'),
    ).toBeInTheDocument();
    await userEvent.clear(refresh);
    await enter(refresh, '120');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Entries' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Domains' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to feeds' }));

    await waitFor(() => expect(rowIds()).toHaveLength(1));
    const id = rowIds()[0]!;
    expect(cellText(id, 'refresh_minutes')).toBe('Every 2 hours');
    expect(cellText(id, 'type')).toBe('Domains');
    await userEvent.click(screen.getByTestId(policyEditorIds.save));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0].kind).toBe('fwaas/feeds');
    expect((server.puts[0].body.data as { list: FirewallFeed[] }).list).toEqual([
      {
        id,
        name: 'Abuse IPs',
        url: 'https://lists.example.net/abuse.txt',
        type: 'domain',
        refresh_minutes: 120,
        enabled: true,
      },
    ]);
  });

  it('the enable switch changes the draft; Undo brings it back and Save is off again', async () => {
    open({
      feeds: {
        list: [feed('f1', 'Abuse IPs'), feed('f2', 'Bad domains', { type: 'domain', refresh_minutes: 1440 })],
      },
    });
    await waitFor(() => expect(rowIds()).toEqual(['f1', 'f2']));
    expect(cellText('f2', 'refresh_minutes')).toBe('Every day');
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Bad domains enabled' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Bad domains enabled' })).not.toBeChecked(),
    );
    expect(screen.getByTestId(policyEditorIds.save)).toBeEnabled();
    expect(screen.getByTestId(`${firewallIds.tab}-feeds`)).toHaveTextContent('•');
    await userEvent.click(screen.getByRole('button', { name: 'Undo in Threat feeds' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Bad domains enabled' })).toBeChecked());
    expect(screen.getByTestId(policyEditorIds.save)).toBeDisabled();
  });

  it('a reply without the list says the feeds could not be read, and offers Retry', async () => {
    open({ feeds: {} as FirewallDocs['feeds'] });
    expect(
      await screen.findByText('Firewall threat feeds could not be read: the reply holds no list.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByTestId(`${firewallIds.add}-feeds`)).not.toBeInTheDocument();
  });

  it('a reader sees the feeds but can change nothing', async () => {
    open({ feeds: { list: [feed('f1', 'Abuse IPs')] } }, 'auditor');
    await waitFor(() => expect(rowIds()).toEqual(['f1']));
    expect(screen.getByRole('switch', { name: 'Abuse IPs enabled' })).toBeDisabled();
    expect(screen.queryByTestId(`${firewallIds.add}-feeds`)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Abuse IPs' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Abuse IPs' }));
    const dialog = await screen.findByTestId(firewallIds.feedDialog);
    expect(within(dialog).getByTestId(`${firewallIds.field}-url`)).toBeDisabled();
    expect(within(dialog).getByTestId(`${firewallIds.field}-refresh_minutes`)).toHaveValue('60');
    expect(within(dialog).queryByTestId(firewallIds.dialogSave)).not.toBeInTheDocument();
  });
});

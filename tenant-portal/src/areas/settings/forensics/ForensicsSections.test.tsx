/**
 * Settings › Forensics Profiles beside the list (docs/settings.md §3): the status in words, and the
 * viewer form (an enabled viewer needs a URL: said at the field, nothing sent; a save sends
 * enabled, viewer_url and open_link; the server's refusal shows at the field it names; a role
 * that may not write reads it without a Save).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { forensicsIds as ids } from '@workbench/common/test-ids/forensicsIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const BF = '/api/settings/v1/tenants/bf_profiles';
const CAPS = { rbac: true, browsing_forensics: true };
const VIEWER = {
  enabled: false,
  validated: false,
  viewer_url: '',
  open_link: 'modal_window',
  updated_at: null,
  updated_by: null,
};
const STATUS = {
  recording: true,
  rules: 0,
  profiles: 2,
  unvalidated_storage: ['Investigations (EU)'],
  viewer: { enabled: false, validated: false },
  state: 'attention',
};
const stubs = (m: MockAdapter) => {
  m.onGet(BF).reply(200, { list: [], updated_at: null, updated_by: null });
  m.onGet(`${BF}/status`).reply(200, STATUS);
  m.onGet(`${BF}/viewer`).reply(200, VIEWER);
};

describe('Settings › Forensics Profiles: status and viewer', () => {
  it('says what the status means and what needs attention', async () => {
    renderPortal({ path: '/settings/forensics-profiles', user: demoUser('admin', CAPS), stubs });
    expect(await screen.findByTestId(ids.statusState)).toHaveTextContent('Recording: needs attention');
    expect(screen.getByText(/No enabled rule: nothing is recorded/)).toBeInTheDocument();
    expect(screen.getByText(/Storage not validated for: Investigations \(EU\)/)).toBeInTheDocument();
  });

  it('refuses an enabled viewer without a URL at the field, then saves enabled, viewer_url and open_link', async () => {
    const { mock } = renderPortal({
      path: '/settings/forensics-profiles',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock.onPost(`${BF}/viewer`).reply(200, {
      ...VIEWER,
      enabled: true,
      validated: true,
      viewer_url: 'https://viewer.acme.example',
      open_link: 'new_tab',
    });
    await userEvent.click(await screen.findByTestId(ids.viewerEnabled));
    await userEvent.click(screen.getByTestId(ids.viewerSave));
    expect(
      await screen.findByText('viewer_url is required while the forensics viewer is enabled.'),
    ).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === `${BF}/viewer`)).toHaveLength(0);
    await userEvent.click(screen.getByTestId(ids.viewerUrl));
    await userEvent.paste('https://viewer.acme.example');
    await userEvent.click(screen.getByTestId(`${ids.viewerOpenLink}-new_tab`));
    await userEvent.click(screen.getByTestId(ids.viewerSave));
    const saves = () => mock.history.post.filter((r) => r.url === `${BF}/viewer`);
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(String(saves()[0].data))).toEqual({
      enabled: true,
      viewer_url: 'https://viewer.acme.example',
      open_link: 'new_tab',
    });
  });

  it("shows the server's refusal at the field it names", async () => {
    const { mock } = renderPortal({
      path: '/settings/forensics-profiles',
      user: demoUser('admin', CAPS),
      stubs,
    });
    mock
      .onPost(`${BF}/viewer`)
      .reply(400, { statusCode: 400, message: 'viewer_url is too long.', field: 'viewer_url' });
    await userEvent.click(await screen.findByTestId(ids.viewerUrl));
    await userEvent.paste('x');
    await userEvent.click(screen.getByTestId(ids.viewerSave));
    expect(await screen.findByText(/^viewer_url is too long\./)).toBeInTheDocument();
    expect(screen.getByTestId(ids.viewerUrl)).toHaveAttribute('aria-invalid', 'true');
  });

  it('a reader sees the viewer without Save', async () => {
    renderPortal({ path: '/settings/forensics-profiles', user: demoUser('auditor', CAPS), stubs });
    expect(await screen.findByTestId(ids.viewerSection)).toBeInTheDocument();
    expect(screen.queryByTestId(ids.viewerSave)).not.toBeInTheDocument();
    expect(screen.getByTestId(ids.viewerUrl)).toBeDisabled();
  });
});

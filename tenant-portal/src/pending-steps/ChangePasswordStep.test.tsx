/**
 * A password someone else set (issue 31 point 5): the portal shows the change-password page and
 * nothing else until it is changed, whatever page was asked for; then that page opens. A 403 of
 * the server naming a pending step reads the session again and shows the step's page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellIds, snackbarIds } from '@workbench/common';
import { AUTH_PATHS, CHANGE_PASSWORD_MSGS, type UserInfo } from '@workbench/common/api/contract/auth';
import { PENDING_STEP_FIELD, pendingStepReason } from '@workbench/common/api/contract/pendingSteps';
import { changePasswordIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';
import { CHANGE_PASSWORD_STEP_TEXTS } from './ChangePasswordStep';

afterEach(resetPortalEnv);

const settled: UserInfo = demoUser('admin');
const pending: UserInfo = { ...settled, show_change_password: true, pending_steps: ['change_password'] };
const pendingRefusal = {
  statusCode: 403,
  error: 'Forbidden',
  message: pendingStepReason('change_password'),
  [PENDING_STEP_FIELD]: 'change_password',
};

async function fill(current: string, next: string) {
  await userEvent.type(screen.getByTestId(changePasswordIds.current), current);
  await userEvent.type(screen.getByTestId(changePasswordIds.next), next);
  await userEvent.type(screen.getByTestId(changePasswordIds.confirm), next);
  await userEvent.click(screen.getByTestId(changePasswordIds.submit));
}

describe('the change of a password someone else set', () => {
  it('is the only thing shown, and the portal asks the server for nothing else', async () => {
    const { mock } = renderPortal({ path: '/dashboard', user: pending });
    const page = await screen.findByTestId(changePasswordIds.page);
    expect(within(page).getByRole('heading', { name: CHANGE_PASSWORD_STEP_TEXTS.title })).toBeInTheDocument();
    expect(within(page).getByLabelText(new RegExp(CHANGE_PASSWORD_STEP_TEXTS.current))).toHaveFocus();
    expect(screen.queryByTestId(shellIds.appBar)).not.toBeInTheDocument();
    expect(screen.queryByTestId(shellIds.nav)).not.toBeInTheDocument();
    // No portal version, no revision: only the user info the session started with.
    expect(mock.history.get.map((r) => r.url)).toEqual([AUTH_PATHS.userInfo]);
    expect(mock.history.put).toHaveLength(0);
  });

  it('keeps the one-time password out of the new one, and shows a refusal of the server at its field', async () => {
    const { mock } = renderPortal({
      path: '/dashboard',
      user: pending,
      stubs: (m) =>
        m.onPost(AUTH_PATHS.changePassword).reply(400, {
          statusCode: 400,
          message: CHANGE_PASSWORD_MSGS.wrongCurrent,
          field: 'current_password',
        }),
    });
    const page = await screen.findByTestId(changePasswordIds.page);
    await fill('One-time-12345', 'One-time-12345');
    expect(await within(page).findByText(CHANGE_PASSWORD_MSGS.same)).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === AUTH_PATHS.changePassword)).toHaveLength(0);
    await userEvent.clear(screen.getByTestId(changePasswordIds.next));
    await userEvent.clear(screen.getByTestId(changePasswordIds.confirm));
    await userEvent.type(screen.getByTestId(changePasswordIds.next), 'My-own-passw0rd');
    await userEvent.type(screen.getByTestId(changePasswordIds.confirm), 'My-own-passw0rd');
    await userEvent.click(screen.getByTestId(changePasswordIds.submit));
    expect(await within(page).findByText(/^The current password is not correct\./)).toBeInTheDocument();
    expect(screen.getByTestId(changePasswordIds.page)).toBeInTheDocument();
  });

  it('once changed, the session is read again and the page asked for opens', async () => {
    let user = pending;
    const { mock, location } = renderPortal({
      path: '/dashboard',
      user: pending,
      stubs: (m) => {
        m.onGet(/\/userinfo$/).reply(() => [200, user]);
        m.onPost(AUTH_PATHS.changePassword).reply(() => {
          user = settled;
          return [200, { status: 'ok' }];
        });
      },
    });
    await screen.findByTestId(changePasswordIds.page);
    await fill('One-time-12345', 'My-own-passw0rd');
    expect(await screen.findByTestId(shellIds.pageTitle)).toBeInTheDocument();
    expect(screen.queryByTestId(changePasswordIds.page)).not.toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    const sent = mock.history.post.find((r) => r.url === AUTH_PATHS.changePassword);
    expect(JSON.parse(String(sent?.data))).toEqual({
      current_password: 'One-time-12345',
      new_password: 'My-own-passw0rd',
    });
    // The start's calls held back while the step was pending are made now.
    await waitFor(() => expect(mock.history.get.filter((r) => r.url === AUTH_PATHS.userInfo).length).toBe(2));
    await waitFor(() => expect(mock.history.get.some((r) => r.url === AUTH_PATHS.portalVersion)).toBe(true));
  });

  it('offers to sign out instead', async () => {
    const { location } = renderPortal({ path: '/dashboard', user: pending });
    await userEvent.click(await screen.findByTestId(changePasswordIds.signOut));
    await waitFor(() => expect(location()).toBe('/logout'));
  });

  it('a 403 naming a pending step mid-session reads the session again and shows its page, not a permission message', async () => {
    let user = settled;
    renderPortal({
      path: '/settings/users',
      user: settled,
      stubs: (m) => {
        m.onGet(/\/userinfo$/).reply(() => [200, user]);
        m.onGet(/\/api\/udb-rest\//).reply(() => {
          user = pending;
          return [403, pendingRefusal];
        });
      },
    });
    expect(await screen.findByTestId(changePasswordIds.page)).toBeInTheDocument();
    expect(screen.queryByTestId(snackbarIds.bottom)).not.toBeInTheDocument();
  });
});

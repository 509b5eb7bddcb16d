/** The user menu: change password for every account; two-factor sign-in with the tfa feature. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shellIds, snackbarIds } from '@workbench/common';
import { AUTH_PATHS, CHANGE_PASSWORD_MSGS } from '@workbench/common/api/contract/auth';
import { changePasswordIds, twoFactorIds } from '@workbench/common/test-ids/index';
import { demoUser, renderPortal, resetPortalEnv } from '../testing/renderPortal';
import { CHANGE_PASSWORD_TEXTS } from './useChangePasswordForm';

afterEach(resetPortalEnv);

const admin = demoUser('admin');

async function openDialog() {
  await screen.findByTestId(shellIds.pageTitle);
  await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
  await userEvent.click(await screen.findByTestId(changePasswordIds.menuItem));
  return screen.findByTestId(changePasswordIds.dialog);
}

async function fill(current: string, next: string, confirm = next) {
  if (current) await userEvent.type(screen.getByTestId(changePasswordIds.current), current);
  if (next) await userEvent.type(screen.getByTestId(changePasswordIds.next), next);
  if (confirm) await userEvent.type(screen.getByTestId(changePasswordIds.confirm), confirm);
  await userEvent.click(screen.getByTestId(changePasswordIds.submit));
}

describe('change password', () => {
  it('is offered to every account (a password someone else set is changed before the shell shows); two-factor sign-in only with the tfa feature', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('auditor') });
    await screen.findByTestId(shellIds.pageTitle);
    await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
    await screen.findByTestId(shellIds.logout);
    expect(screen.getByTestId(changePasswordIds.menuItem)).toBeInTheDocument();
    expect(screen.queryByTestId(twoFactorIds.menuItem)).not.toBeInTheDocument();
  });

  it('the user menu offers two-factor sign-in when the tenant has the tfa feature', async () => {
    renderPortal({ path: '/dashboard', user: demoUser('admin', { rbac: true, tfa: true }) });
    await screen.findByTestId(shellIds.pageTitle);
    await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
    expect(await screen.findByTestId(twoFactorIds.menuItem)).toBeInTheDocument();
  });

  it('checks the form as the server does, and sends nothing until it holds', async () => {
    const { mock } = renderPortal({ path: '/dashboard', user: admin });
    const dialog = await openDialog();
    await fill('', 'short', 'other');
    expect(within(dialog).getByText(CHANGE_PASSWORD_TEXTS.required)).toBeInTheDocument();
    expect(within(dialog).getByText(CHANGE_PASSWORD_MSGS.tooShort)).toBeInTheDocument();
    expect(within(dialog).getByText(CHANGE_PASSWORD_TEXTS.mismatch)).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId(changePasswordIds.next));
    await userEvent.type(screen.getByTestId(changePasswordIds.next), 'no spaces allowed');
    await userEvent.tab();
    expect(await within(dialog).findByText(CHANGE_PASSWORD_MSGS.forbidden)).toBeInTheDocument();
    expect(mock.history.post.filter((r) => r.url === AUTH_PATHS.changePassword)).toHaveLength(0);
  });

  it('a refusal of the current password shows at that field; the dialog stays', async () => {
    renderPortal({
      path: '/dashboard',
      user: admin,
      stubs: (m) =>
        m.onPost(AUTH_PATHS.changePassword).reply(400, {
          statusCode: 400,
          message: CHANGE_PASSWORD_MSGS.wrongCurrent,
          field: 'current_password',
        }),
    });
    const dialog = await openDialog();
    await fill('not-it', 'a-good-new-password');
    // (Development builds add the call's name to the message.)
    expect(await within(dialog).findByText(/^The current password is not correct\./)).toBeInTheDocument();
    expect(screen.getByTestId(changePasswordIds.current).closest('.MuiFormControl-root')).toHaveTextContent(
      CHANGE_PASSWORD_MSGS.wrongCurrent,
    );
  });

  it('a change sends both passwords, says so, closes, and the menu still offers it', async () => {
    const { mock } = renderPortal({
      path: '/dashboard',
      user: admin,
      stubs: (m) => m.onPost(AUTH_PATHS.changePassword).reply(200, { status: 'ok' }),
    });
    await openDialog();
    await fill('the-old-one', 'a-good-new-password');
    expect(await screen.findByTestId(snackbarIds.bottom)).toHaveTextContent(CHANGE_PASSWORD_MSGS.changed);
    await waitFor(() => expect(screen.queryByTestId(changePasswordIds.dialog)).not.toBeInTheDocument());
    const sent = mock.history.post.find((r) => r.url === AUTH_PATHS.changePassword);
    expect(JSON.parse(String(sent?.data))).toEqual({
      current_password: 'the-old-one',
      new_password: 'a-good-new-password',
    });
    await userEvent.click(screen.getByTestId(shellIds.userMenuButton));
    await screen.findByTestId(shellIds.logout);
    expect(screen.getByTestId(changePasswordIds.menuItem)).toBeInTheDocument();
  });
});

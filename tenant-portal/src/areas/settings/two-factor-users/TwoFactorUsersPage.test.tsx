/** Settings › Two-factor users against a fake server: the list, the tfa gate, reset with a confirmation. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type MockAdapter from 'axios-mock-adapter';
import { ADMIN_PATHS } from '@workbench/common/api/contract/administrators';
import { AUTH_PATHS, type MfaUser } from '@workbench/common/api/contract/auth';
import { extensionsOf } from '@workbench/common/api/contract/extensions';
import { navItemId } from '@workbench/common/test-ids/index';
import { twoFactorUsersIds as ids } from '@workbench/common/test-ids/twoFactorUsersIds';
import { demoUser, renderPortal, resetPortalEnv } from '../../../testing/renderPortal';
import { TWO_FACTOR_USERS_TEXTS } from './TwoFactorUsersPage';

afterEach(resetPortalEnv);

jest.mock('@workbench/common/components/data-table/index', () =>
  jest
    .requireActual<typeof import('@workbench/common/testing/plainDataTable')>(
      '@workbench/common/testing/plainDataTable',
    )
    .plainDataTableModule(),
);

const SINCE = '2026-11-25T09:30:12.000Z';
const user = (name: string, since: string | null): MfaUser => ({
  uid: `uid-${name}`,
  username: `${name}@acme.example`,
  first_name: name,
  last_name: 'Acme',
  mfa_enrolled_since: since,
});
const USERS = [user('ada', SINCE), user('lee', null)];
const stubUsers = (users: MfaUser[]) => (m: MockAdapter) =>
  m.onGet(AUTH_PATHS.mfaUsers).reply(200, { users });
const TFA = { rbac: true, tfa: true };

describe('Two-factor users page (settings/two-factor-users)', () => {
  it('lists who signs in with a second factor and since when', async () => {
    renderPortal({
      path: '/settings/two-factor-users',
      user: demoUser('admin', TFA),
      stubs: stubUsers(USERS),
    });
    const table = await screen.findByTestId(ids.table);
    expect(await within(table).findByText('ada@acme.example')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-25 09:30 UTC')).toBeInTheDocument();
    expect(within(table).getByText(TWO_FACTOR_USERS_TEXTS.off)).toBeInTheDocument();
    expect(screen.getByTestId(ids.total)).toHaveTextContent('2 administrators, 1 with two-factor sign-in');
    // Reset only where there is a factor to reset.
    expect(screen.getByTestId(`${ids.resetButton}-ada@acme.example`)).toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.resetButton}-lee@acme.example`)).not.toBeInTheDocument();
    // The search filters the list by user name or name.
    await userEvent.type(screen.getByTestId(ids.search), 'LEE');
    expect(within(table).queryByText('ada@acme.example')).not.toBeInTheDocument();
    expect(within(table).getByText('lee@acme.example')).toBeInTheDocument();
  });

  it('is not offered without the tfa feature', async () => {
    const { mock } = renderPortal({
      path: '/settings/two-factor-users',
      user: demoUser('admin', { rbac: true }),
      stubs: stubUsers(USERS),
    });
    expect(await screen.findByTestId(navItemId('settings-users'))).toBeInTheDocument();
    expect(screen.queryByTestId(navItemId('settings-two-factor-users'))).not.toBeInTheDocument();
    expect(mock.history.get.filter((r) => r.url === AUTH_PATHS.mfaUsers)).toHaveLength(0);
  });

  it('a reader (the demo auditor) sees the list and no Reset; without the mfa-reset extension neither does an administrator', async () => {
    renderPortal({
      path: '/settings/two-factor-users',
      user: demoUser('auditor', TFA),
      stubs: stubUsers(USERS),
    });
    expect(await screen.findByText('ada@acme.example')).toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.resetButton}-ada@acme.example`)).not.toBeInTheDocument();
    resetPortalEnv();
    document.body.innerHTML = '';
    renderPortal({
      path: '/settings/two-factor-users',
      user: demoUser('admin', TFA),
      stubs: stubUsers(USERS),
      extensions: extensionsOf('tenant').filter((e) => e !== 'mfa-reset'),
    });
    expect(await screen.findByText('ada@acme.example')).toBeInTheDocument();
    expect(screen.queryByTestId(`${ids.resetButton}-ada@acme.example`)).not.toBeInTheDocument();
  });

  it('resets after a confirmation and reads the list again; a refusal shows its reason', async () => {
    const { mock } = renderPortal({
      path: '/settings/two-factor-users',
      user: demoUser('admin', TFA),
      stubs: stubUsers(USERS),
    });
    await userEvent.click(await screen.findByTestId(`${ids.resetButton}-ada@acme.example`));
    expect(screen.getByText(TWO_FACTOR_USERS_TEXTS.resetTitle('ada@acme.example'))).toBeInTheDocument();
    await userEvent.click(screen.getByTestId(ids.resetCancel));
    expect(mock.history.post.filter((r) => r.url === ADMIN_PATHS.mfaReset('uid-ada'))).toHaveLength(0);

    mock.onPost(ADMIN_PATHS.mfaReset('uid-ada')).replyOnce(200, user('ada', null));
    mock.onGet(AUTH_PATHS.mfaUsers).reply(200, { users: [user('ada', null), user('lee', null)] });
    await userEvent.click(screen.getByTestId(`${ids.resetButton}-ada@acme.example`));
    await userEvent.click(screen.getByTestId(ids.resetConfirm));
    await waitFor(() =>
      expect(screen.queryByTestId(`${ids.resetButton}-ada@acme.example`)).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId(ids.total)).toHaveTextContent('0 with two-factor sign-in');
  });

  it('a 409 (the row was stale) shows the reason', async () => {
    const { mock } = renderPortal({
      path: '/settings/two-factor-users',
      user: demoUser('admin', TFA),
      stubs: stubUsers(USERS),
    });
    mock
      .onPost(ADMIN_PATHS.mfaReset('uid-ada'))
      .replyOnce(409, { statusCode: 409, message: 'The account has no second factor.' });
    await userEvent.click(await screen.findByTestId(`${ids.resetButton}-ada@acme.example`));
    await userEvent.click(screen.getByTestId(ids.resetConfirm));
    expect(await screen.findByTestId(ids.error)).toHaveTextContent('The account has no second factor.');
  });
});

/** The user menu's Two-factor sign-in dialog against a fake server (one render per flow). */
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { createHttpClient, XSRF_COOKIE } from '@workbench/common';
import { AUTH_PATHS, MFA_MSGS } from '@workbench/common/api/contract/auth';
import { twoFactorIds } from '@workbench/common/test-ids/index';
import { Provider } from 'react-redux';
import { createPortalStore } from '../app/portalFeatures';
import { groupedKey, TWO_FACTOR_TEXTS, TwoFactorDialog } from './TwoFactorDialog';

function renderDialog(state: { enrolled: boolean; enrolled_since: string | null; pending: boolean }) {
  const http = createHttpClient({ baseURL: '', xsrfCookie: XSRF_COOKIE });
  const mock = new MockAdapter(http);
  mock.onGet(AUTH_PATHS.mfa).reply(200, state);
  const onClose = jest.fn();
  // The dialog's calls run in the entity feature's watcher, with the store's client.
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createPortalStore(navigation, http);
  render(
    <Provider store={store}>
      <TwoFactorDialog onClose={onClose} />
    </Provider>,
  );
  return { mock, onClose };
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

test('set up: the QR code and the key, a code of the wrong form stays here, a wrong one shows at the field, a right one turns it on', async () => {
  const { mock } = renderDialog({ enrolled: false, enrolled_since: null, pending: false });
  expect(await screen.findByTestId(twoFactorIds.status)).toHaveTextContent(TWO_FACTOR_TEXTS.off);
  mock
    .onPost(AUTH_PATHS.mfaEnrol)
    .reply(200, { secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg/>' });
  await userEvent.click(screen.getByTestId(twoFactorIds.start));
  expect(await screen.findByAltText(TWO_FACTOR_TEXTS.qrAlt)).toHaveAttribute(
    'src',
    'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
  );
  expect(screen.getByTestId(twoFactorIds.secret)).toHaveTextContent(groupedKey(SECRET));
  expect(groupedKey('ABCDEFGHI')).toBe('ABCD EFGH I');

  const code = screen.getByTestId(twoFactorIds.code);
  expect(code).toHaveFocus();
  await userEvent.paste('12ab');
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByText(TWO_FACTOR_TEXTS.codeFormat)).toBeInTheDocument();
  expect(mock.history.post).toHaveLength(1);

  mock
    .onPost(AUTH_PATHS.mfaConfirm)
    .replyOnce(400, { statusCode: 400, message: MFA_MSGS.wrongCode, field: 'code' });
  await userEvent.clear(code);
  await userEvent.paste('111111');
  await userEvent.click(screen.getByTestId(twoFactorIds.confirm));
  expect(await screen.findByText(MFA_MSGS.wrongCode)).toBeInTheDocument();

  const since = '2026-11-26T08:00:00.000Z';
  mock
    .onPost(AUTH_PATHS.mfaConfirm)
    .replyOnce(200, { enrolled: true, enrolled_since: since, pending: false });
  await userEvent.clear(code);
  await userEvent.paste('222222');
  await userEvent.click(screen.getByTestId(twoFactorIds.confirm));
  expect(await screen.findByText(TWO_FACTOR_TEXTS.turnedOn)).toBeInTheDocument();
  expect(screen.getByTestId(twoFactorIds.status)).toHaveTextContent(
    TWO_FACTOR_TEXTS.on(new Date(since).toLocaleString()),
  );
  expect(JSON.parse(mock.history.post[2].data as string)).toEqual({ code: '222222' });
  // The key is not shown again once set up.
  expect(screen.queryByTestId(twoFactorIds.secret)).not.toBeInTheDocument();
});

test('turn off: with a current code', async () => {
  const { mock, onClose } = renderDialog({
    enrolled: true,
    enrolled_since: '2026-11-01T00:00:00.000Z',
    pending: false,
  });
  mock.onPost(AUTH_PATHS.mfaDisable).reply(200, { enrolled: false, enrolled_since: null, pending: false });
  await userEvent.type(await screen.findByTestId(twoFactorIds.code), '333333');
  await userEvent.click(screen.getByTestId(twoFactorIds.turnOff));
  expect(await screen.findByText(TWO_FACTOR_TEXTS.turnedOff)).toBeInTheDocument();
  expect(screen.getByTestId(twoFactorIds.status)).toHaveTextContent(TWO_FACTOR_TEXTS.off);
  await userEvent.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.close }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

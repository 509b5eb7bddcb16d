/**
 * The console's light sign-in page (issue 14): the shared login page runs the sign-in chain through
 * the shared HTTP client, loaded at the user's first input, and hands the session to the console.
 */
// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import {
  createHttpClient,
  loginIds,
  PROVIDER_XSRF_COOKIE,
  setRuntimeEnvForTests,
  snackbarIds,
} from '@workbench/common';
import { PROVIDER_PATHS } from '@workbench/common/api/contract/provider';
import { ProviderSignIn } from './LightSignIn';
import { signInClientOf } from './signInClient';

const operator = { username: 'operator@provider.example', display_name: 'Olive Operator', role: 'operator' };
const expires = '2026-11-26T09:00:00.000Z';

function renderSignIn(oauthStatus = 'Success') {
  setRuntimeEnvForTests({ production: true });
  const http = createHttpClient({ baseURL: '', xsrfCookie: PROVIDER_XSRF_COOKIE });
  const mock = new MockAdapter(http);
  mock
    .onPost(PROVIDER_PATHS.idpToken)
    .reply(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 60 });
  mock.onGet(PROVIDER_PATHS.oauthLogin).reply(oauthStatus === 'Success' ? 200 : 401, {
    status: oauthStatus,
    username: operator.username,
    key_id: 'k1',
    expires,
    Authorization: 'Bearer key-1',
  });
  mock.onGet(PROVIDER_PATHS.sessionCookie).reply(200, { status: 'ok', expires });
  mock.onGet(PROVIDER_PATHS.me).reply(200, { status: 'authenticated', user: operator });
  const loadClient = jest.fn(() => Promise.resolve(signInClientOf(http)));
  const loadConsole = jest.fn(() => Promise.resolve());
  const enterConsole = jest.fn();
  render(<ProviderSignIn loadClient={loadClient} loadConsole={loadConsole} enterConsole={enterConsole} />);
  return { loadClient, loadConsole, enterConsole };
}

async function signIn(): Promise<void> {
  await userEvent.paste(operator.username);
  await userEvent.click(screen.getByLabelText('Password'));
  await userEvent.paste('pw');
  await userEvent.keyboard('{Enter}');
}

afterEach(() => setRuntimeEnvForTests(null));

describe('console light sign-in page', () => {
  it('loads the client at the first input, runs the sign-in chain and hands the session (user, expiry) to the console', async () => {
    const { loadClient, loadConsole, enterConsole } = renderSignIn();
    expect(screen.getByTestId(loginIds.heading)).toHaveTextContent('Provider Console');
    expect(loadClient).not.toHaveBeenCalled();
    await signIn();
    await waitFor(() => expect(enterConsole).toHaveBeenCalledWith({ user: operator, expires }));
    expect(loadClient).toHaveBeenCalled();
    expect(loadConsole).toHaveBeenCalledTimes(1);
  });

  it('a refused sign-in shows the chain’s error and hands nothing over', async () => {
    const { loadConsole, enterConsole } = renderSignIn('Invalid access token');
    await signIn();
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('Invalid access token');
    expect(loadConsole).not.toHaveBeenCalled();
    expect(enterConsole).not.toHaveBeenCalled();
  });
});

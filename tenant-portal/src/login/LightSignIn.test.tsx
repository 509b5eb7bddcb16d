/**
 * The tenant portal's light sign-in page (issue 15): the login route's behaviour for a signed-out
 * visitor without the router, the store or axios in the first load. Rendered alone, with a fake
 * client and portal; signInClientOf is tested against the shared HTTP client.
 */
// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import {
  createHttpClient,
  getRuntimeEnv,
  loginIds,
  setRuntimeEnvForTests,
  snackbarIds,
  XSRF_COOKIE,
} from '@workbench/common';
import type { RuntimeEnv } from '@workbench/common/env/runtimeEnv';
import { TenantSignIn, type StartingPortal } from './LightSignIn';
import { signInClientOf, type LoginNext, type TenantSignInClient } from './signInClient';

afterEach(() => setRuntimeEnvForTests(null));

function envOf(env: Partial<RuntimeEnv>): RuntimeEnv {
  setRuntimeEnvForTests(env);
  return getRuntimeEnv();
}

function renderSignIn(env: RuntimeEnv, hash: string, session: 'loggedIn' | 'loggedOut' = 'loggedIn') {
  const client: jest.Mocked<TenantSignInClient> = {
    login: jest.fn((_username: string, _password: string) => Promise.resolve<LoginNext>({ status: 'ok' })),
    loginMfa: jest.fn((_challenge: string, _code: string) => Promise.resolve()),
    authParams: jest.fn((_forceUdb: boolean | undefined) =>
      Promise.resolve({
        login_url: '/login/',
        redirect_uri: '/',
        client_id: 'portal',
        csrf_token: 'c1',
        scope: 'openid',
      }),
    ),
  };
  const loadClient = jest.fn(() => Promise.resolve(client));
  const portal: StartingPortal = { session: Promise.resolve(session), rejection: () => ({}) };
  const startPortal = jest.fn(() => Promise.resolve(portal));
  const enterPortal = jest.fn();
  const assign = jest.fn();
  render(<TenantSignIn {...{ env, hash, loadClient, startPortal, enterPortal, assign }} />);
  return { client, loadClient, startPortal, enterPortal, assign };
}

async function signIn(): Promise<void> {
  // The User field has the focus from page load; a paste is the user's first input there.
  await userEvent.paste('admin@acme.example');
  await userEvent.click(screen.getByLabelText('Password'));
  await userEvent.paste('demo-pass-1');
  await userEvent.keyboard('{Enter}');
}

describe('light sign-in page, local login (non-production build or deployment dev)', () => {
  it('loads the client at the first key, not at page load; signs in, starts the session, then hands over', async () => {
    const { client, loadClient, startPortal, enterPortal } = renderSignIn(
      envOf({ production: false }),
      '#/login',
    );
    expect(screen.getByTestId(loginIds.heading)).toHaveTextContent('Portal');
    expect(loadClient).not.toHaveBeenCalled();
    await signIn();
    await waitFor(() => expect(enterPortal).toHaveBeenCalledTimes(1));
    expect(client.login).toHaveBeenCalledWith('admin@acme.example', 'demo-pass-1');
    expect(startPortal).toHaveBeenCalledTimes(1);
  });

  it('a failed login shows the lockout text with its delay and starts nothing', async () => {
    const { client, startPortal, enterPortal } = renderSignIn(
      envOf({ production: true, deployment: 'dev' }),
      '',
    );
    client.login.mockRejectedValue({ msg: 'Try again in $1 seconds.', delay: 30 });
    await signIn();
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('Try again in 30 seconds.');
    expect(startPortal).not.toHaveBeenCalled();
    expect(enterPortal).not.toHaveBeenCalled();
  });

  it('an account with two-factor sign-in: the code step after the password; a wrong code stays there, a right one hands over', async () => {
    const { client, startPortal, enterPortal } = renderSignIn(envOf({ production: false }), '#/login');
    client.login.mockResolvedValue({ status: 'mfa_required', challenge: 'ch-1' });
    client.loginMfa.mockRejectedValueOnce({ msg: 'The code is not correct.' });
    await signIn();
    const code = await screen.findByTestId(loginIds.code);
    expect(code).toHaveFocus();
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(screen.queryByTestId(loginIds.password)).not.toBeInTheDocument();
    expect(startPortal).not.toHaveBeenCalled();
    await userEvent.paste('000000');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('The code is not correct.');
    expect(client.loginMfa).toHaveBeenLastCalledWith('ch-1', '000000');
    await userEvent.clear(code);
    await userEvent.paste('123456');
    await userEvent.click(screen.getByTestId(loginIds.codeSubmit));
    await waitFor(() => expect(enterPortal).toHaveBeenCalledTimes(1));
    expect(client.loginMfa).toHaveBeenLastCalledWith('ch-1', '123456');
    expect(startPortal).toHaveBeenCalledTimes(1);
  });

  it('a session that does not start after the login leaves the user on the page with the fallback text', async () => {
    const { enterPortal } = renderSignIn(envOf({ production: false }), '#/login', 'loggedOut');
    await signIn();
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('An error occurred.');
    expect(enterPortal).not.toHaveBeenCalled();
    expect(screen.getByTestId(loginIds.submit)).toBeEnabled();
  });
});

describe('light sign-in page, production', () => {
  it('cloud: fetches the authentication parameters through the client and submits the hidden form with the deep link', async () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    try {
      const { client } = renderSignIn(
        envOf({ production: true, deployment: 'ec2' }),
        '#/login?returnUrl=%2Flogs%2Fweb&force_udb',
      );
      expect(screen.getByRole('progressbar', { name: 'Redirecting to sign in' })).toBeInTheDocument();
      const form = await screen.findByTestId(loginIds.redirectForm);
      expect(client.authParams).toHaveBeenCalledWith(true);
      expect(form).toHaveAttribute('action', '/login/');
      expect(form.querySelector('input[name="redirect_uri"]')).toHaveValue('/#/logs/web');
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    } finally {
      submit.mockRestore();
    }
  });

  it('on-prem: a full page load to the appliance login with the returnUrl', async () => {
    const { assign, loadClient } = renderSignIn(
      envOf({ production: true, deployment: 'on_prem', mode: 'safeview' }),
      '#/login?returnUrl=%2Fsettings%2Fnetwork',
    );
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/login/#/?returnUrl=%2F%23%2Fsettings%2Fnetwork'),
    );
    expect(loadClient).not.toHaveBeenCalled();
  });
});

describe('signInClientOf', () => {
  // docs/shared-ui.md §1 Login: not axios's "Request failed with status code 500" (issue 37 point 5).
  it("the page shows 'An error occurred.' for a 500 with a non-JSON body", async () => {
    const env = envOf({ production: false });
    const http = createHttpClient({ baseURL: '', xsrfCookie: XSRF_COOKIE });
    new MockAdapter(http)
      .onPost('/api/auth/v1/login')
      .reply(500, '<html><body>Internal Server Error</body></html>', { 'content-type': 'text/html' });
    const portal: StartingPortal = { session: Promise.resolve('loggedOut'), rejection: () => ({}) };
    const enterPortal = jest.fn();
    render(
      <TenantSignIn
        env={env}
        hash="#/login"
        loadClient={() => Promise.resolve(signInClientOf(http))}
        startPortal={() => Promise.resolve(portal)}
        enterPortal={enterPortal}
        assign={jest.fn()}
      />,
    );
    await signIn();
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent(/^An error occurred\.$/);
    expect(enterPortal).not.toHaveBeenCalled();
  });

  it('words a failed login as the session saga does: the server msg and delay, else the fallback', async () => {
    setRuntimeEnvForTests({ production: true, deployment: 'ec2' });
    const http = createHttpClient({ baseURL: '', xsrfCookie: XSRF_COOKIE });
    const mock = new MockAdapter(http);
    const client = signInClientOf(http);
    mock.onPost('/api/auth/v1/login').replyOnce(429, { msg: 'Locked for $1 s.', delay: 5 });
    await expect(client.login('a', 'b')).rejects.toEqual({ msg: 'Locked for $1 s.', delay: 5 });
    mock.onPost('/api/auth/v1/login').replyOnce(502);
    await expect(client.login('a', 'b')).rejects.toEqual({ msg: 'An error occurred.' });
    mock
      .onPost('/api/auth/v1/login')
      .replyOnce(200, { status: 'mfa_required', challenge: 'c', expires_in: 300 });
    await expect(client.login('a', 'b')).resolves.toEqual({ status: 'mfa_required', challenge: 'c' });
    mock.onPost('/api/auth/v1/login/mfa').replyOnce(401, { msg: 'The code is not correct.' });
    await expect(client.loginMfa('c', '123456')).rejects.toEqual({ msg: 'The code is not correct.' });
    expect(JSON.parse(mock.history.post[3].data as string)).toEqual({ challenge: 'c', code: '123456' });
    mock.onPost('/api/auth/v1/auth_params').replyOnce(200, { login_url: '/login/' });
    await expect(client.authParams(true)).resolves.toEqual({ login_url: '/login/' });
    expect(JSON.parse(mock.history.post[4].data as string)).toEqual({ force_udb: true });
  });
});

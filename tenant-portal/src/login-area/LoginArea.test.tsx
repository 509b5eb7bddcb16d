// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import {
  createHttpClient,
  loginIds,
  setRuntimeEnvForTests,
  snackbarIds,
  XSRF_COOKIE,
} from '@workbench/common';
import { LoginArea } from './LoginArea';
import { returnUrlFromHash } from './loginArea';

function renderLoginArea(hash: string, deployment: 'ec2' | 'on_prem' = 'ec2') {
  setRuntimeEnvForTests({ deployment, mode: deployment === 'on_prem' ? 'safeview' : null, production: true });
  const http = createHttpClient({ baseURL: '', xsrfCookie: XSRF_COOKIE });
  const mock = new MockAdapter(http);
  const loadHttp = jest.fn(() => Promise.resolve(http));
  const assign = jest.fn();
  render(<LoginArea loadHttp={loadHttp} assign={assign} getHash={() => hash} />);
  return { mock, assign, loadHttp };
}

async function signIn(): Promise<void> {
  await userEvent.type(screen.getByLabelText('User'), 'admin@acme.example');
  await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1');
  await userEvent.click(screen.getByTestId(loginIds.submit));
}

afterEach(() => setRuntimeEnvForTests(null));

describe('login area (/login/)', () => {
  it('shows the shared login page with the heading Portal; the HTTP client loads at the first key', async () => {
    const { loadHttp } = renderLoginArea('');
    expect(screen.getByTestId(loginIds.heading)).toHaveTextContent('Portal');
    // Issue 15: not at page load (the User field takes the focus itself), but once the user types.
    expect(screen.getByLabelText('User')).toHaveFocus();
    expect(loadHttp).not.toHaveBeenCalled();
    await userEvent.keyboard('a');
    expect(loadHttp).toHaveBeenCalled();
  });

  it('cloud: posts to /api/auth/v1/login and on success loads the returnUrl of the hash query', async () => {
    const { mock, assign } = renderLoginArea('#/?returnUrl=%2F%23%2Flogs%2Fweb');
    mock.onPost('/api/auth/v1/login').reply(200, { status: 'ok', uid: 'admin@acme.example' });
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/#/logs/web'));
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      username: 'admin@acme.example',
      password: 'demo-pass-1',
    });
  });

  it('on-prem: posts to /api/v1/login, asks for the code when the account has two-factor sign-in, and goes to the root without a returnUrl', async () => {
    const { mock, assign } = renderLoginArea('#/', 'on_prem');
    mock.onPost('/api/v1/login').reply(200, { status: 'mfa_required', challenge: 'ch', expires_in: 300 });
    mock.onPost('/api/v1/login/mfa').reply(200, { status: 'ok', uid: 'admin' });
    await signIn();
    await userEvent.type(await screen.findByLabelText('Code'), '123456{Enter}');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(JSON.parse(mock.history.post[1].data as string)).toEqual({ challenge: 'ch', code: '123456' });
  });

  it('a failed login shows the server msg with $1 replaced by the delay, and goes nowhere', async () => {
    const { mock, assign } = renderLoginArea('#/?returnUrl=%2F');
    mock.onPost('/api/auth/v1/login').reply(429, {
      statusCode: 429,
      error: 'Too Many Requests',
      msg: 'Too many failed sign-in attempts. Try again in $1 seconds.',
      message: 'Too many failed sign-in attempts. Try again in $1 seconds.',
      delay: 30,
    });
    await signIn();
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent(
      'Too many failed sign-in attempts. Try again in 30 seconds.',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('only same-origin paths are followed', () => {
    expect(returnUrlFromHash('#/?returnUrl=%2F%23%2Fpolicy')).toBe('/#/policy');
    expect(returnUrlFromHash('#/?returnUrl=https%3A%2F%2Fevil.example')).toBeNull();
    expect(returnUrlFromHash('#/?returnUrl=%2F%2Fevil.example')).toBeNull();
    expect(returnUrlFromHash('')).toBeNull();
  });
});

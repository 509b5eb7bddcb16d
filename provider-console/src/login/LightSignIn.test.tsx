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
import {
  STUB_KEY_EXPIRES,
  STUB_OPERATOR,
  stubProviderSignIn,
} from '@workbench/common/test-support/providerSignInStubs';
import { ProviderSignIn } from './LightSignIn';
import { signInClientOf } from './signInClient';

const operator = STUB_OPERATOR;
const expires = STUB_KEY_EXPIRES;

function renderSignIn(oauthStatus = 'Success') {
  setRuntimeEnvForTests({ production: true });
  const http = createHttpClient({ baseURL: '', xsrfCookie: PROVIDER_XSRF_COOKIE });
  const mock = new MockAdapter(http);
  stubProviderSignIn(mock, oauthStatus);
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

afterEach(() => {
  setRuntimeEnvForTests(null);
  document.cookie = `${PROVIDER_XSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

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

  // docs/shared-ui.md §1 Login: not axios's "Request failed with status code 500" (issue 37 point 5).
  it("a 500 with a non-JSON body shows 'An error occurred.'", async () => {
    setRuntimeEnvForTests({ production: true });
    const http = createHttpClient({ baseURL: '', xsrfCookie: PROVIDER_XSRF_COOKIE });
    new MockAdapter(http)
      .onPost('/idp/token')
      .reply(500, '<html><body>Internal Server Error</body></html>', { 'content-type': 'text/html' });
    const enterConsole = jest.fn();
    render(
      <ProviderSignIn
        loadClient={() => Promise.resolve(signInClientOf(http))}
        loadConsole={() => Promise.resolve()}
        enterConsole={enterConsole}
      />,
    );
    await signIn();
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent(/^An error occurred\.$/);
    expect(enterConsole).not.toHaveBeenCalled();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginIds, LOGIN_AREA_PATH, snackbarIds } from '@workbench/common';
import type { AuthParams } from '@workbench/common/api/contract/auth';
import { demoUser, renderPortal, resetPortalEnv, setSessionCookies } from '../testing/renderPortal';
import { LoginRedirectForm } from './LoginRedirectForm';
import { safeReturnPath } from '@workbench/common/api/contract/returnUrl';
import { applianceLoginUrl, forceUdbFromQuery, redirectFormFields } from './loginRedirect';

afterEach(resetPortalEnv);

const params: AuthParams = {
  login_url: '/login/',
  redirect_uri: 'https://portal.example/api/auth/v1/callback',
  client_id: 'portal',
  csrf_token: 'csrf-123',
  scope: 'openid profile',
};

const formValues = (form: HTMLElement): Record<string, string> =>
  Object.fromEntries(
    Array.from(form.querySelectorAll('input')).map((input) => [input.name, input.value] as [string, string]),
  );

describe('docs/sessions.md §2 Login route behaviour', () => {
  it('if the user is already logged in, go to the returnUrl query parameter', async () => {
    const { location } = renderPortal({ path: '/login?returnUrl=%2Ffwaas', user: demoUser('admin') });
    await waitFor(() => expect(location()).toBe('/fwaas'));
  });

  it('a returnUrl starting with /docs is a full page load', async () => {
    const { navigation } = renderPortal({ path: '/login?returnUrl=%2Fdocs%2Fapi', user: demoUser('admin') });
    await waitFor(() => expect(navigation.assign).toHaveBeenCalledWith('/docs/api'));
  });

  it('with no returnUrl, a logged-in user goes to the root', async () => {
    const { location } = renderPortal({ path: '/login', user: demoUser('logs') });
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('in a non-production build, show the local login page', async () => {
    renderPortal({ path: '/login', production: false });
    expect(await screen.findByTestId(loginIds.heading)).toHaveTextContent('Portal');
    expect(screen.getByLabelText('User')).toBeInTheDocument();
  });

  it('deployment dev shows the local login page also in a production build', async () => {
    renderPortal({ path: '/login', production: true, deployment: 'dev' });
    expect(await screen.findByTestId(loginIds.heading)).toHaveTextContent('Portal');
  });

  it('on-prem, redirect to the appliance dashboard login', async () => {
    const { navigation } = renderPortal({
      path: '/login?returnUrl=%2Fsettings%2Fnetwork',
      production: true,
      deployment: 'on_prem',
      mode: 'safeview',
    });
    await waitFor(() =>
      expect(navigation.assign).toHaveBeenCalledWith(
        `${LOGIN_AREA_PATH}#/?returnUrl=%2F%23%2Fsettings%2Fnetwork`,
      ),
    );
  });

  it('otherwise (cloud), fetch authentication parameters and submit a hidden POST form to the returned login_url', async () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    try {
      const { mock } = renderPortal({
        path: '/login?returnUrl=%2Flogs%2Fweb&force_udb',
        production: true,
        stubs: (m) => m.onPost('/api/auth/v1/auth_params').reply(200, { ...params, id_token_hint: 'hint-1' }),
      });
      const form = await screen.findByTestId(loginIds.redirectForm);
      expect(form).toHaveAttribute('method', 'POST');
      expect(form).toHaveAttribute('action', '/login/');
      expect(formValues(form)).toEqual({
        redirect_uri: 'https://portal.example/api/auth/v1/callback#/logs/web',
        client_id: 'portal',
        csrf_token: 'csrf-123',
        scope: 'openid profile',
        id_token_hint: 'hint-1',
        force_udb: 'true',
      });
      expect(JSON.parse(mock.history.post[0].data as string)).toEqual({ force_udb: true });
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    } finally {
      submit.mockRestore();
    }
  });
});

describe('local login page (non-production build)', () => {
  it('login sets the user-id cookie, then loads the session and follows the returnUrl', async () => {
    const user = demoUser('admin');
    const { location, mock } = renderPortal({
      path: '/login?returnUrl=%2Ffwaas',
      stubs: (m) => {
        m.onPost('/api/auth/v1/login').reply(() => {
          setSessionCookies(user);
          return [200, { status: 'ok', uid: user.uid }];
        });
        m.onGet(/\/userinfo$/).reply(200, user);
      },
    });
    await userEvent.type(await screen.findByLabelText('User'), 'admin@acme.example');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1{Enter}');
    await waitFor(() => expect(location()).toBe('/fwaas'));
    expect(JSON.parse(mock.history.post[0].data as string)).toEqual({
      username: 'admin@acme.example',
      password: 'demo-pass-1',
    });
  });

  it('an account with two-factor sign-in: the code after the password, then the session and the returnUrl', async () => {
    const user = demoUser('admin');
    const { location, mock } = renderPortal({
      path: '/login?returnUrl=%2Ffwaas',
      stubs: (m) => {
        m.onPost('/api/auth/v1/login').reply(200, {
          status: 'mfa_required',
          challenge: 'ch',
          expires_in: 300,
        });
        m.onPost('/api/auth/v1/login/mfa').reply(() => {
          setSessionCookies(user);
          return [200, { status: 'ok', uid: user.uid }];
        });
        m.onGet(/\/userinfo$/).reply(200, user);
      },
    });
    await userEvent.type(await screen.findByLabelText('User'), 'admin@acme.example');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-pass-1{Enter}');
    await userEvent.type(await screen.findByLabelText('Code'), '123456{Enter}');
    await waitFor(() => expect(location()).toBe('/fwaas'));
    expect(JSON.parse(mock.history.post[1].data as string)).toEqual({ challenge: 'ch', code: '123456' });
  });

  it('a failed login shows the server message in the top snackbar and stays on login', async () => {
    const { location } = renderPortal({
      path: '/login',
      stubs: (m) =>
        m.onPost('/api/auth/v1/login').reply(401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Invalid user name or password.',
          msg: 'Invalid user name or password.',
        }),
    });
    await userEvent.type(await screen.findByLabelText('User'), 'x');
    await userEvent.type(screen.getByLabelText('Password'), 'y{Enter}');
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent('Invalid user name or password.');
    expect(location()).toBe('/login');
  });

  // docs/shared-ui.md §1 Login: not axios's "Request failed with status code 500" (issue 37 point 5).
  it("a 500 with a non-JSON body shows 'An error occurred.'", async () => {
    renderPortal({
      path: '/login',
      stubs: (m) =>
        m
          .onPost('/api/auth/v1/login')
          .reply(500, '<html><body>Internal Server Error</body></html>', { 'content-type': 'text/html' }),
    });
    await userEvent.type(await screen.findByLabelText('User'), 'x');
    await userEvent.type(screen.getByLabelText('Password'), 'y{Enter}');
    expect(await screen.findByTestId(snackbarIds.top)).toHaveTextContent(/^An error occurred\.$/);
  });
});

describe('login redirect helpers', () => {
  it('the form carries redirect_uri, client_id, csrf_token and scope, plus the optional id_token_hint and force_udb', () => {
    const submit = jest.fn();
    render(<LoginRedirectForm action="/idp" fields={redirectFormFields(params, null)} submit={submit} />);
    const form = screen.getByTestId(loginIds.redirectForm);
    expect(formValues(form)).toEqual({
      redirect_uri: params.redirect_uri,
      client_id: 'portal',
      csrf_token: 'csrf-123',
      scope: 'openid profile',
    });
    expect(submit).toHaveBeenCalledWith(form);
  });

  it('force_udb is taken from the query string when its value is true or empty', () => {
    expect(forceUdbFromQuery(new URLSearchParams('force_udb=true'))).toBe(true);
    expect(forceUdbFromQuery(new URLSearchParams('force_udb='))).toBe(true);
    expect(forceUdbFromQuery(new URLSearchParams('force_udb'))).toBe(true);
    expect(forceUdbFromQuery(new URLSearchParams('force_udb=false'))).toBeUndefined();
    expect(forceUdbFromQuery(new URLSearchParams(''))).toBeUndefined();
  });

  it('only same-origin paths are followed as returnUrl', () => {
    expect(safeReturnPath('/logs/web?interval=7d')).toBe('/logs/web?interval=7d');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('javascript:alert(1)')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it('the appliance login carries the portal deep link as its returnUrl', () => {
    expect(applianceLoginUrl('/logs/web?interval=7d')).toBe(
      '/login/#/?returnUrl=%2F%23%2Flogs%2Fweb%3Finterval%3D7d',
    );
    expect(applianceLoginUrl(null)).toBe('/login/#/?returnUrl=%2F');
  });
});

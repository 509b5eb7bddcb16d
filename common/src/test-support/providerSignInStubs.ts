/**
 * The provider sign-in chain's replies (/idp/token → oauth/login → session_cookie → me) for tests
 * of its callers: the session saga and the console's light sign-in page.
 */
import Cookies from 'js-cookie';
import type MockAdapter from 'axios-mock-adapter';
import { PROVIDER_PATHS } from '../api/contract/provider';
import { PROVIDER_XSRF_COOKIE } from '../api/contract/wire';

export const STUB_OPERATOR = {
  username: 'operator@provider.example',
  display_name: 'Olive Operator',
  role: 'operator',
};
/** The session key's expiry the stubbed oauth/login and session_cookie give. */
export const STUB_KEY_EXPIRES = '2026-11-22T05:00:00.000Z';

/** Stubs the chain; an oauthStatus other than 'Success' is refused (401 with that status). */
export function stubProviderSignIn(mock: MockAdapter, oauthStatus = 'Success'): void {
  mock
    .onPost(PROVIDER_PATHS.idpToken)
    .reply(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 60 });
  mock.onGet(PROVIDER_PATHS.oauthLogin).reply(oauthStatus === 'Success' ? 200 : 401, {
    status: oauthStatus,
    username: STUB_OPERATOR.username,
    key_id: 'k1',
    expires: STUB_KEY_EXPIRES,
    Authorization: 'Bearer key-1',
  });
  mock.onGet(PROVIDER_PATHS.sessionCookie).reply(() => {
    Cookies.set(PROVIDER_XSRF_COOKIE, 'gx');
    return [200, { status: 'ok', expires: STUB_KEY_EXPIRES }];
  });
  mock.onGet(PROVIDER_PATHS.me).reply(200, { status: 'authenticated', user: STUB_OPERATOR });
}

import MockAdapter from 'axios-mock-adapter';
import { AUTH_PATHS } from './contract/auth';
import { XSRF_COOKIE } from './contract/wire';
import { setRuntimeEnvForTests } from '../env/runtimeEnv';
import { createHttpClient } from './http';
import { ON_PREM_AUTH_PATHS, cookieRefresh, login, logout, userInfo } from './auth';

afterEach(() => setRuntimeEnvForTests(null));

describe('auth calls (docs/sessions.md §8 Auth)', () => {
  test('On-prem uses dashboard-API login, logout, user info and cookie refresh calls', async () => {
    for (const [deployment, paths] of [
      ['ec2', AUTH_PATHS],
      ['on_prem', ON_PREM_AUTH_PATHS],
    ] as const) {
      setRuntimeEnvForTests({ deployment, mode: deployment === 'on_prem' ? 'management_station' : null });
      const http = createHttpClient({ xsrfCookie: XSRF_COOKIE });
      const mock = new MockAdapter(http);
      mock.onAny().reply(200, {});
      await login(http, { username: 'u', password: 'p' });
      await logout(http);
      await userInfo(http);
      await cookieRefresh(http);
      expect([...mock.history.post, ...mock.history.get].map((r) => r.url).sort()).toEqual(
        [paths.login, paths.logout, paths.userInfo, paths.cookieRefresh].sort(),
      );
    }
  });
});

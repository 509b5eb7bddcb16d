/**
 * The sign-in visit rule (issues 14, 15): the apps' boot modules show the light sign-in page only
 * to a visitor without session cookies at the start page or the login route.
 */
import Cookies from 'js-cookie';
import { PROVIDER_XSRF_COOKIE, USER_ID_COOKIE, XSRF_COOKIE } from '../../api/contract/wire';
import { getRuntimeEnv, setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { loadOnce } from './lightSignIn';
import { hashPath, hashQuery, isProviderSignInVisit, isSignInHash, isTenantSignInVisit } from './signInVisit';

afterEach(() => {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  setRuntimeEnvForTests(null);
});

const envOf = (deployment: 'ec2' | 'on_prem', mode: 'safeview' | 'management_station' | null = null) => {
  setRuntimeEnvForTests({ deployment, mode, production: true });
  return getRuntimeEnv();
};

describe('sign-in visit', () => {
  test('the start page and the login route are sign-in hashes; a deep link or the logout page are not', () => {
    for (const hash of ['', '#', '#/', '#/login', '#/login?returnUrl=%2Ffwaas&force_udb']) {
      expect(isSignInHash(hash)).toBe(true);
    }
    for (const hash of ['#/logs/web', '#/logout?timeout=true', '#/login/x', '#/404-not-found']) {
      expect(isSignInHash(hash)).toBe(false);
    }
    expect(hashPath('#/login?returnUrl=%2Ffwaas')).toBe('/login');
    expect(hashQuery('#/login?returnUrl=%2Ffwaas').get('returnUrl')).toBe('/fwaas');
  });

  test('tenant, cloud and management station: a session needs the user-id and the xsrf cookie', () => {
    const cloud = envOf('ec2');
    expect(isTenantSignInVisit(cloud, '#/login')).toBe(true);
    Cookies.set(USER_ID_COOKIE, 'u1');
    expect(isTenantSignInVisit(cloud, '#/login')).toBe(true);
    Cookies.set(XSRF_COOKIE, 'x1');
    expect(isTenantSignInVisit(cloud, '#/login')).toBe(false);
    Cookies.remove(XSRF_COOKIE);
    expect(isTenantSignInVisit(envOf('on_prem', 'management_station'), '')).toBe(true);
  });

  test('tenant, other on-prem modes: the user-id cookie alone is a session; a deep link is never a sign-in visit', () => {
    const onPrem = envOf('on_prem', 'safeview');
    expect(isTenantSignInVisit(onPrem, '#/')).toBe(true);
    expect(isTenantSignInVisit(onPrem, '#/logs/web')).toBe(false);
    Cookies.set(USER_ID_COOKIE, 'u1');
    expect(isTenantSignInVisit(onPrem, '#/')).toBe(false);
  });

  test('provider: the gd_xsrf cookie is the session', () => {
    expect(isProviderSignInVisit('')).toBe(true);
    expect(isProviderSignInVisit('#/tenants')).toBe(false);
    Cookies.set(PROVIDER_XSRF_COOKIE, 'gx');
    expect(isProviderSignInVisit('#/login')).toBe(false);
  });

  test('loadOnce shares one load and tries again after a failure', async () => {
    const load = jest
      .fn<Promise<string>, []>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('offline');
    await expect(Promise.all([once(), once()])).resolves.toEqual(['module', 'module']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

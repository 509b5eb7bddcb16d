import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { initialSessionState, type SessionState } from '../session/sessionSlice';
import { makeUser } from '../../test-support/storeHarness';
import { NO_ACCESS } from './permissions';
import { selectAccessController, selectCan } from './rbacSelectors';
import { selectFeatures, selectFeature } from '../feature-flags/featureFlagsSelectors';

const stateWith = (session: Partial<SessionState>) => ({ session: { ...initialSessionState, ...session } });

afterEach(() => setRuntimeEnvForTests(null));

describe('rbac selectors (docs/access.md §1)', () => {
  test('no access controller grants anything while logged out', () => {
    const s = stateWith({ status: 'loggedOut' });
    expect(selectAccessController(s)).toBe(NO_ACCESS);
    expect(selectCan('dashboard:read')(s)).toBe(false);
  });

  test("Each role in a user's read list becomes item:read; each in the write list becomes item:write", () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null });
    const s = stateWith({
      status: 'loggedIn',
      user: makeUser({ roles: { read: ['logs:web'], write: ['web_policy:risks'] } }),
    });
    const ac = selectAccessController(s);
    expect(ac.permissions).toEqual(['logs:web:read', 'web_policy:risks:write']);
    expect(selectCan('logs:web:read')(s)).toBe(true);
    expect(selectCan('logs:dlp:read')(s)).toBe(false);
  });

  test('Permission checks are skipped (everything allowed) when RBAC is not enforced', () => {
    setRuntimeEnvForTests({ deployment: 'ec2', mode: null });
    const s = stateWith({
      status: 'loggedIn',
      user: makeUser({ capabilities: { rbac: false }, roles: { read: [], write: [] } }),
    });
    expect(selectCan('logs:dlp:read')(s)).toBe(true);
  });

  test('RBAC is always enforced on on-prem non-management modes', () => {
    setRuntimeEnvForTests({ deployment: 'on_prem', mode: 'safeview' });
    const s = stateWith({
      status: 'loggedIn',
      user: makeUser({ capabilities: {}, roles: { read: [], write: [] } }),
    });
    expect(selectAccessController(s).enforced).toBe(true);
    expect(selectCan('settings:read')(s)).toBe(false);
  });

  test('the on-prem management station follows the rbac capability, like the cloud (the mode is read)', () => {
    setRuntimeEnvForTests({ deployment: 'on_prem', mode: 'management_station' });
    const s = stateWith({
      status: 'loggedIn',
      user: makeUser({ capabilities: {}, roles: { read: [], write: [] } }),
    });
    expect(selectAccessController(s).enforced).toBe(false);
    expect(selectCan('settings:read')(s)).toBe(true);
  });

  test('one selector per permission, kept', () => {
    expect(selectCan('logs:web:read')).toBe(selectCan('logs:web:read'));
    expect(selectCan('logs:web:read')).not.toBe(selectCan('logs:dlp:read'));
  });

  test('the same state gives the same controller (memoised)', () => {
    const s = stateWith({ status: 'loggedIn', user: makeUser() });
    expect(selectAccessController(s)).toBe(selectAccessController(s));
  });

  test('selectFeatures derives the flags from the user capabilities', () => {
    const s = stateWith({ status: 'loggedIn', user: makeUser({ capabilities: { bnb: true } }) });
    expect(selectFeatures(s).applicationPolicy).toBe(true);
    expect(selectFeature('applicationPolicy')(s)).toBe(true);
    expect(selectFeature('bandwidth')(s)).toBe(false);
  });
});

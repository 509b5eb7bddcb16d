/**
 * The portal's registry of requests (app/portalRequests.ts): areas add their tables as their
 * modules load, the entity watcher finds a request added after it started, a name is one request.
 */
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ReactNode } from 'react';
import {
  entitiesSaga,
  entityRequestsReducer,
  request,
  setRuntimeEnvForTests,
  type HttpClient,
} from '@workbench/common';
import { createFeatureTestStore } from '@workbench/common/test-support/storeHarness';
import { PORTAL_REQUESTS, portalRequests } from './portalRequests';
import { ALERTS_REQUESTS } from '../areas/alerts/alertsRequests';
import { SHELL_REQUESTS } from '../shell/shellRequests';

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

const getGadget = async (http: HttpClient, code: string): Promise<{ code: string }> =>
  (await http.get<{ code: string }>(`/gadgets/${code}`)).data;

describe('the portal’s requests', () => {
  test('an area’s module adds its requests; a request two areas share is one entry', () => {
    expect(PORTAL_REQUESTS.listAlertRules).toBe(ALERTS_REQUESTS.listAlertRules);
    expect(PORTAL_REQUESTS.listNotifications).toBe(SHELL_REQUESTS.listNotifications);
    expect(ALERTS_REQUESTS.acknowledgeAlertFiring).toBe(SHELL_REQUESTS.acknowledgeAlertFiring);
    expect(PORTAL_REQUESTS.acknowledgeAlertFiring).toBe(SHELL_REQUESTS.acknowledgeAlertFiring);
    // A module not imported here adds nothing: the registry holds what has loaded.
    expect(Object.hasOwn(PORTAL_REQUESTS, 'listBoards')).toBe(false);
  });

  test('a different request under a name already taken is refused and adds nothing', () => {
    const before = { ...PORTAL_REQUESTS };
    expect(() =>
      portalRequests({ firstNewName: request(getGadget), listAlertRules: request(getGadget) }),
    ).toThrow('Two different requests are named listAlertRules.');
    expect(PORTAL_REQUESTS).toEqual(before);
    expect(Object.hasOwn(PORTAL_REQUESTS, 'firstNewName')).toBe(false);
  });

  test('the entity watcher runs a request an area added after the store started', async () => {
    const { store, mock } = createFeatureTestStore({
      reducers: { entityRequests: entityRequestsReducer },
      sagas: [entitiesSaga([], PORTAL_REQUESTS)],
    });
    const late = { getGadgetLate: request(getGadget) };
    const hooks = portalRequests(late);
    expect(PORTAL_REQUESTS.getGadgetLate).toBe(late.getGadgetLate);
    mock.onGet('/gadgets/g1').reply(200, { code: 'g1' });
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const { result } = renderHook(() => hooks.useEntityCall('getGadgetLate'), { wrapper });
    await expect(result.current('g1')).resolves.toEqual({ code: 'g1' });
    // Adding the same table again (a module evaluated twice in a test) changes nothing.
    expect(() => portalRequests(late)).not.toThrow();
  });
});

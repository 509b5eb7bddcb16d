import MockAdapter from 'axios-mock-adapter';
import { POLICY_PATHS, type TesterReply } from '../../api/contract/policy';
import { XSRF_COOKIE } from '../../api/contract/wire';
import { createHttpClient } from '../../api/http';
import { createAppStore } from '../../store/createAppStore';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { stateWhen } from '../../test-support/storeHarness';
import { loggedOut } from '../session/sessionSlice';
import { policyTesterSaga } from './policyTesterSaga';
import {
  initialPolicyTesterState,
  policyTestFailed,
  policyTestRequested,
  policyTestSucceeded,
  policyTesterReducer,
  type PolicyTesterState,
} from './policyTesterSlice';

const CATEGORY = { id: 23, name: 'Category 23', source: 'request', domain: null } as const;
const REPLY: TesterReply = {
  staged: {
    rev_id: 2,
    category: CATEGORY,
    action: 'block',
    rule: { kind: 'cats', key: '23', name: 'Category 23' },
    reason: 'r',
  },
  published: {
    rev_id: 1,
    category: CATEGORY,
    action: 'allow',
    rule: null,
    reason: 'No rule matched; the default allows.',
  },
};

function testStore() {
  const http = createHttpClient({ xsrfCookie: XSRF_COOKIE, timeoutMs: 5000 });
  const mock = new MockAdapter(http);
  const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };
  const { store } = createAppStore({
    world: 'tenant',
    navigation,
    http,
    extraReducers: { policyTester: policyTesterReducer },
    extraSagas: [policyTesterSaga],
  });
  return { store, mock };
}
const tester = (s: { policyTester: PolicyTesterState }) => s.policyTester;

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

test('a test request posts the request and keeps both decisions', async () => {
  const { store, mock } = testStore();
  mock.onPost(POLICY_PATHS.tester).reply(200, REPLY);
  store.dispatch(policyTestRequested({ url: 'https://casino.example/', category_id: 23 }));
  const s = await stateWhen(store, (st) => tester(st).status === 'done');
  expect(tester(s).result).toEqual(REPLY);
  expect(JSON.parse(String(mock.history.post[0]?.data))).toEqual({
    url: 'https://casino.example/',
    category_id: 23,
  });
});

test("a refused request becomes the error shown with the form, naming the server's message", async () => {
  const { store, mock } = testStore();
  mock.onPost(POLICY_PATHS.tester).reply(400, {
    statusCode: 400,
    error: 'Bad Request',
    message: 'url must be an http or https URL.',
    field: 'url',
  });
  store.dispatch(policyTestRequested({ url: 'ftp://x' }));
  const s = await stateWhen(store, (st) => tester(st).status === 'failed');
  expect(tester(s).error).toMatchObject({
    status: 400,
    message: expect.stringContaining('url must be an http or https URL.'),
  });
});

test('the slice keeps the request with its result; a new request clears the old error; sign-out forgets it', () => {
  let state = policyTesterReducer(undefined, policyTestRequested({ url: 'https://a.example/' }));
  expect(state).toMatchObject({ status: 'testing', request: { url: 'https://a.example/' }, result: null });
  state = policyTesterReducer(
    state,
    policyTestFailed({ status: 400, message: 'bad', callName: 'testPolicy' } as never),
  );
  expect(state.status).toBe('failed');
  state = policyTesterReducer(state, policyTestRequested({ url: 'https://b.example/' }));
  expect(state.error).toBeNull();
  state = policyTesterReducer(state, policyTestSucceeded(REPLY));
  expect(state).toMatchObject({ status: 'done', result: REPLY });
  expect(policyTesterReducer(state, loggedOut())).toEqual(initialPolicyTesterState);
});

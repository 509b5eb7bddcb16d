import fs from 'node:fs';
import path from 'node:path';
import { LOG_TYPES } from '../../vocabularies/logTypes';
import { EXTENSIONS_PATHS, EXTENSION_REGISTRY, extensionsOf } from '../../api/contract/extensions';
import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import {
  clearAllCookies,
  createTestStore,
  flush,
  makeUser,
  stateWhen,
  stubTenantSession,
} from '../../test-support/storeHarness';
import { loggedOut, sessionStarted, sessionStartRequested } from '../session/sessionSlice';
import { providerLoggedOut, providerSessionStarted } from '../provider-session/providerSessionSlice';
import {
  extensionsDetected,
  extensionsDetectionFailed,
  extensionsReducer,
  initialExtensionsState,
} from './extensionsSlice';
import { selectExtension, selectExtensionsKnown, type WithExtensions } from './extensionsSelectors';
import { extensionServed } from './extensionsSaga';
import { runSaga, stdChannel } from 'redux-saga';

beforeEach(() => {
  clearAllCookies();
  setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true });
});
afterAll(() => setRuntimeEnvForTests(null));

describe('the registry (contract/extensions.ts)', () => {
  test('every row names its world, at least one route, each once, and what the apps use it for', () => {
    const seen = new Set<string>();
    for (const [id, def] of Object.entries(EXTENSION_REGISTRY)) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(def.routes.length).toBeGreaterThan(0);
      expect(def.usedFor.length).toBeGreaterThan(10);
      for (const route of def.routes) {
        const key = `${route.method} ${route.path}`;
        expect({ key, seen: seen.has(key) }).toEqual({ key, seen: false });
        seen.add(key);
        // A tenant's calls are under /api, or the connectivity test's own family (/connectivity/manager).
        const prefixes = def.world === 'tenant' ? ['/api/', '/connectivity/manager/'] : ['/gdmanage/api/'];
        expect({ path: route.path, ok: prefixes.some((p) => route.path.startsWith(p)) }).toEqual({
          path: route.path,
          ok: true,
        });
      }
    }
  });

  test("docs/api.md's table names every row with its world, family and first route", () => {
    const doc = fs.readFileSync(path.resolve(__dirname, '../../../../docs/api.md'), 'utf8');
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    const ids = Object.keys(EXTENSION_REGISTRY);
    expect(rows.map((r) => /^\| `([^`]+)`/.exec(r)?.[1])).toEqual(ids);
    for (const [id, def] of Object.entries(EXTENSION_REGISTRY)) {
      const row = rows.find((r) => r.startsWith(`| \`${id}\``))!;
      const cells = row.split('|').map((c) => c.trim());
      const first = LOG_TYPES.reduce((p, t) => p.replace(t, '{logtype}'), def.routes[0].path);
      expect({ id, world: cells[2], family: cells[3], route: cells[4].includes(first) }).toEqual({
        id,
        world: def.world,
        family: def.family,
        route: true,
      });
    }
  });
});

describe('extensions slice (a state machine: unknown → detecting → detected)', () => {
  test('a session start begins detection; the answer or a failure ends it; a logout forgets it', () => {
    const user = makeUser();
    let s = extensionsReducer(initialExtensionsState, sessionStarted(user));
    expect(s).toEqual({ status: 'detecting', served: [], error: null });
    s = extensionsReducer(s, extensionsDetected(['policy-tester']));
    expect(s).toEqual({ status: 'detected', served: ['policy-tester'], error: null });
    expect(extensionsReducer(s, loggedOut())).toEqual(initialExtensionsState);
    const failed = extensionsReducer(
      extensionsReducer(
        initialExtensionsState,
        providerSessionStarted({ user: { username: 'op' } as never }),
      ),
      extensionsDetectionFailed({ message: 'Request timeout. listExtensions', callName: 'listExtensions' }),
    );
    expect(failed).toMatchObject({ status: 'detected', served: [], error: { callName: 'listExtensions' } });
    expect(extensionsReducer(failed, providerLoggedOut())).toEqual(initialExtensionsState);
  });

  test('selectExtension is true only for a served id; known once not detecting', () => {
    const state = {
      extensions: { status: 'detected' as const, served: ['log-export' as const], error: null },
    };
    expect(selectExtension('log-export')(state)).toBe(true);
    expect(selectExtension('saved-searches')(state)).toBe(false);
    expect(selectExtensionsKnown(state)).toBe(true);
    expect(selectExtensionsKnown({ extensions: { status: 'detecting', served: [], error: null } })).toBe(
      false,
    );
  });
});

describe('detection at session start (the tenant portal)', () => {
  test("the session's start asks the listing once; the ids this client knows are kept, in the registry's order", async () => {
    const { store, mock } = createTestStore();
    stubTenantSession(mock);
    mock.onGet(EXTENSIONS_PATHS.tenant).reply(200, { extensions: ['saved-searches', 'trust', 'log-export'] });
    store.dispatch(sessionStartRequested());
    const s = await stateWhen(store, (st) => st.extensions.status === 'detected');
    expect(s.extensions.served).toEqual(['log-export', 'saved-searches']);
    expect(mock.history.get.filter((r) => r.url === EXTENSIONS_PATHS.tenant)).toHaveLength(1);
  });

  test('a session with a pending step asks nothing until it is started again without one', async () => {
    const { store, mock } = createTestStore();
    stubTenantSession(mock, makeUser({ pending_steps: ['change_password'] }));
    mock.onGet(EXTENSIONS_PATHS.tenant).reply(200, { extensions: ['log-export'] });
    store.dispatch(sessionStartRequested());
    await stateWhen(store, (st) => st.session.status === 'loggedIn');
    await flush();
    expect(store.getState().extensions.status).toBe('unknown');
    expect(mock.history.get.filter((r) => r.url === EXTENSIONS_PATHS.tenant)).toHaveLength(0);
    // The step done, the session is read again: now the detection runs.
    store.dispatch(sessionStarted(makeUser()));
    const s = await stateWhen(store, (st) => st.extensions.status === 'detected');
    expect(s.extensions.served).toEqual(['log-export']);
  });

  test('a backend without the listing (404) serves none, silently', async () => {
    const { store, mock } = createTestStore();
    stubTenantSession(mock);
    mock.onGet(EXTENSIONS_PATHS.tenant).reply(404, { message: 'No such API path' });
    store.dispatch(sessionStartRequested());
    const s = await stateWhen(store, (st) => st.extensions.status === 'detected');
    expect(s.extensions).toEqual({ status: 'detected', served: [], error: null });
    expect(s.snackbar.top).toBeNull();
    expect(s.snackbar.bottom).toBeNull();
  });

  test('a failed listing (500) serves none and keeps the error; the session goes on', async () => {
    const { store, mock } = createTestStore();
    stubTenantSession(mock);
    mock.onGet(EXTENSIONS_PATHS.tenant).reply(500, { message: 'boom' });
    store.dispatch(sessionStartRequested());
    const s = await stateWhen(store, (st) => st.extensions.status === 'detected');
    expect(s.extensions.served).toEqual([]);
    expect(s.extensions.error?.message).toMatch(/boom/);
    expect(s.session.status).toBe('loggedIn');
  });

  test("the session's revision load waits for the answer, then reads the note only when revision-note is served", async () => {
    for (const served of [[], ['revision-note']]) {
      const { store, mock } = createTestStore();
      // Its note reads as '' (stubTenantSession); not read at all, the note stays null. The note is
      // a web-policy document: only a role that reads web policy asks for it.
      stubTenantSession(mock, makeUser({ roles: { read: ['web_policy:*'], write: [] } }));
      mock.onGet(EXTENSIONS_PATHS.tenant).reply(200, { extensions: served });
      store.dispatch(sessionStartRequested());
      const s = await stateWhen(
        store,
        (st) => st.revision.status === 'loaded' && (served.length === 0 || st.revision.note !== null),
      );
      const noteReads = mock.history.get.filter((r) => /portal_note/.test(r.url ?? ''));
      expect({ served, noteReads: noteReads.length, note: s.revision.note }).toEqual({
        served,
        noteReads: served.length,
        note: served.length > 0 ? '' : null,
      });
    }
  });
});

describe('detection at session start (the provider console)', () => {
  test("the operator session's start asks the provider listing and keeps the provider's ids only", async () => {
    const { store, mock } = createTestStore('provider');
    mock
      .onGet(EXTENSIONS_PATHS.provider)
      .reply(200, { extensions: ['provider-audit', 'revision-history', 'provider-rollouts'] });
    store.dispatch(providerSessionStarted({ user: { username: 'operator@provider.example' } as never }));
    const s = await stateWhen(store, (st) => st.extensions.status === 'detected');
    expect(s.extensions.served).toEqual(
      extensionsOf('provider').filter((id) => id === 'provider-audit' || id === 'provider-rollouts'),
    );
  });
});

describe('extensionServed (sagas that call an extension themselves)', () => {
  test('waits while detecting and answers from the detection; a logout meanwhile answers false', async () => {
    const detecting: WithExtensions = { extensions: { status: 'detecting', served: [], error: null } };
    let state = detecting;
    const channel = stdChannel();
    const run = () =>
      runSaga(
        { channel, getState: () => state, dispatch: () => undefined },
        extensionServed,
        'revision-note',
      ).toPromise();

    const answered = run();
    state = { extensions: { status: 'detected', served: ['revision-note'], error: null } };
    channel.put(extensionsDetected(['revision-note']));
    expect(await answered).toBe(true);

    state = detecting;
    const ended = run();
    state = { extensions: initialExtensionsState };
    channel.put(loggedOut());
    expect(await ended).toBe(false);

    // No session in this store: nothing to wait for, nothing served.
    state = { extensions: initialExtensionsState };
    expect(await run()).toBe(false);
  });
});

import { setRuntimeEnvForTests } from '../../env/runtimeEnv';
import { createTestStore, flush, stateWhen } from '../../test-support/storeHarness';
import { revisionLoaded } from '../revision/revisionSlice';
import { selectRevision } from '../revision/revisionSelectors';
import {
  policyMigrationRequested,
  policyReferenceInvalidated,
  policyReferenceLoaded,
  policyReferenceRequested,
} from './policyReferenceSlice';
import {
  selectPolicyMigration,
  selectPolicyReference,
  type WithPolicyReference,
} from './policyReferenceSelectors';
import { NO_REVISION_LOADED_MSG } from './policyReferenceSaga';

type Mock = ReturnType<typeof createTestStore>['mock'];

const CATS = '/api/policy/v1/cats';
const tree = {
  groups: [{ key: 'security', name: 'Security Risk' }],
  categories: [{ id: 56, name: 'Malware Sites', group: 'security' }],
};
const gets = (mock: Mock, url: string) => mock.history.get.filter((r) => r.url === url).length;
const cats = (s: WithPolicyReference) => selectPolicyReference(s, 'cats');

beforeEach(() => setRuntimeEnvForTests({ deployment: 'ec2', mode: null, production: true }));
afterAll(() => setRuntimeEnvForTests(null));

describe('policy reference saga', () => {
  test('a request reads the row with a timestamp and keeps it; later requests read nothing', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(CATS).reply(200, tree);
    store.dispatch(policyReferenceRequested({ name: 'cats' }));
    expect(cats(store.getState()).status).toBe('loading');
    const s = await stateWhen(store, (st) => cats(st).status === 'ready');
    expect(cats(s)).toEqual({ status: 'ready', data: tree, error: null });
    expect(mock.history.get[0].params).toEqual({ timestamp: expect.stringMatching(/^\d+$/) });
    store.dispatch(policyReferenceRequested({ name: 'cats' }));
    await flush();
    expect(gets(mock, CATS)).toBe(1);
  });

  test('requests while the row loads share the one read', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(CATS).reply(200, tree);
    for (let i = 0; i < 3; i += 1) store.dispatch(policyReferenceRequested({ name: 'cats' }));
    await stateWhen(store, (st) => cats(st).status === 'ready');
    await flush();
    expect(gets(mock, CATS)).toBe(1);
  });

  test('a failure becomes the state; the next request tries again', async () => {
    const { store, mock } = createTestStore();
    mock.onGet(CATS).replyOnce(500, { message: 'boom' }).onGet(CATS).reply(200, tree);
    store.dispatch(policyReferenceRequested({ name: 'cats' }));
    const failed = await stateWhen(store, (st) => cats(st).status === 'failed');
    expect(cats(failed).error).toMatchObject({
      status: 500,
      message: 'boom',
      callName: 'getPolicyReference:cats',
    });
    store.dispatch(policyReferenceRequested({ name: 'cats' }));
    const s = await stateWhen(store, (st) => cats(st).status === 'ready');
    expect(cats(s).data).toEqual(tree);
    expect(gets(mock, CATS)).toBe(2);
  });

  test('reload reads a loaded row again; invalidation makes the next request read it', async () => {
    const { store, mock } = createTestStore();
    const version = (st: WithPolicyReference) => selectPolicyReference(st, 'category_version');
    const url = '/api/policy/v1/category_version';
    mock.onGet(url).replyOnce(200, { version: 1 }).onGet(url).reply(200, { version: 2 });
    store.dispatch(policyReferenceRequested({ name: 'category_version' }));
    await stateWhen(store, (st) => version(st).status === 'ready');
    store.dispatch(policyReferenceRequested({ name: 'category_version', reload: true }));
    await stateWhen(store, (st) => version(st).data?.version === 2);
    expect(gets(mock, url)).toBe(2);
    store.dispatch(policyReferenceInvalidated({ name: 'category_version' }));
    expect(version(store.getState()).status).toBe('idle');
    store.dispatch(policyReferenceRequested({ name: 'category_version' }));
    const s = await stateWhen(store, (st) => version(st).status === 'ready');
    expect(version(s).data).toEqual({ version: 2 });
    expect(gets(mock, url)).toBe(3);
  });

  test('rows by revision read their revision; rows with a space in the path are encoded', async () => {
    const { store, mock } = createTestStore();
    mock.onGet('/api/policy/v1/ad/group_users/4').reply(200, { rev_id: 4, groups: [] });
    mock
      .onGet('/api/policy/v1/risks/Vulnerable%20Service')
      .reply(200, { name: 'Vulnerable Service', level: 'R', services: [] });
    store.dispatch(policyReferenceRequested({ name: 'ad/group_users', rev: 4 }));
    store.dispatch(policyReferenceRequested({ name: 'risks/Vulnerable Service' }));
    const s = await stateWhen(
      store,
      (st) =>
        selectPolicyReference(st, 'ad/group_users', 4).status === 'ready' &&
        selectPolicyReference(st, 'risks/Vulnerable Service').status === 'ready',
    );
    expect(selectPolicyReference(s, 'ad/group_users', 4).data).toEqual({ rev_id: 4, groups: [] });
    expect(selectPolicyReference(s, 'risks/Vulnerable Service').data?.level).toBe('R');
  });
});

describe('policy migrations', () => {
  const revision = {
    staged_rev_id: 4,
    rev_id: 3,
    state: 'staged' as const,
    updated_at: '2026-11-25T10:00:00.000Z',
  };
  const VERSION = '/api/policy/v1/category_version';
  const MIGRATE = '/api/policy/v1/category_migration';

  test("a migration sends the store's revision, stages the reply and reads the version again", async () => {
    const { store, mock } = createTestStore();
    const after = { ...revision, updated_at: '2026-11-25T10:00:05.000Z' };
    mock.onPut(MIGRATE).reply(200, after);
    mock.onGet(VERSION).reply(200, { version: 2 });
    store.dispatch(revisionLoaded(revision));
    store.dispatch(policyReferenceLoaded({ name: 'category_version', data: { version: 1 } }));
    store.dispatch(policyMigrationRequested({ migration: 'category' }));
    expect(selectPolicyMigration(store.getState(), 'category').status).toBe('running');
    // A second request while it runs sends nothing more.
    store.dispatch(policyMigrationRequested({ migration: 'content' }));
    const s = await stateWhen(
      store,
      (st) => selectPolicyReference(st, 'category_version').data?.version === 2,
    );
    expect(selectPolicyMigration(s, 'category')).toEqual({ status: 'done', error: null });
    expect(selectPolicyMigration(s, 'content')).toEqual({ status: 'idle', error: null });
    expect(selectRevision(s)).toEqual(after);
    expect(mock.history.put).toHaveLength(1);
    expect(JSON.parse(String(mock.history.put[0].data))).toEqual(revision);
  });

  test('a refused migration becomes its state and keeps the revision', async () => {
    const { store, mock } = createTestStore();
    mock
      .onPut('/api/policy/v4/content_migration')
      .reply(409, { message: 'The policy revision has changed.' });
    store.dispatch(revisionLoaded(revision));
    store.dispatch(policyMigrationRequested({ migration: 'content' }));
    const s = await stateWhen(store, (st) => selectPolicyMigration(st, 'content').status === 'failed');
    expect(selectPolicyMigration(s, 'content').error).toMatchObject({
      status: 409,
      message: 'The policy revision has changed.',
      callName: 'migratePolicy:content',
    });
    expect(selectRevision(s)).toEqual(revision);
  });

  test('without a loaded revision nothing is sent', async () => {
    const { store, mock } = createTestStore();
    store.dispatch(policyMigrationRequested({ migration: 'category' }));
    const s = await stateWhen(store, (st) => selectPolicyMigration(st, 'category').status === 'failed');
    expect(selectPolicyMigration(s, 'category').error?.message).toBe(NO_REVISION_LOADED_MSG);
    expect(mock.history.put).toHaveLength(0);
  });
});

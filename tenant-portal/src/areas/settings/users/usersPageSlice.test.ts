import type { EndUser } from '@workbench/common/api/contract/udb';
import {
  initialUsersPageState,
  loadFailed,
  loadStarted,
  pageChanged,
  pageLoaded,
  searchChanged,
  selectionChanged,
  sortChanged,
  sortOfHeader,
  usersChanged,
  usersPageReducer,
} from './usersPageSlice';

const user = (uid: string): EndUser => ({
  uid,
  username: `${uid}@acme.example`,
  first_name: '',
  last_name: '',
  email: '',
  groups: [],
  status: 'active',
  created_at: '2026-11-22T00:00:00.000Z',
  updated_at: '2026-11-22T00:00:00.000Z',
});

const run = (...actions: Parameters<typeof usersPageReducer>[1][]) =>
  actions.reduce(usersPageReducer, initialUsersPageState);

describe('users page state', () => {
  test('loading moves idle → loading → loaded with the page and total, or → failed with the message', () => {
    const loaded = run(loadStarted(), pageLoaded({ users: [user('a')], total: 40 }));
    expect(loaded).toMatchObject({ status: 'loaded', total: 40, users: [user('a')], error: null });
    expect(run(loadStarted(), loadFailed('Request timeout. listUsers'))).toMatchObject({
      status: 'failed',
      error: 'Request timeout. listUsers',
    });
  });

  test('Selection is cleared when page or page size changes', () => {
    const selected = run(pageLoaded({ users: [user('a'), user('b')], total: 40 }), selectionChanged(['a']));
    expect(usersPageReducer(selected, pageChanged({ page: 1, pageSize: 25 })).selected).toEqual([]);
    expect(usersPageReducer(selected, pageChanged({ page: 0, pageSize: 50 })).selected).toEqual([]);
    expect(usersPageReducer(selected, pageChanged({ page: 0, pageSize: 25 })).selected).toEqual(['a']);
  });

  test('Selection and the expanded row survive data refreshes, identified by a row key', () => {
    const selected = run(
      pageLoaded({ users: [user('a'), user('b')], total: 2 }),
      selectionChanged(['a', 'b']),
    );
    const refreshed = usersPageReducer(selected, pageLoaded({ users: [user('b'), user('c')], total: 2 }));
    expect(refreshed.selected).toEqual(['b']);
  });

  test('a new search or sort starts again at the first page; a page-size change too', () => {
    const onPage3 = run(pageChanged({ page: 3, pageSize: 25 }));
    expect(usersPageReducer(onPage3, searchChanged('ann')).query).toMatchObject({ search: 'ann', page: 0 });
    expect(usersPageReducer(onPage3, sortChanged({ sort: 'email', order: 'desc' })).query).toMatchObject({
      sort: 'email',
      order: 'desc',
      page: 0,
    });
    expect(usersPageReducer(onPage3, pageChanged({ page: 3, pageSize: 50 })).query).toMatchObject({
      page: 0,
      pageSize: 50,
    });
  });

  test('a write asks for a reload of the same query', () => {
    const before = run(searchChanged('x'));
    const after = usersPageReducer(before, usersChanged());
    expect(after.generation).toBe(before.generation + 1);
    expect(after.query).toEqual(before.query);
  });

  test('a header click sorts by that column; no sort reported goes back to username ascending; a column the server cannot sort by changes nothing', () => {
    expect(sortOfHeader('email', 'desc')).toEqual({ sort: 'email', order: 'desc' });
    expect(sortOfHeader('created_at', 'asc')).toEqual({ sort: 'created_at', order: 'asc' });
    expect(sortOfHeader(null, 'desc')).toEqual({ sort: 'username', order: 'asc' });
    expect(sortOfHeader('groups', 'asc')).toBeNull();
    expect(sortOfHeader('password', 'asc')).toBeNull();
  });

  test('the same sort again keeps the page', () => {
    const onPage3 = run(
      sortChanged({ sort: 'email', order: 'desc' }),
      pageChanged({ page: 3, pageSize: 25 }),
    );
    expect(usersPageReducer(onPage3, sortChanged({ sort: 'email', order: 'desc' })).query.page).toBe(3);
    expect(usersPageReducer(onPage3, sortChanged({ sort: 'email', order: 'asc' })).query.page).toBe(0);
  });
});

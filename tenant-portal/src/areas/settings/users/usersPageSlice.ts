/**
 * The Users page's state machine (used with React's useReducer: the page owns its data, nothing
 * else reads it). Events in, explicit status out.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { USER_SORT_FIELDS, type EndUser, type UserSortField } from '@workbench/common/api/contract/udb';

export const USERS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const USERS_DEFAULT_PAGE_SIZE = 25;

export const USERS_DEFAULT_SORT = { sort: 'username', order: 'asc' } as const satisfies UsersSort;

export interface UsersSort {
  sort: UserSortField;
  order: 'asc' | 'desc';
}

/**
 * The query's sort for a header click reported by the table (column, direction): a column the
 * server sorts by, or the default sort (username, ascending) when the table reports no sort.
 * Null for a column the users endpoint cannot sort by (nothing changes).
 */
export function sortOfHeader(column: string | null, direction: 'asc' | 'desc'): UsersSort | null {
  if (column === null) return USERS_DEFAULT_SORT;
  const field = USER_SORT_FIELDS.find((f) => f === column);
  return field ? { sort: field, order: direction } : null;
}

export interface UsersQuery {
  search: string;
  sort: UserSortField;
  order: 'asc' | 'desc';
  /** 0-based page. */
  page: number;
  pageSize: number;
}

export type UsersStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface UsersPageState {
  status: UsersStatus;
  query: UsersQuery;
  users: EndUser[];
  total: number;
  error: string | null;
  /** Selected uids (kept across refreshes of the same page; cleared when the page or query changes). */
  selected: string[];
  /** Bumped to ask for a reload with the same query (after a write). */
  generation: number;
}

export const initialUsersPageState: UsersPageState = {
  status: 'idle',
  query: { search: '', ...USERS_DEFAULT_SORT, page: 0, pageSize: USERS_DEFAULT_PAGE_SIZE },
  users: [],
  total: 0,
  error: null,
  selected: [],
  generation: 0,
};

export const usersPageSlice = createSlice({
  name: 'usersPage',
  initialState: initialUsersPageState,
  reducers: {
    searchChanged(state, action: PayloadAction<string>) {
      state.query.search = action.payload;
      state.query.page = 0;
      state.selected = [];
    },
    /** A header click (or any new sort): the server sorts, from the first page. */
    sortChanged(state, action: PayloadAction<UsersSort>) {
      if (action.payload.sort === state.query.sort && action.payload.order === state.query.order) return;
      state.query.sort = action.payload.sort;
      state.query.order = action.payload.order;
      state.query.page = 0;
    },
    pageChanged(state, action: PayloadAction<{ page: number; pageSize: number }>) {
      if (action.payload.page !== state.query.page || action.payload.pageSize !== state.query.pageSize)
        state.selected = [];
      state.query.page = action.payload.pageSize !== state.query.pageSize ? 0 : action.payload.page;
      state.query.pageSize = action.payload.pageSize;
    },
    loadStarted(state) {
      state.status = 'loading';
      state.error = null;
    },
    pageLoaded(state, action: PayloadAction<{ users: EndUser[]; total: number }>) {
      state.status = 'loaded';
      state.users = action.payload.users;
      state.total = action.payload.total;
      const present = new Set(action.payload.users.map((u) => u.uid));
      state.selected = state.selected.filter((uid) => present.has(uid));
    },
    loadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    selectionChanged(state, action: PayloadAction<string[]>) {
      if (action.payload.join('\n') !== state.selected.join('\n')) state.selected = action.payload;
    },
    /** A write changed the users: reload the current query. */
    usersChanged(state) {
      state.generation += 1;
    },
  },
});

export const {
  searchChanged,
  sortChanged,
  pageChanged,
  loadStarted,
  pageLoaded,
  loadFailed,
  selectionChanged,
  usersChanged,
} = usersPageSlice.actions;
export const usersPageReducer = usersPageSlice.reducer;

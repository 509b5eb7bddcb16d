/**
 * The Users page's state machine (used with React's useReducer: the page owns its data, nothing
 * else reads it). Events in, explicit status out.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EndUser, UserSortField } from '@workbench/common/api/contract/udb';

export const USERS_PAGE_SIZES = [10, 25, 50, 100] as const;
export const USERS_DEFAULT_PAGE_SIZE = 25;

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
  query: { search: '', sort: 'username', order: 'asc', page: 0, pageSize: USERS_DEFAULT_PAGE_SIZE },
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
    sortChanged(state, action: PayloadAction<{ sort: UserSortField; order: 'asc' | 'desc' }>) {
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

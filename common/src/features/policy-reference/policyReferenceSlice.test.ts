import type { UnknownAction } from '@reduxjs/toolkit';
import { loggedOut } from '../session/sessionSlice';
import {
  initialPolicyReferenceState,
  policyMigrated,
  policyMigrationFailed,
  policyMigrationRequested,
  policyReferenceInvalidated,
  policyReferenceLoadFailed,
  policyReferenceLoadStarted,
  policyReferenceLoaded,
  policyReferenceReducer,
  policyReferenceRequested,
  referenceKey,
  type PolicyReferenceState,
} from './policyReferenceSlice';
import { selectCategoryNames, selectPolicyReference } from './policyReferenceSelectors';

const after = (...actions: UnknownAction[]): PolicyReferenceState =>
  actions.reduce<PolicyReferenceState>(policyReferenceReducer, initialPolicyReferenceState);
const view = (policyReference: PolicyReferenceState, name: 'cats' | 'ad/group_users', rev?: number) =>
  selectPolicyReference({ policyReference }, name, rev);

const tree = {
  groups: [{ key: 'security', name: 'Security Risk' }],
  categories: [{ id: 56, name: 'Malware Sites', group: 'security' }],
};
const boom = { status: 500, message: 'boom', callName: 'getPolicyReference:cats' };

describe('policy reference reducer', () => {
  test('a row never requested is idle with no data; a request alone changes nothing (the saga decides)', () => {
    expect(view(initialPolicyReferenceState, 'cats')).toEqual({ status: 'idle', data: null, error: null });
    expect(after(policyReferenceRequested({ name: 'cats' }))).toEqual(initialPolicyReferenceState);
  });

  test('loading, then the reply: ready with the data', () => {
    expect(view(after(policyReferenceLoadStarted({ name: 'cats' })), 'cats').status).toBe('loading');
    const s = after(
      policyReferenceLoadStarted({ name: 'cats' }),
      policyReferenceLoaded({ name: 'cats', data: tree }),
    );
    expect(view(s, 'cats')).toEqual({ status: 'ready', data: tree, error: null });
    expect(selectCategoryNames({ policyReference: s }).get(56)).toBe('Malware Sites');
  });

  test('a failure keeps the data loaded before; a new load clears the error', () => {
    const failed = after(
      policyReferenceLoaded({ name: 'cats', data: tree }),
      policyReferenceLoadStarted({ name: 'cats' }),
      policyReferenceLoadFailed({ name: 'cats', error: boom }),
    );
    expect(view(failed, 'cats')).toEqual({ status: 'failed', data: tree, error: boom });
    expect(
      view(policyReferenceReducer(failed, policyReferenceLoadStarted({ name: 'cats' })), 'cats'),
    ).toEqual({
      status: 'loading',
      data: tree,
      error: null,
    });
  });

  test('rows read by revision have one entry per revision', () => {
    expect(referenceKey({ name: 'ad/group_users', rev: 4 })).toBe('ad/group_users@4');
    expect(referenceKey({ name: 'cats' })).toBe('cats');
    const s = after(
      policyReferenceLoaded({ name: 'ad/group_users', rev: 4, data: { rev_id: 4, groups: [] } }),
    );
    expect(view(s, 'ad/group_users', 4).status).toBe('ready');
    expect(view(s, 'ad/group_users', 5).status).toBe('idle');
  });

  test('invalidating a row forgets it at every revision and leaves the other rows', () => {
    const s = after(
      policyReferenceLoaded({ name: 'cats', data: tree }),
      policyReferenceLoaded({ name: 'ad/group_users', rev: 4, data: {} }),
      policyReferenceLoaded({ name: 'ad/group_users', rev: 5, data: {} }),
      policyReferenceInvalidated({ name: 'ad/group_users' }),
    );
    expect(Object.keys(s.entries)).toEqual(['cats']);
  });

  test('a migration runs one at a time; its success forgets the version row it changed', () => {
    const running = after(
      policyReferenceLoaded({ name: 'category_version', data: { version: 1 } }),
      policyReferenceLoaded({ name: 'content_version', data: { version: 3 } }),
      policyMigrationRequested({ migration: 'category' }),
      policyMigrationRequested({ migration: 'content' }),
    );
    expect(running.migrations).toEqual({
      category: { status: 'running', error: null },
      content: { status: 'idle', error: null },
    });
    const done = policyReferenceReducer(running, policyMigrated({ migration: 'category' }));
    expect(done.migrations.category).toEqual({ status: 'done', error: null });
    expect(Object.keys(done.entries)).toEqual(['content_version']);
    const failed = policyReferenceReducer(
      policyReferenceReducer(done, policyMigrationRequested({ migration: 'content' })),
      policyMigrationFailed({ migration: 'content', error: boom }),
    );
    expect(failed.migrations.content).toEqual({ status: 'failed', error: boom });
    expect(Object.keys(failed.entries)).toEqual(['content_version']);
  });

  test('signing out forgets every row', () => {
    expect(after(policyReferenceLoaded({ name: 'cats', data: tree }), loggedOut(undefined))).toEqual(
      initialPolicyReferenceState,
    );
  });
});

// The root typecheck also sees WebdriverIO's global expect; take jest's explicitly.
import { expect } from '@jest/globals';
import { selectRevisionStatus, sessionStarted } from '@workbench/common';
import { demoUser } from '../testing/renderPortal';
import { createShellLoadingStore } from './tenantStore';

const navigation = { navigate: jest.fn(), reload: jest.fn(), assign: jest.fn() };

describe("the browser's store (first load: the session now, the page features with the shell)", () => {
  it('starts with the session world; loading the shell features adds them once and asks for the revision of a started session', async () => {
    const { store, http, loadShellFeatures } = createShellLoadingStore(navigation);
    // No server here: every call fails at once.
    jest.spyOn(http, 'get').mockRejectedValue(new Error('offline'));
    expect(Object.keys(store.getState()).sort()).toEqual(['extensions', 'inactivity', 'session', 'snackbar']);
    store.dispatch(sessionStarted(demoUser('admin'), null));
    const first = loadShellFeatures();
    expect(loadShellFeatures()).toBe(first);
    await first;
    expect(Object.keys(store.getState())).toEqual(
      expect.arrayContaining([
        'revision',
        'policyReference',
        'logPaging',
        'entities',
        'reportQuery',
        'policyDocs',
      ]),
    );
    // The session saga's request at session start found no revision feature: asked again.
    expect(selectRevisionStatus(store.getState())).not.toBe('idle');
    expect(http.get).toHaveBeenCalledWith('/api/policy/v1/rules', expect.anything());
  });
});

/**
 * The tenant portal's store: common's tenant session world plus the features the portal's pages
 * use (portalFeatures.ts). The browser starts with the session world alone and adds the features
 * when the shell loads (createShellLoadingStore, issue 15: first load within 170 KB gzipped);
 * tests build it whole (portalFeatures.ts createPortalStore). The login area builds a bare
 * tenant-world store instead: it has no page that needs these.
 *
 * Only types come from portalFeatures.ts here: a value would bring the features into the first load.
 */
import { useSelector } from 'react-redux';
import {
  createWorldStore,
  revisionRequested,
  selectAccessController,
  selectRevisionStatus,
  selectSessionStatus,
  TENANT_SESSION_WORLD,
  type AppState,
  type Navigation,
  type StoreFeature,
} from '@workbench/common';
import { REVISION_READ } from '@workbench/common/api/contract/policyKindGroups';
import type { PORTAL_FEATURE } from './portalFeatures';

export type PortalReducers = (typeof PORTAL_FEATURE)['reducers'];

export type PortalState = AppState<'tenant', PortalReducers>;
export const usePortalSelector = useSelector.withTypes<PortalState>();

/**
 * The browser's store (main.tsx): the session world now, the page features when the shell loads.
 * The sign-in page needs only the session; the features hold no state it writes, and their sagas
 * answer requests the shell and its pages make, so adding them with the shell loses nothing.
 */
/** The page features' module (loaded only: loadShellFeatures adds them to the store). */
export const loadPortalFeatures = () => import('./portalFeatures');

export function createShellLoadingStore(navigation: Navigation) {
  // Typed with the page features: only the shell and its pages read them, after loadShellFeatures.
  const created = createWorldStore<'tenant', typeof TENANT_SESSION_WORLD.reducers, PortalReducers>(
    TENANT_SESSION_WORLD,
    { navigation },
  );
  const { store } = created;
  const addFeatures = (feature: StoreFeature): void => {
    created.inject(feature);
    // The session saga asks for the revision once a session has started; asked before the
    // revision feature was there, nobody answered: ask again, as the session would have.
    const state = store.getState();
    if (
      selectSessionStatus(state) === 'loggedIn' &&
      selectRevisionStatus(state) === 'idle' &&
      selectAccessController(state).allows(REVISION_READ)
    ) {
      store.dispatch(revisionRequested());
    }
  };
  let loading: Promise<void> | null = null;
  /** Loads the page features and adds them to the store (once); the shell's route awaits it. */
  const loadShellFeatures = (): Promise<void> =>
    (loading ??= loadPortalFeatures().then((m) => addFeatures(m.PORTAL_FEATURE)));
  return { ...created, loadShellFeatures };
}

export type PortalStore = ReturnType<typeof createShellLoadingStore>['store'];

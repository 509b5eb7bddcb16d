/**
 * The app store of a world by name (the tenant portal and tests). It knows both worlds; the
 * provider console builds its store from PROVIDER_WORLD directly (createWorldStore), so its
 * bundle holds no tenant-world code. See worldStore.ts.
 */
import type { ReducersMapObject } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import type { HttpClient } from '../api/http';
import type { Navigation } from './navigation';
import { createWorldStore, type StateOf, type World, type WorldDef } from './worldStore';
import { TENANT_WORLD } from './tenantWorld';
import { PROVIDER_WORLD } from './providerWorld';

export type { World } from './worldStore';
export { useAppDispatch, useAppSelector, type AppDispatch } from './storeHooks';

const WORLDS = { tenant: TENANT_WORLD, provider: PROVIDER_WORLD } as const;
type WorldReducers<W extends World> = (typeof WORLDS)[W]['reducers'];

/** The state of a world's store before the app adds its slices. */
export type WorldState<W extends World> = StateOf<WorldReducers<W>>;
export type TenantBaseState = WorldState<'tenant'>;
export type ProviderBaseState = WorldState<'provider'>;

/** The state of a store of world W with the app slices of `Extra`. */
export type AppState<
  W extends World,
  Extra extends ReducersMapObject = Record<never, never>,
> = WorldState<W> & StateOf<Extra>;

export interface CreateAppStoreOptions<W extends World, Extra extends ReducersMapObject> {
  world: W;
  navigation: Navigation;
  /** App slices, e.g. { logPaging: logPagingReducer }; typed into the store's state. */
  extraReducers?: Extra;
  extraSagas?: Saga[];
  /** An HTTP client to use instead of a new one (tests pass theirs to stub it). */
  http?: HttpClient;
  preloadedState?: Partial<AppState<W, Extra>>;
}

export function createAppStore<W extends World, Extra extends ReducersMapObject = Record<never, never>>(
  options: CreateAppStoreOptions<W, Extra>,
) {
  const def = WORLDS[options.world] as unknown as WorldDef<W, WorldReducers<W>>;
  return createWorldStore<W, WorldReducers<W>, Extra>(def, options);
}

export type AppStore = ReturnType<typeof createAppStore>['store'];

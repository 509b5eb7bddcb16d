/**
 * The page-level navigation the app needs besides hash routes: full page loads (appliance login,
 * insights, /docs) and reloads. Provided through context so tests can observe it.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { browserNavigation, type Navigation } from '@workbench/common';

/** common's Navigation: the same object the store's sagas use. */
export type AppNavigation = Navigation;

export { browserNavigation };

const NavigationContext = createContext<AppNavigation>(browserNavigation);

export function NavigationProvider({ value, children }: { value: AppNavigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export const useAppNavigation = (): AppNavigation => useContext(NavigationContext);

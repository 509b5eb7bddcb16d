import { Provider } from 'react-redux';
import { RouterProvider, type createHashRouter } from 'react-router-dom';
import type { AppStore } from '@workbench/common';
import { WorkbenchThemeProvider } from '@workbench/common';
import { NavigationProvider, type AppNavigation } from './navigation';

type Router = ReturnType<typeof createHashRouter>;

export interface TenantPortalAppProps {
  store: AppStore;
  navigation: AppNavigation;
  router: Router;
}

/**
 * Providers around the router: store, page navigation, theme. No HTTP client: pages load and
 * write through the features' sagas, which hold it (app/portalEntities.ts).
 */
export function TenantPortalApp({ store, navigation, router }: TenantPortalAppProps) {
  return (
    <Provider store={store}>
      <NavigationProvider value={navigation}>
        <WorkbenchThemeProvider>
          <RouterProvider router={router} />
        </WorkbenchThemeProvider>
      </NavigationProvider>
    </Provider>
  );
}

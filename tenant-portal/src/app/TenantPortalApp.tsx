import { Provider } from 'react-redux';
import { RouterProvider, type createHashRouter } from 'react-router-dom';
import type { AppStore, HttpClient } from '@workbench/common';
import { WorkbenchThemeProvider } from '@workbench/common';
import { HttpProvider } from './httpContext';
import { NavigationProvider, type AppNavigation } from './navigation';

type Router = ReturnType<typeof createHashRouter>;

export interface TenantPortalAppProps {
  store: AppStore;
  http: HttpClient;
  navigation: AppNavigation;
  router: Router;
}

/** Providers around the router: store, HTTP client, page navigation, theme. */
export function TenantPortalApp({ store, http, navigation, router }: TenantPortalAppProps) {
  return (
    <Provider store={store}>
      <HttpProvider value={http}>
        <NavigationProvider value={navigation}>
          <WorkbenchThemeProvider>
            <RouterProvider router={router} />
          </WorkbenchThemeProvider>
        </NavigationProvider>
      </HttpProvider>
    </Provider>
  );
}

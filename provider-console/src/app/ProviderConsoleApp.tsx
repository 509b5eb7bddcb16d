import { Provider } from 'react-redux';
import { RouterProvider, type createHashRouter } from 'react-router-dom';
import type { AppStore } from '@workbench/common';
import { WorkbenchThemeProvider } from '@workbench/common';

type Router = ReturnType<typeof createHashRouter>;

export function ProviderConsoleApp({ store, router }: { store: AppStore; router: Router }) {
  return (
    <Provider store={store}>
      <WorkbenchThemeProvider>
        <RouterProvider router={router} />
      </WorkbenchThemeProvider>
    </Provider>
  );
}

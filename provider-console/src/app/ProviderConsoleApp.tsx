import { Provider } from 'react-redux';
import { RouterProvider, type createHashRouter } from 'react-router-dom';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { AppStore } from '@workbench/common';
import { workbenchTheme } from '@workbench/common';

type Router = ReturnType<typeof createHashRouter>;

export function ProviderConsoleApp({ store, router }: { store: AppStore; router: Router }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={workbenchTheme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  );
}

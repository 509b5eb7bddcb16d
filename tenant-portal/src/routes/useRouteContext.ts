import { useMemo } from 'react';
import { getRuntimeEnv, selectAccessController, selectFeatures, useAppSelector } from '@workbench/common';
import type { RouteContext } from './routeRules';

/** The route rules' inputs from the store: runtime environment, access controller, feature flags. */
export function useRouteContext(): RouteContext {
  const access = useAppSelector(selectAccessController);
  const features = useAppSelector(selectFeatures);
  return useMemo(() => ({ env: getRuntimeEnv(), access, features }), [access, features]);
}

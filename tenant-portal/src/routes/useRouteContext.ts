import { useMemo } from 'react';
import {
  getRuntimeEnv,
  selectAccessController,
  selectExtensionsKnown,
  selectFeatures,
  selectServedExtensions,
  useAppSelector,
} from '@workbench/common';
import type { RouteContext } from './routeRules';

/**
 * The route rules' inputs from the store: runtime environment, access controller, feature flags
 * and the server extensions served (null while the session's detection is under way).
 */
export function useRouteContext(): RouteContext {
  const access = useAppSelector(selectAccessController);
  const features = useAppSelector(selectFeatures);
  const served = useAppSelector(selectServedExtensions);
  const known = useAppSelector(selectExtensionsKnown);
  const extensions = known ? served : null;
  return useMemo(
    () => ({ env: getRuntimeEnv(), access, features, extensions }),
    [access, features, extensions],
  );
}

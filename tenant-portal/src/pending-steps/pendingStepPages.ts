/**
 * The page of each pending step (common/src/api/contract/pendingSteps.ts): what the portal shows
 * instead of everything else while the step is due. Loaded on demand, as the shell is (issue 15:
 * first load). A new step's row without its page does not compile.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PendingStep } from '@workbench/common/api/contract/pendingSteps';

export const PENDING_STEP_PAGES: Record<PendingStep, LazyExoticComponent<ComponentType>> = {
  change_password: lazy(() =>
    import('./ChangePasswordStep').then((m) => ({ default: m.ChangePasswordStep })),
  ),
};

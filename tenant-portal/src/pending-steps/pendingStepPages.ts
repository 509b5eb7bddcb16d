/**
 * The page of each pending step (common/src/api/contract/pendingSteps.ts): what the portal shows
 * instead of everything else while the step is due. Loaded on demand, as the shell is (issue 15:
 * first load), and with the same page features (`loadFeatures`, app/tenantStore.ts): a step's page
 * reads and writes through them (the terms page's request rows) before the shell ever loads. A new
 * step's row without its page does not compile.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PendingStep } from '@workbench/common/api/contract/pendingSteps';

export type PendingStepPages = Record<PendingStep, LazyExoticComponent<ComponentType>>;

export function pendingStepPages(loadFeatures?: () => Promise<void>): PendingStepPages {
  const page = <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
    lazy(() => Promise.all([load(), loadFeatures?.()]).then(([m]) => ({ default: pick(m) })));
  return {
    change_password: page(
      () => import('./ChangePasswordStep'),
      (m) => m.ChangePasswordStep,
    ),
    accept_terms: page(
      () => import('./AcceptTermsStep'),
      (m) => m.AcceptTermsStep,
    ),
  };
}

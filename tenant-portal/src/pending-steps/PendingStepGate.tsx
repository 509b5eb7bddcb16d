/**
 * While the signed-in account has a step to do first (a password someone else set, ...), the
 * portal shows that step's page and nothing else: no shell, no navigation, no page calls (the
 * server would refuse them: server/src/auth/README.md). Once the steps are done the page asked
 * for (the address, the returnUrl of the sign-in) opens.
 */
import { Suspense, type ReactNode } from 'react';
import { Loading, selectPendingStep, useAppSelector } from '@workbench/common';
import type { PendingStepPages } from './pendingStepPages';

/** `pages`: the steps' pages, made once per route table (pendingStepPages). */
export function PendingStepGate({ children, pages }: { children: ReactNode; pages: PendingStepPages }) {
  const step = useAppSelector(selectPendingStep);
  if (!step) return <>{children}</>;
  const Page = pages[step];
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

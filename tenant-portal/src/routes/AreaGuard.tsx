import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import {
  Loading,
  revisionRequested,
  selectRevision,
  selectRevisionError,
  selectRevisionStatus,
  selectSessionStatus,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { REVISION_READ } from '@workbench/common/api/contract/policyKindGroups';
import { useAppNavigation } from '../app/navigation';
import type { Area } from './routeModel';
import { guardDecision } from './routeRules';
import { NoAccessPage, deniedTitle } from './NoAccessPage';
import { useRouteContext } from './useRouteContext';

function ExternalRedirect({ url }: { url: string }) {
  const navigation = useAppNavigation();
  useEffect(() => navigation.assign(url), [navigation, url]);
  return <Loading label="Opening" />;
}

/** Dashboard, settings and logs resolve the policy revision before showing: request it and wait. */
export function RevisionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRevisionStatus);
  const revision = useAppSelector(selectRevision);
  const error = useAppSelector(selectRevisionError);
  const [asked, setAsked] = useState(false);
  // The location the page was opened at (react-router keys it 'default'): the session's start has
  // just read the revision (or is reading it), so the gate waits for that read rather than adding a
  // second one to the chain before the first page. Every later mount (an area entered from one
  // without the gate) reads it again.
  const firstLocation = useLocation().key === 'default';
  useEffect(() => {
    const startRead = firstLocation && (status === 'loading' || status === 'loaded');
    if (!startRead) dispatch(revisionRequested());
    setAsked(true);
    // Once, when the gate mounts: the status at that moment decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);
  const waiting = !asked || status === 'idle' || status === 'loading';
  // The page appears when the store says the revision is in, an update React renders in one
  // synchronous task (a store subscription's); mounting a page is the heaviest render of a visit
  // (the web logs' took ~200 ms), so it is rendered from a deferred value instead, which React
  // renders in slices that input can interrupt. Only the commit stays one task.
  const shownWaiting = useDeferredValue(waiting);
  if (waiting || shownWaiting) return <Loading label="Loading the policy revision" />;
  if (status === 'failed' && !revision) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => dispatch(revisionRequested())}>
            Retry
          </Button>
        }
      >
        {error?.message ?? 'The policy revision could not be loaded.'}
      </Alert>
    );
  }
  return <>{children}</>;
}

/**
 * Applies the route rules to an area (and optionally one of its children): redirects to login,
 * to 404-not-found or to the first visible child, or renders the page. Where the redirect of a
 * logged-in user is there because the role does not give access, it shows NoAccessPage instead.
 */
export function AreaGuard({
  area,
  childPath,
  children,
}: {
  area: Area;
  childPath: string | null;
  children: ReactNode;
}) {
  const status = useAppSelector(selectSessionStatus);
  const ctx = useRouteContext();
  const location = useLocation();
  if (status === 'notInitialized') return <Loading />;
  // A page of a server extension waits for the session's detection (docs/api.md) before deciding.
  const child = childPath === null ? undefined : area.children?.find((c) => c.path === childPath);
  if (status === 'loggedIn' && child?.extension && ctx.extensions === null) return <Loading />;
  const decision = guardDecision(
    area,
    childPath,
    status === 'loggedIn',
    location.pathname + location.search,
    ctx,
  );
  if (decision.kind === 'redirect') {
    const denied = status === 'loggedIn' ? deniedTitle(area, childPath, ctx) : null;
    if (denied) return <NoAccessPage title={denied} ctx={ctx} />;
    return <Navigate to={decision.to} replace />;
  }
  if (decision.kind === 'external') return <ExternalRedirect url={decision.url} />;
  // A role that may not read the revision (the logs alone) is not kept waiting for one the server
  // refuses it: its pages show without (common's REVISION_READ, the server's guard of the call).
  return area.resolvesRevision && ctx.access.allows(REVISION_READ) ? (
    <RevisionGate>{children}</RevisionGate>
  ) : (
    <>{children}</>
  );
}

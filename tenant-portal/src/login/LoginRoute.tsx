import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { Button, CircularProgress, Paper, Typography } from '@mui/material';
import {
  authParamsRequested,
  getRuntimeEnv,
  isOnPrem,
  LoginPage,
  selectAuthParams,
  selectSessionStatus,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { useAppNavigation } from '../app/navigation';
import { useRouteContext } from '../routes/useRouteContext';
import { AREAS } from '../routes/areas';
import { LOGIN_PATH, rootPath } from '../routes/routeRules';
import { forceUdbFromQuery, isFullPageReturnUrl } from './loginRedirect';
import { returnUrlOf } from '@workbench/common/api/contract/returnUrl';
import { ApplianceLoginRedirect, Centered, CloudLoginView } from './signInViews';
import { useLocalLogin } from './useLocalLogin';

export const NO_ACCESS_TEXT = 'Your account has no access to any area of this portal.';

/** Logged in: go to the returnUrl (a /docs one is a full page load) or to the root. */
function LoggedInRedirect({ returnUrl }: { returnUrl: string | null }) {
  const navigation = useAppNavigation();
  const ctx = useRouteContext();
  const fullPage = returnUrl !== null && isFullPageReturnUrl(returnUrl);
  useEffect(() => {
    if (fullPage && returnUrl) navigation.assign(returnUrl);
  }, [fullPage, returnUrl, navigation]);
  if (fullPage) return null;
  if (returnUrl) return <Navigate to={returnUrl} replace />;
  const root = rootPath(ctx, window.location.pathname, AREAS);
  if (root === LOGIN_PATH) {
    // Nothing is allowed: going to login again would loop, so say so and offer to sign out.
    return (
      <Centered>
        <Paper variant="outlined" sx={{ p: 4, maxWidth: 440 }}>
          <Typography variant="h1" gutterBottom>
            No access
          </Typography>
          <Typography sx={{ mb: 2 }}>{NO_ACCESS_TEXT}</Typography>
          <Button variant="contained" href="#/logout">
            Sign out
          </Button>
        </Paper>
      </Centered>
    );
  }
  return <Navigate to={root} replace />;
}

function LocalLogin() {
  const submit = useLocalLogin();
  // Once the session starts, LoginRoute re-renders as logged in and follows the returnUrl.
  return <LoginPage appName="Portal" onSubmit={submit} onSuccess={() => undefined} />;
}

/** The cloud login: the session saga fetches the authentication parameters, then the form posts. */
function CloudSignIn({ returnUrl, forceUdb }: { returnUrl: string | null; forceUdb: boolean | undefined }) {
  const dispatch = useAppDispatch();
  const { params, error } = useAppSelector(selectAuthParams);
  useEffect(() => {
    dispatch(authParamsRequested({ forceUdb }));
  }, [dispatch, forceUdb]);
  return (
    <CloudLoginView
      returnUrl={returnUrl}
      forceUdb={forceUdb}
      params={params}
      error={error?.message ?? null}
    />
  );
}

/** The login route (docs/sessions.md §2 "Login route behaviour"). */
export function LoginRoute() {
  const status = useAppSelector(selectSessionStatus);
  const [query] = useSearchParams();
  const navigation = useAppNavigation();
  const returnUrl = returnUrlOf(query);
  if (status === 'notInitialized') {
    return (
      <Centered>
        <CircularProgress aria-label="Loading" />
      </Centered>
    );
  }
  if (status === 'loggedIn') return <LoggedInRedirect returnUrl={returnUrl} />;
  const env = getRuntimeEnv();
  if (!env.production || env.deployment === 'dev') return <LocalLogin />;
  if (isOnPrem(env)) return <ApplianceLoginRedirect returnUrl={returnUrl} assign={navigation.assign} />;
  return <CloudSignIn returnUrl={returnUrl} forceUdb={forceUdbFromQuery(query)} />;
}

/**
 * The views of the login route that need neither the router nor the store (docs/sessions.md §2 "Login
 * route behaviour"): the cloud login's hidden POST form and the on-prem redirect to the appliance
 * login. LoginRoute (the full app, whose session saga fetches the authentication parameters) and
 * the light sign-in page (LightSignIn.tsx, issue 15, which fetches them itself) both show them.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, CircularProgress } from '@mui/material';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { AuthParams } from '@workbench/common/api/contract/auth';
import { applianceLoginUrl, redirectFormFields } from './loginRedirect';
import { LoginRedirectForm } from './LoginRedirectForm';

export function Centered({ children }: { children: ReactNode }) {
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 3 }}>
      {children}
    </Box>
  );
}

export interface CloudLoginProps {
  returnUrl: string | null;
  forceUdb: boolean | undefined;
  /** POST auth_params through the shared HTTP client (with force_udb when asked). */
  fetchAuthParams(forceUdb: boolean | undefined): Promise<AuthParams>;
}

/** Cloud: fetch the authentication parameters, then submit the hidden POST form to login_url. */
export function CloudLogin({ returnUrl, forceUdb, fetchAuthParams }: CloudLoginProps) {
  const [params, setParams] = useState<AuthParams | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchAuthParams(forceUdb).then(
      (p) => live && setParams(p),
      (e: unknown) => live && setError(toErrorInfo(e, 'authParams').message),
    );
    return () => {
      live = false;
    };
  }, [fetchAuthParams, forceUdb]);
  return <CloudLoginView returnUrl={returnUrl} forceUdb={forceUdb} params={params} error={error} />;
}

/** The cloud login once its parameters are asked for: progress, then the POST form; or the failure. */
export function CloudLoginView({
  returnUrl,
  forceUdb,
  params,
  error,
}: Pick<CloudLoginProps, 'returnUrl' | 'forceUdb'> & { params: AuthParams | null; error: string | null }) {
  const fields = useMemo(
    () => (params ? redirectFormFields(params, returnUrl, forceUdb) : []),
    [params, returnUrl, forceUdb],
  );
  if (error) {
    return (
      <Centered>
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      </Centered>
    );
  }
  return (
    <Centered>
      <CircularProgress aria-label="Redirecting to sign in" />
      {params && <LoginRedirectForm action={params.login_url} fields={fields} />}
    </Centered>
  );
}

/** On-prem: a full page load to the appliance login, which brings the user back to returnUrl. */
export function ApplianceLoginRedirect({
  returnUrl,
  assign,
}: {
  returnUrl: string | null;
  assign(url: string): void;
}) {
  useEffect(() => assign(applianceLoginUrl(returnUrl)), [assign, returnUrl]);
  return (
    <Centered>
      <CircularProgress aria-label="Redirecting to sign in" />
    </Centered>
  );
}

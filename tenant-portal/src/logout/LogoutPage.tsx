import { useEffect, useRef } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  getRuntimeEnv,
  isOnPrem,
  logoutIds,
  logoutRequested,
  selectSessionStatus,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { useAppNavigation } from '../app/navigation';
import { returnUrlOf } from '@workbench/common/api/contract/returnUrl';
import { applianceLoginUrl } from '../login/loginRedirect';
import { loginPathFor, LOGIN_PATH } from '../routes/routeRules';

export const LOGOUT_TEXTS = {
  heading: 'Signed out',
  message: 'You have been signed out.',
  timeoutMessage: 'Your session ended after a period of inactivity. You have been signed out.',
  signInAgain: 'Sign in again',
} as const;

/**
 * `#/logout?returnUrl=…&timeout=true` (docs/sessions.md §2): logs the user out and shows that it did.
 * It renders outside the app shell, so any dialog the shell had open is closed. On-prem it
 * redirects to the appliance login page.
 */
export function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigation = useAppNavigation();
  const [params] = useSearchParams();
  const timeout = params.get('timeout') === 'true';
  const returnUrl = returnUrlOf(params);
  const status = useAppSelector(selectSessionStatus);
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // An inactivity time-out has already asked for the logout; a second call would be harmless.
    if (status !== 'loggedOut') dispatch(logoutRequested({ timeout }));
    if (isOnPrem(getRuntimeEnv())) navigation.assign(applianceLoginUrl(returnUrl));
  }, [dispatch, navigation, timeout, returnUrl, status]);

  return (
    <Box
      component="main"
      data-testid={logoutIds.page}
      sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh', p: 3 }}
    >
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 420 }}>
        <Typography variant="h1" gutterBottom>
          {LOGOUT_TEXTS.heading}
        </Typography>
        <Alert severity={timeout ? 'warning' : 'info'} data-testid={logoutIds.message} sx={{ mb: 2 }}>
          {timeout ? LOGOUT_TEXTS.timeoutMessage : LOGOUT_TEXTS.message}
        </Alert>
        <Button
          variant="contained"
          component={RouterLink}
          to={returnUrl ? loginPathFor(returnUrl) : LOGIN_PATH}
          data-testid={logoutIds.signInAgain}
        >
          {LOGOUT_TEXTS.signInAgain}
        </Button>
      </Paper>
    </Box>
  );
}

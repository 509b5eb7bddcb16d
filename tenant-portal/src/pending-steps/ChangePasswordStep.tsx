/**
 * The first pending step's page: the password was set by someone else (tenant creation, a reset),
 * so the account chooses its own before anything else opens. The form is the user menu's
 * (useChangePasswordForm: the same rules as the server's, refusals at their field); signing out
 * is the only other way on.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { InactivityWarning, selectUser, useAppSelector } from '@workbench/common';
import { changePasswordIds } from '@workbench/common/test-ids/index';
import { useChangePasswordForm } from '../shell/useChangePasswordForm';

export const CHANGE_PASSWORD_STEP_TEXTS = {
  title: 'Choose a new password',
  text: 'Your password was set by someone else, when your account was created or its password was reset. Choose a password of your own to continue.',
  current: 'Password you signed in with',
  submit: 'Change password and continue',
  signOut: 'Sign out',
} as const;

export function ChangePasswordStep() {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  // Nothing to do when done: the gate then shows the page asked for.
  const done = useCallback(() => undefined, []);
  const { formik, field, saving, formError } = useChangePasswordForm(done, {
    current: CHANGE_PASSWORD_STEP_TEXTS.current,
  });
  return (
    <Box
      component="main"
      data-testid={changePasswordIds.page}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{saving && <LinearProgress aria-label="Changing the password" />}</Box>
        <Box
          component="form"
          noValidate
          onSubmit={formik.handleSubmit}
          aria-labelledby="change-password-heading"
          sx={{ p: 4 }}
        >
          <Stack spacing={2}>
            <Typography id="change-password-heading" variant="h5" component="h1">
              {CHANGE_PASSWORD_STEP_TEXTS.title}
            </Typography>
            <Typography>{CHANGE_PASSWORD_STEP_TEXTS.text}</Typography>
            {user && (
              <Typography variant="body2" color="text.secondary">
                Tenant: {user.tenant_name}
              </Typography>
            )}
            {formError && <Alert severity="error">{formError}</Alert>}
            <TextField {...field('current', 'current-password')} autoFocus />
            <TextField {...field('next', 'new-password')} />
            <TextField {...field('confirm', 'new-password')} />
            <Button
              type="submit"
              variant="contained"
              disabled={saving}
              data-testid={changePasswordIds.submit}
            >
              {CHANGE_PASSWORD_STEP_TEXTS.submit}
            </Button>
            <Button
              disabled={saving}
              onClick={() => navigate('/logout')}
              data-testid={changePasswordIds.signOut}
            >
              {CHANGE_PASSWORD_STEP_TEXTS.signOut}
            </Button>
          </Stack>
        </Box>
      </Paper>
      <InactivityWarning />
    </Box>
  );
}

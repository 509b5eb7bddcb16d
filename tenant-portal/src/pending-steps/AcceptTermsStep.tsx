/**
 * The terms-of-service step (common/src/api/contract/terms.ts, docs/terms.md): the provider's EULA
 * of this tenant, read before anything else of the portal opens, and accepted in the version shown.
 * A newer version saved meanwhile is refused by the server (409); the page then shows the new text.
 * Signing out is the only other way on.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import {
  ApiCallError,
  InactivityWarning,
  Loading,
  selectUser,
  sessionStartRequested,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { acceptTermsIds } from '@workbench/common/test-ids/index';
import { useEntityCall, useEntityRead } from './termsRequests';

export const ACCEPT_TERMS_TEXTS = {
  title: 'Terms of service',
  intro: 'Before you continue, read the terms of service of this service and accept them.',
  version: (version: string) => `Version ${version}`,
  link: 'Read the terms of service (opens in a new tab)',
  agree: 'I have read and accept the terms of service',
  submit: 'Accept and continue',
  signOut: 'Sign out',
  loadFailed: 'The terms of service could not be loaded.',
  retry: 'Try again',
} as const;

export function AcceptTermsStep() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const read = useEntityRead('getTerms', []);
  const accept = useEntityCall('acceptTerms');
  const [agreed, setAgreed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const terms = read.data;

  const submit = async () => {
    if (!terms) return;
    setSaving(true);
    setError(null);
    try {
      await accept(terms.version);
      // The step is done: the session is read again (the next step, if any) and the portal opens.
      dispatch(sessionStartRequested());
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : String(e));
      // A newer version: show it, and ask again.
      setAgreed(false);
      read.reload();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box
      component="main"
      data-testid={acceptTermsIds.page}
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 760, overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>
          {(saving || read.status === 'loading') && (
            <LinearProgress aria-label="Loading the terms of service" />
          )}
        </Box>
        <Stack
          spacing={2}
          sx={{ p: { xs: 2, sm: 4 } }}
          aria-labelledby="accept-terms-heading"
          component="section"
        >
          <Typography id="accept-terms-heading" variant="h5" component="h1">
            {ACCEPT_TERMS_TEXTS.title}
          </Typography>
          <Typography>{ACCEPT_TERMS_TEXTS.intro}</Typography>
          {user && (
            <Typography variant="body2" color="text.secondary">
              Tenant: {user.tenant_name}
              {terms?.version ? ` · ${ACCEPT_TERMS_TEXTS.version(terms.version)}` : ''}
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {read.status === 'failed' && !terms && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={read.reload}>
                  {ACCEPT_TERMS_TEXTS.retry}
                </Button>
              }
            >
              {read.error?.message ?? ACCEPT_TERMS_TEXTS.loadFailed}
            </Alert>
          )}
          {!terms && read.status !== 'failed' && <Loading />}
          {terms && terms.text.trim() !== '' && (
            <Box
              data-testid={acceptTermsIds.text}
              tabIndex={0}
              role="region"
              aria-label={ACCEPT_TERMS_TEXTS.title}
              sx={{
                maxHeight: '50vh',
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                p: 2,
                typography: 'body2',
              }}
            >
              {terms.text}
            </Box>
          )}
          {terms && terms.url !== '' && (
            <Link
              href={terms.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={acceptTermsIds.link}
            >
              {ACCEPT_TERMS_TEXTS.link}
            </Link>
          )}
          {terms && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={agreed}
                  onChange={(e) => setAgreed(e.target.checked)}
                  slotProps={{ input: { 'data-testid': acceptTermsIds.agree } as object }}
                />
              }
              label={ACCEPT_TERMS_TEXTS.agree}
            />
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              disabled={saving}
              onClick={() => navigate('/logout')}
              data-testid={acceptTermsIds.signOut}
            >
              {ACCEPT_TERMS_TEXTS.signOut}
            </Button>
            <Button
              variant="contained"
              disabled={!terms || !agreed || saving}
              onClick={() => void submit()}
              data-testid={acceptTermsIds.submit}
            >
              {ACCEPT_TERMS_TEXTS.submit}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <InactivityWarning />
    </Box>
  );
}

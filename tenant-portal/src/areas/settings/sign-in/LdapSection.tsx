/**
 * LDAP directory settings (docs/sign-in-settings.md "LDAP"): the form checked before anything is
 * sent (the contract's rule, the server's), saved with the rest of the sign-in settings as read;
 * the bind password is write-only (the form says whether one is set and keeps it unless a new one
 * is typed or it is cleared). "Test connection" binds and looks up one user with the form's
 * unsaved settings and shows the server's outcome: the step that failed and why, or the user found.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { snackbarShown, useAppDispatch } from '@workbench/common';
import { toErrorInfo } from '@workbench/common/api/ApiCallError';
import type { AuthSettingsV2, LdapTestReply } from '@workbench/common/api/contract/signInSettings';
import { signInSettingsIds as ids } from '@workbench/common/test-ids/signInSettingsIds';
import { useEntityCall } from '../settingsRequests';
import { FormHead } from './FormHead';
import { authSaveOf, ldapFormOf, ldapWriteOf, type LdapFormValues } from './signInForms';

export const LDAP_TEXTS = {
  title: 'LDAP directory',
  enabled: 'Look up users in an LDAP directory',
  saved: 'The LDAP settings were saved.',
  passwordSet: 'A password is stored: leave empty to keep it.',
  passwordNone: 'No password is stored.',
  clearPassword: 'Remove the stored password',
  testUser: 'User name to look up',
  testUserRequired: 'Enter a user name to look up.',
  test: 'Test connection',
  testOk: (dn: string, ms: number) => `Connected, bound and found ${dn} in ${ms} ms.`,
  testFailed: (step: string, reason: string) => `The ${step} step failed: ${reason}`,
} as const;

type TextField_ = 'url' | 'bind_dn' | 'bind_password' | 'base_dn' | 'user_attribute' | 'timeout_seconds';
const FIELDS: Array<{ field: TextField_; label: string; hint: string; type?: string }> = [
  { field: 'url', label: 'Directory URL', hint: 'ldap://host:port or ldaps://host:port' },
  {
    field: 'bind_dn',
    label: 'Bind DN',
    hint: 'The account the service binds as, e.g. cn=reader,dc=example,dc=com',
  },
  { field: 'bind_password', label: 'Bind password', hint: '', type: 'password' },
  { field: 'base_dn', label: 'Base DN', hint: 'Where users are looked up, e.g. ou=people,dc=example,dc=com' },
  {
    field: 'user_attribute',
    label: 'User attribute',
    hint: 'The attribute a user name is looked up by: uid, sAMAccountName, mail',
  },
  { field: 'timeout_seconds', label: 'Time-out (seconds)', hint: '1 to 30' },
];

export function LdapSection({
  auth,
  canWrite,
  onSaved,
}: {
  auth: AuthSettingsV2;
  canWrite: boolean;
  onSaved(): void;
}) {
  const dispatch = useAppDispatch();
  const save = useEntityCall('saveAuthSettingsV2');
  const testConnection = useEntityCall('testLdapConnection');
  const [values, setValues] = useState<LdapFormValues>(() => ldapFormOf(auth.ldap));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [testUser, setTestUser] = useState('');
  const [outcome, setOutcome] = useState<LdapTestReply | null>(null);

  // A save (here or of the identity providers) read the settings again: the form shows them.
  useEffect(() => setValues(ldapFormOf(auth.ldap)), [auth.ldap]);

  const set = (changes: Partial<LdapFormValues>) => setValues((v) => ({ ...v, ...changes }));
  const fieldOf = (field: string) => field.replace(/^ldap\./, '');

  /** The form's settings, or null with the problem shown at its field. */
  const checked = () => {
    setErrors({});
    setFormError(null);
    const w = ldapWriteOf(values);
    if ('problem' in w) {
      setErrors({ [fieldOf(w.problem.field)]: w.problem.message });
      return null;
    }
    return w.ldap;
  };

  const refused = (e: unknown, call: string) => {
    const info = toErrorInfo(e, call);
    if (info.field?.startsWith('ldap.')) setErrors({ [fieldOf(info.field)]: info.message });
    else if (info.field === 'username') setErrors({ username: info.message });
    else setFormError(info.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ldap = checked();
    if (!ldap) return;
    setBusy(true);
    try {
      await save(authSaveOf(auth, { ldap }));
      dispatch(snackbarShown({ kind: 'save', outcome: 'success', message: LDAP_TEXTS.saved }));
      onSaved();
    } catch (e) {
      refused(e, 'saveAuthSettingsV2');
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setOutcome(null);
    const ldap = checked();
    if (!ldap) return;
    if (testUser.trim() === '') {
      setErrors({ username: LDAP_TEXTS.testUserRequired });
      return;
    }
    setBusy(true);
    try {
      setOutcome(await testConnection({ username: testUser.trim(), ldap }));
    } catch (e) {
      refused(e, 'testLdapConnection');
    } finally {
      setBusy(false);
    }
  };

  const disabled = !canWrite || busy;
  return (
    <Card variant="outlined" data-testid={ids.ldapSection}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {LDAP_TEXTS.title}
        </Typography>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack spacing={2}>
            <FormHead
              error={formError}
              errorTestId={ids.ldapError}
              onCloseError={() => setFormError(null)}
              enabled={values.enabled}
              enabledLabel={LDAP_TEXTS.enabled}
              enabledTestId={`${ids.ldapField}-enabled`}
              disabled={disabled}
              onEnabled={(enabled) => set({ enabled })}
            />
            {FIELDS.map(({ field, label, hint, type }) => (
              <TextField
                key={field}
                label={label}
                type={type}
                size="small"
                value={values[field]}
                disabled={disabled || (field === 'bind_password' && values.clearPassword)}
                onChange={(e) => set({ [field]: e.target.value })}
                error={Boolean(errors[field])}
                helperText={
                  errors[field] ??
                  (field === 'bind_password'
                    ? auth.ldap.bind_password_set
                      ? LDAP_TEXTS.passwordSet
                      : LDAP_TEXTS.passwordNone
                    : hint)
                }
                autoComplete={field === 'bind_password' ? 'new-password' : 'off'}
                slotProps={{ htmlInput: { 'data-testid': `${ids.ldapField}-${field}` } }}
              />
            ))}
            {auth.ldap.bind_password_set && canWrite && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.clearPassword}
                    disabled={busy}
                    onChange={(e) => set({ clearPassword: e.target.checked, bind_password: '' })}
                  />
                }
                label={LDAP_TEXTS.clearPassword}
              />
            )}
            {canWrite && (
              <Box>
                <Button type="submit" variant="contained" disabled={busy} data-testid={ids.ldapSave}>
                  Save LDAP settings
                </Button>
              </Box>
            )}
          </Stack>
        </form>
        {canWrite && (
          <Stack spacing={1.5} sx={{ mt: 3 }}>
            <Typography variant="subtitle1">{LDAP_TEXTS.test}</Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
            >
              <TextField
                label={LDAP_TEXTS.testUser}
                size="small"
                value={testUser}
                onChange={(e) => setTestUser(e.target.value)}
                error={Boolean(errors.username)}
                helperText={errors.username ?? 'Uses the settings above, saved or not.'}
                slotProps={{ htmlInput: { 'data-testid': ids.ldapTestUser } }}
              />
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => void test()}
                data-testid={ids.ldapTest}
              >
                {LDAP_TEXTS.test}
              </Button>
            </Stack>
            {outcome && (
              <Alert severity={outcome.ok ? 'success' : 'error'} data-testid={ids.ldapTestOutcome}>
                {outcome.ok
                  ? LDAP_TEXTS.testOk(outcome.user?.dn ?? testUser, outcome.elapsed_ms)
                  : LDAP_TEXTS.testFailed(outcome.step ?? 'connect', outcome.reason ?? 'no reason given.')}
              </Alert>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

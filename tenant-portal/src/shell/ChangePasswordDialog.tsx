/**
 * Change password (issue 15: the user menu offers it where the session says
 * show_change_password): the current password, the new one twice. The rules are the contract's
 * (newPasswordProblem), so the form and the server say the same; a refusal shows at its field.
 */
import { useEffect } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import {
  passwordChangeRequested,
  passwordChangeReset,
  selectPasswordChange,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { newPasswordProblem } from '@workbench/common/api/contract/auth';
import { changePasswordIds } from '@workbench/common/test-ids/index';

interface Values {
  current: string;
  next: string;
  confirm: string;
}

/** The server's field names → the form's. */
const FORM_FIELD: Record<string, keyof Values> = { current_password: 'current', new_password: 'next' };

export const CHANGE_PASSWORD_TEXTS = {
  title: 'Change password',
  current: 'Current password',
  next: 'New password',
  confirm: 'New password again',
  required: 'Required.',
  mismatch: 'The two new passwords differ.',
  submit: 'Change password',
} as const;

const schema = yup.object({
  current: yup.string().required(CHANGE_PASSWORD_TEXTS.required),
  next: yup
    .string()
    .required(CHANGE_PASSWORD_TEXTS.required)
    .test('rules', (value, context) => {
      const problem = newPasswordProblem(String(context.parent.current ?? ''), value ?? '');
      return problem === null || context.createError({ message: problem });
    }),
  confirm: yup
    .string()
    .required(CHANGE_PASSWORD_TEXTS.required)
    .oneOf([yup.ref('next')], CHANGE_PASSWORD_TEXTS.mismatch),
});

export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectPasswordChange);
  const saving = status === 'saving';
  const formik = useFormik<Values>({
    initialValues: { current: '', next: '', confirm: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(passwordChangeRequested({ current: values.current, next: values.next }));
    },
  });
  const { setFieldError, setFieldTouched } = formik;
  const errorField = error?.field ? FORM_FIELD[error.field] : undefined;
  // A refusal naming a field shows at that field; any other above the form.
  useEffect(() => {
    if (status !== 'failed' || !errorField || !error) return;
    void setFieldTouched(errorField, true, false);
    setFieldError(errorField, error.message);
  }, [status, error, errorField, setFieldError, setFieldTouched]);
  useEffect(() => {
    if (status === 'done') onClose();
  }, [status, onClose]);
  // Closed (done or cancelled): the next dialog starts afresh.
  useEffect(() => () => void dispatch(passwordChangeReset()), [dispatch]);

  const field = (name: keyof Values, autoComplete: string) => ({
    name,
    type: 'password',
    label: CHANGE_PASSWORD_TEXTS[name],
    value: formik.values[name],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: Boolean(formik.touched[name] && formik.errors[name]),
    helperText: formik.touched[name] ? formik.errors[name] : undefined,
    autoComplete,
    fullWidth: true,
    disabled: saving,
    slotProps: { htmlInput: { 'data-testid': changePasswordIds[name], maxLength: 256 } },
  });

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      data-testid={changePasswordIds.dialog}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle>{CHANGE_PASSWORD_TEXTS.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {status === 'failed' && error && !errorField && <Alert severity="error">{error.message}</Alert>}
            <TextField {...field('current', 'current-password')} autoFocus />
            <TextField {...field('next', 'new-password')} />
            <TextField {...field('confirm', 'new-password')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid={changePasswordIds.submit}>
            {CHANGE_PASSWORD_TEXTS.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

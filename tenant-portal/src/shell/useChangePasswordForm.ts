/**
 * The change-password form (issue 15), shared by the user menu's dialog and the page a password
 * someone else set opens on (../pending-steps): the current password, the new one twice. The rules
 * are the contract's (newPasswordProblem), so the form and the server say the same; a refusal
 * naming a field shows at that field, any other above the form.
 */
import { useEffect } from 'react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import {
  passwordChangeRequested,
  passwordChangeReset,
  selectPasswordChange,
  useAppDispatch,
  useAppSelector,
} from '@workbench/common';
import { newPasswordProblem } from '@workbench/common/api/contract/auth';
import { changePasswordIds } from '@workbench/common/test-ids/index';

export interface ChangePasswordValues {
  current: string;
  next: string;
  confirm: string;
}

/** The server's field names → the form's. */
const FORM_FIELD: Record<string, keyof ChangePasswordValues> = {
  current_password: 'current',
  new_password: 'next',
};

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

/**
 * The form's state and its fields' props; `onDone` runs once the change went through. `labels`
 * replaces a field's label (the page calls the current password the one-time password).
 */
export function useChangePasswordForm(
  onDone: () => void,
  labels: Partial<Record<keyof ChangePasswordValues, string>> = {},
) {
  const dispatch = useAppDispatch();
  const { status, error } = useAppSelector(selectPasswordChange);
  const saving = status === 'saving';
  const formik = useFormik<ChangePasswordValues>({
    initialValues: { current: '', next: '', confirm: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      dispatch(passwordChangeRequested({ current: values.current, next: values.next }));
    },
  });
  const { setFieldError, setFieldTouched } = formik;
  const errorField = error?.field ? FORM_FIELD[error.field] : undefined;
  useEffect(() => {
    if (status !== 'failed' || !errorField || !error) return;
    void setFieldTouched(errorField, true, false);
    setFieldError(errorField, error.message);
  }, [status, error, errorField, setFieldError, setFieldTouched]);
  useEffect(() => {
    if (status === 'done') onDone();
  }, [status, onDone]);
  // Closed (done or cancelled): the next form starts afresh.
  useEffect(() => () => void dispatch(passwordChangeReset()), [dispatch]);

  const field = (name: keyof ChangePasswordValues, autoComplete: string) => ({
    name,
    type: 'password',
    label: labels[name] ?? CHANGE_PASSWORD_TEXTS[name],
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
  /** A refusal that names no field of the form. */
  const formError = status === 'failed' && error && !errorField ? error.message : null;
  return { formik, field, saving, formError };
}

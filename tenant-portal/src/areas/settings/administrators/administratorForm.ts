/** The form that adds an administrator: Formik values, yup rules (the contract's limits), the body sent. */
import * as yup from 'yup';
import { email, yupString } from '@workbench/common/validators/index';
import type { AdministratorCreate } from '@workbench/common/api/contract/administrators';

export interface AdministratorFormValues {
  username: string;
  first_name: string;
  last_name: string;
  role: string;
}

export const emptyAdministratorForm = (role: string): AdministratorFormValues => ({
  username: '',
  first_name: '',
  last_name: '',
  role,
});

/** The contract's limits (AdministratorCreate): a user name is an e-mail address up to 254 characters. */
const USERNAME_MAX = 254;
const NAME_MAX = 80;

export const ADMINISTRATOR_FORM_MESSAGES: Record<string, string> = {
  required: 'Required.',
  invalidEmail: 'Enter the administrator’s e-mail address: it is their user name.',
  maxlength: `Too long.`,
};

export const administratorFormSchema = yup.object({
  username: yupString(email).trim().max(USERNAME_MAX, 'maxlength').required('required'),
  first_name: yup.string().trim().max(NAME_MAX, 'maxlength').required('required'),
  last_name: yup.string().trim().max(NAME_MAX, 'maxlength').required('required'),
  role: yup.string().required('required'),
});

export const createBodyOf = (v: AdministratorFormValues): AdministratorCreate => ({
  username: v.username.trim(),
  first_name: v.first_name.trim(),
  last_name: v.last_name.trim(),
  role: v.role,
});

/** The create/edit form of an end user: Formik values, yup rules from common's validators, API conversion. */
import * as yup from 'yup';
import {
  email,
  password,
  userName,
  yupString,
  type ValidationErrorKey,
} from '@workbench/common/validators/index';
import {
  END_USER_PASSWORD_MIN,
  UDB_TEXT_MAX,
  type EndUser,
  type EndUserChanges,
  type EndUserCreate,
  type EndUserStatus,
} from '@workbench/common/api/contract/udb';
import { parseGroups } from '@workbench/common/features/import-wizard/userImport';

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  /** Comma- or pipe-separated group names. */
  groups: string;
  status: EndUserStatus;
  password: string;
}

export const emptyUserForm: UserFormValues = {
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  groups: '',
  status: 'active',
  password: '',
};

/** Keys beyond the shared validators' ones (this form's own rules). */
export type UserFormErrorKey = ValidationErrorKey | 'required' | 'passwordTooShort' | 'maxlength';

/** What the form shows for each error key (validators give only keys; the form maps them here). */
export const USER_FORM_MESSAGES: Record<string, string> = {
  required: 'Required.',
  invalidUserName: 'Use a name like user@domain, without ! < \\ spaces or quotes.',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidPassword: 'The password must not contain ! \\ spaces or single quotes.',
  passwordTooShort: `The password needs at least ${END_USER_PASSWORD_MIN} characters.`,
  maxlength: `At most ${UDB_TEXT_MAX} characters.`,
};

const userNameLike = (value: string | null | undefined): ValidationErrorKey | null =>
  userName(value) ?? (value && !/^[^@]+@[^@]+$/.test(value) ? 'invalidUserName' : null);

/** Splits "a, b|c" into ['a', 'b', 'c'] (blank entries dropped); shared with the user import. */
export { parseGroups };

const passwordRule = yupString(password).test(
  'passwordTooShort',
  'passwordTooShort',
  (v) => !v || v.length >= END_USER_PASSWORD_MIN,
);

export function userFormSchema(mode: 'create' | 'edit') {
  const text = yup.string().max(UDB_TEXT_MAX, 'maxlength');
  return yup.object({
    username: yupString(userNameLike).max(UDB_TEXT_MAX, 'maxlength').trim().required('required'),
    first_name: text,
    last_name: text,
    email: yupString(email).max(UDB_TEXT_MAX, 'maxlength'),
    groups: yup.string(),
    status: yup.mixed<EndUserStatus>().oneOf(['active', 'disabled']).required('required'),
    password: mode === 'create' ? passwordRule.required('required') : passwordRule,
  });
}

export const formOfUser = (u: EndUser): UserFormValues => ({
  username: u.username,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
  groups: u.groups.join(', '),
  status: u.status,
  password: '',
});

export const createBodyOf = (v: UserFormValues): EndUserCreate => ({
  username: v.username.trim(),
  password: v.password,
  first_name: v.first_name,
  last_name: v.last_name,
  email: v.email.trim(),
  groups: parseGroups(v.groups),
  status: v.status,
});

/** Only the fields that changed (and the password when one was typed). */
export function changesOf(before: EndUser, v: UserFormValues): EndUserChanges {
  const after = createBodyOf(v);
  const changes: EndUserChanges = {};
  if (after.username !== before.username) changes.username = after.username;
  if (after.first_name !== before.first_name) changes.first_name = after.first_name;
  if (after.last_name !== before.last_name) changes.last_name = after.last_name;
  if (after.email !== before.email) changes.email = after.email;
  if (JSON.stringify(after.groups) !== JSON.stringify(before.groups)) changes.groups = after.groups;
  if (after.status !== before.status) changes.status = after.status;
  if (v.password !== '') changes.password = v.password;
  return changes;
}

/**
 * data-testid values of the tenant portal's Settings › Administrators and Settings › Roles pages
 * and their dialogs. Never rename one.
 */
export const administratorsIds = {
  page: 'admins-page',
  table: 'admins-table',
  total: 'admins-total',
  addButton: 'admins-add',
  /** `${row}-${username}`: the row's actions live in it. */
  row: 'admins-row',
  /** `${…}-${username}` for each row action. */
  resetPassword: 'admins-reset-password',
  changeRole: 'admins-change-role',
  disable: 'admins-disable',
  activate: 'admins-activate',
  unlock: 'admins-unlock',
  remove: 'admins-delete',
  formDialog: 'admin-form-dialog',
  formUsername: 'admin-form-username',
  formFirstName: 'admin-form-first-name',
  formLastName: 'admin-form-last-name',
  formRole: 'admin-form-role',
  formSubmit: 'admin-form-submit',
  formCancel: 'admin-form-cancel',
  formError: 'admin-form-error',
  /** The one-time password, shown once, and its copy button. */
  passwordDialog: 'admin-password-dialog',
  password: 'admin-password',
  passwordCopy: 'admin-password-copy',
  passwordDone: 'admin-password-done',
  /** The confirmation of a reset, status change, unlock or delete; its error stays in it. */
  confirmDialog: 'admin-confirm-dialog',
  confirmCancel: 'admin-confirm-cancel',
  confirmOk: 'admin-confirm-ok',
  confirmError: 'admin-confirm-error',
  roleDialog: 'admin-role-dialog',
  roleSelect: 'admin-role-select',
  roleSubmit: 'admin-role-submit',
  roleError: 'admin-role-error',
} as const;

export const rolesIds = {
  page: 'roles-page',
  table: 'roles-table',
  addButton: 'roles-add',
  notEnforced: 'roles-not-enforced',
  /** `${…}-${name}` for each row action. */
  edit: 'roles-edit',
  view: 'roles-view',
  copy: 'roles-copy',
  remove: 'roles-delete',
  editor: 'role-editor',
  name: 'role-name',
  description: 'role-description',
  read: 'role-read',
  write: 'role-write',
  save: 'role-save',
  cancel: 'role-cancel',
  error: 'role-error',
  /** What the role opens: `${reachArea}-${area id}`, `${reachPage}-${path with '/' as '-'}`. */
  reach: 'role-reach',
  reachArea: 'role-reach-area',
  reachPage: 'role-reach-page',
  /** The "View as this role" navigation preview. */
  previewButton: 'role-preview',
  preview: 'role-preview-nav',
  deleteDialog: 'role-delete-dialog',
  deleteCancel: 'role-delete-cancel',
  deleteConfirm: 'role-delete-confirm',
  deleteError: 'role-delete-error',
} as const;

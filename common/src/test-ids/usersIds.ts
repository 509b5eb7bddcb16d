/** data-testid values of the tenant portal's Users page (settings/users) and its dialogs. Never rename one. */
export const usersIds = {
  page: 'users-page',
  search: 'users-search',
  table: 'users-table',
  addButton: 'users-add',
  importButton: 'users-import',
  deleteSelected: 'users-delete-selected',
  enableSelected: 'users-enable-selected',
  disableSelected: 'users-disable-selected',
  /** `${editButton}-${username}` */
  editButton: 'users-edit',
  total: 'users-total',
  /** `${mixedScripts}-${username}`: the chip of a name that mixes scripts. */
  mixedScripts: 'users-mixed-scripts',
  /** The domain picker (the user database's domains, each with its user count). */
  domain: 'users-domain',
  formDialog: 'user-form-dialog',
  formSubmit: 'user-form-submit',
  formCancel: 'user-form-cancel',
  resetPassword: 'user-reset-password',
  newPassword: 'user-new-password',
  generatePassword: 'user-generate-password',
  deleteDialog: 'users-delete-dialog',
  deleteConfirm: 'users-delete-confirm',
  deleteCancel: 'users-delete-cancel',
  importDialog: 'users-import-dialog',
} as const;

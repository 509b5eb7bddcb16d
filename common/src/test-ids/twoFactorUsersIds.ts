/** data-testid values of the tenant portal's Settings › Two-factor users page. Never rename one. */
export const twoFactorUsersIds = {
  page: 'two-factor-users-page',
  table: 'two-factor-users-table',
  search: 'two-factor-users-search',
  total: 'two-factor-users-total',
  /** `${resetButton}-${username}` */
  resetButton: 'two-factor-users-reset',
  resetDialog: 'two-factor-users-reset-dialog',
  resetConfirm: 'two-factor-users-reset-confirm',
  resetCancel: 'two-factor-users-reset-cancel',
  error: 'two-factor-users-error',
} as const;

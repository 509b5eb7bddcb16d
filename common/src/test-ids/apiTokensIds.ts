/** data-testid values of the tenant portal's Settings › API tokens page and its dialogs. Never rename one. */
export const apiTokensIds = {
  page: 'api-tokens-page',
  table: 'api-tokens-table',
  total: 'api-tokens-total',
  createButton: 'api-tokens-create',
  /** `${revokeButton}-${id}` */
  revokeButton: 'api-tokens-revoke',
  formDialog: 'api-token-form-dialog',
  /** `${formField}-${field}`: name, access, expiry, expires_at, `areas-${area}` */
  formField: 'api-token-form-field',
  formError: 'api-token-form-error',
  formSubmit: 'api-token-form-submit',
  formCancel: 'api-token-form-cancel',
  secretDialog: 'api-token-secret-dialog',
  secret: 'api-token-secret',
  copySecret: 'api-token-copy-secret',
  secretDone: 'api-token-secret-done',
  revokeDialog: 'api-token-revoke-dialog',
  revokeConfirm: 'api-token-revoke-confirm',
  revokeCancel: 'api-token-revoke-cancel',
} as const;

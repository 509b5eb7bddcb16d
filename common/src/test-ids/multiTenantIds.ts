/** Settings › Multi-tenant (tenant-portal areas/settings/multi-tenant). Never rename one. */
export const multiTenantIds = {
  page: 'multi-tenant-page',
  parents: 'multi-tenant-parents',
  children: 'multi-tenant-children',
  /** A row, followed by `-<uuid>`. */
  row: 'multi-tenant-row',
  /** A row's status, followed by `-<uuid>`. */
  status: 'multi-tenant-status',
  /** Approve, decline and end buttons, each followed by `-<uuid>`. */
  approve: 'multi-tenant-approve',
  decline: 'multi-tenant-decline',
  end: 'multi-tenant-end',
  confirmDialog: 'multi-tenant-confirm',
  confirm: 'multi-tenant-confirm-button',
  cancel: 'multi-tenant-cancel-button',
  error: 'multi-tenant-error',
} as const;

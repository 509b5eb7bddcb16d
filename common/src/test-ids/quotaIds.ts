/** data-testid values of the provider console's Quota page (docs/provider-console.md §11). Never rename one. */
export const quotaIds = {
  page: 'quota-page',
  table: 'quota-table',
  show: 'quota-show',
  /** How many tenants pass a limit. */
  overCount: 'quota-over-count',
  /** `${row}-${tid}` */
  row: 'quota-row',
  /** `${cell}-${tid}-${limit}` */
  cell: 'quota-cell',
  /** `${edit}-${tid}` */
  edit: 'quota-edit',
  form: 'quota-form',
  submit: 'quota-submit',
} as const;

/**
 * The console's provider PAC page (docs/provider-console.md §12); its editor and tester carry the
 * portal's PAC ids (pacSettingsIds: editor, test*). Never rename one.
 */
export const providerPacIds = {
  page: 'provider-pac-page',
  status: 'provider-pac-status',
  filename: 'provider-pac-filename',
  save: 'provider-pac-save',
  editorError: 'provider-pac-editor-error',
} as const;

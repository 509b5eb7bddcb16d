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

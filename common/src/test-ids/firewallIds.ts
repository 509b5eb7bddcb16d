/**
 * data-testid values of the tenant portal's Firewall page (tenant-portal/src/areas/fwaas) and its
 * dialogs. Never rename one. Ids marked `${id}-${key}` take a section path or a row's id. A
 * section's Save, Undo, Redo, state, save error and conflict dialog are the shared policyEditorIds.
 */
export const firewallIds = {
  page: 'fw-page',
  tabs: 'fw-tabs',
  /** `${tab}-${rules|services|feeds}` */
  tab: 'fw-tab',
  /** `${section}-${rules|services|feeds}`: the section's region. */
  section: 'fw-section',
  /** `${table}-${rules|services|feeds}` */
  table: 'fw-table',
  /** `${add}-${rules|services|feeds}` */
  add: 'fw-add',
  /** `${empty}-${rules|services|feeds}`: the empty state with what to do. */
  empty: 'fw-empty',
  /** `${rowEdit}-${id}` (View for readers) */
  rowEdit: 'fw-row-edit',
  /** `${rowDuplicate}-${id}` */
  rowDuplicate: 'fw-row-duplicate',
  /** `${rowDelete}-${id}` */
  rowDelete: 'fw-row-delete',
  /** `${rowUp}-${id}` / `${rowDown}-${id}`: keyboard reordering of rules. */
  rowUp: 'fw-row-up',
  rowDown: 'fw-row-down',
  /** `${rowEnabled}-${id}`: a rule's or feed's enable switch. */
  rowEnabled: 'fw-row-enabled',
  /** The rule, service and feed dialogs. */
  ruleDialog: 'fw-rule-dialog',
  serviceDialog: 'fw-service-dialog',
  feedDialog: 'fw-feed-dialog',
  /** `${field}-${name}`: a form field (its input) in those dialogs. */
  field: 'fw-field',
  dialogSave: 'fw-dialog-save',
  dialogCancel: 'fw-dialog-cancel',
  /** ?rule=<id> named no rule. */
  ruleNotFound: 'fw-rule-not-found',
  /** Deleting a service that rules use: the confirmation naming them. */
  deleteDialog: 'fw-delete-dialog',
  deleteUsedBy: 'fw-delete-used-by',
  deleteConfirm: 'fw-delete-confirm',
  deleteCancel: 'fw-delete-cancel',
} as const;

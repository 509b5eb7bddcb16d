/**
 * data-testid values of the tenant portal's Secure Application Access page
 * (tenant-portal/src/areas/private-access). Never rename one. The page's tabs are
 * policyFamilyIds('private'); a section's region, Save, Undo, Redo, state, save error and conflict
 * dialog are the shared policyEditorIds; its tables, Add buttons, empty states, row buttons and
 * entry-dialog buttons are the firewall's (firewallIds with the section path or row id), whose
 * table and dialogs the page reuses.
 */
export const privateAccessIds = {
  /** The user portal address and its Copy button. */
  portalUrl: 'pa-portal-url',
  portalUrlCopy: 'pa-portal-url-copy',
  /** The access rule accordion and the application, catalog and cluster dialogs. */
  ruleDialog: 'pa-rule-dialog',
  appDialog: 'pa-app-dialog',
  catalogDialog: 'pa-catalog-dialog',
  clusterDialog: 'pa-cluster-dialog',
  /** `${field}-${name}`: a form field (its input) in those dialogs. */
  field: 'pa-field',
  /** ?rule=<id> named no entry of the section shown. */
  ruleNotFound: 'pa-rule-not-found',
  /** Deleting an application or a cluster that others use: the confirmation naming them. */
  deleteDialog: 'pa-delete-dialog',
  deleteUsedBy: 'pa-delete-used-by',
  deleteConfirm: 'pa-delete-confirm',
  deleteCancel: 'pa-delete-cancel',
  /** `${rowEdit}-${id}` … : the buttons and enable switch of private access's rows (the firewall table). */
  rowEdit: 'pa-row-edit',
  rowDuplicate: 'pa-row-duplicate',
  rowDelete: 'pa-row-delete',
  rowUp: 'pa-row-up',
  rowDown: 'pa-row-down',
  rowEnabled: 'pa-row-enabled',
} as const;

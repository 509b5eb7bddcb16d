/**
 * data-testid values of the tenant portal's Content Inspection page
 * (tenant-portal/src/areas/policy/inspection). Never rename one. The page and its tabs are
 * policyFamilyIds('inspection'); a section's region, Save, Undo, Redo and conflict dialog are the
 * shared policyEditorIds; rule rows' buttons are ruleEdit, ruleDelete, ruleUp and ruleDown below.
 */
export const inspectionIds = {
  /** `${ruleAdd}-${list}`: Add of a rule list (exceptions, content, docs, v4-content, global-pre, global-post). */
  ruleAdd: 'inspection-rule-add',
  /** The rule editor dialog and its fields. */
  ruleDialog: 'inspection-rule-dialog',
  ruleName: 'inspection-rule-name',
  ruleAction: 'inspection-rule-action',
  ruleDirection: 'inspection-rule-direction',
  ruleSha256: 'inspection-rule-sha256',
  ruleFileTypes: 'inspection-rule-file-types',
  ruleDomains: 'inspection-rule-domains',
  ruleCancel: 'inspection-rule-cancel',
  bypassDomains: 'inspection-bypass-domains',
  /** `${setting}-${field}`: a field of the Settings and Runtime analysis forms. */
  setting: 'inspection-setting',
  /** The content-type set in use (data-version 3 or 4) and the migration. */
  contentVersion: 'inspection-content-version',
  migrate: 'inspection-migrate',
  migrateDialog: 'inspection-migrate-dialog',
  migrateConfirm: 'inspection-migrate-confirm',
  migrateCancel: 'inspection-migrate-cancel',
  migrateError: 'inspection-migrate-error',
  raThreats: 'inspection-ra-threats',
  /** The parent tenant's rules (read-only) and their empty state. */
  parentRules: 'inspection-parent-rules',
  parentEmpty: 'inspection-parent-empty',
  /** `${ruleEdit}-${id}` … : the buttons of the inspection rules' rows (the shared RuleTable). */
  ruleEdit: 'inspection-rule-edit',
  ruleDelete: 'inspection-rule-delete',
  ruleUp: 'inspection-rule-up',
  ruleDown: 'inspection-rule-down',
} as const;

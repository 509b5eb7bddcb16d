/** data-testid values of the tenant portal's Browser Posture Manager. Never rename one. */
export const browserPostureIds = {
  page: 'brw-page',
  /** `${tab}-${name}`: policies, catalogue, benchmarks, assessments */
  tab: 'brw-tab',
  loadError: 'brw-load-error',
  empty: 'brw-empty',
  // Policies
  policiesTable: 'brw-policies-table',
  upload: 'brw-upload',
  uploadBrowser: 'brw-upload-browser',
  uploadPlatform: 'brw-upload-platform',
  uploadResult: 'brw-upload-result',
  uploadError: 'brw-upload-error',
  newPolicy: 'brw-new-policy',
  pastePolicy: 'brw-paste-policy',
  deleteSelected: 'brw-delete-selected',
  /** `${editPolicy}-${policy name}` (and the same for assess, export, delete) */
  editPolicy: 'brw-edit-policy',
  assessPolicy: 'brw-assess-policy',
  exportPolicy: 'brw-export-policy',
  /** `${exportFormat}-${format}` in the export menu */
  exportFormat: 'brw-export-format',
  deletePolicy: 'brw-delete-policy',
  // The policy editor
  editor: 'brw-editor',
  editorName: 'brw-editor-name',
  editorBrowser: 'brw-editor-browser',
  editorPlatform: 'brw-editor-platform',
  editorAddSetting: 'brw-editor-add-setting',
  /** `${editorSetting}-${setting name}`: the setting's typed control */
  editorSetting: 'brw-editor-setting',
  /** `${editorRemove}-${setting name}` */
  editorRemove: 'brw-editor-remove',
  editorText: 'brw-editor-text',
  editorError: 'brw-editor-error',
  editorSave: 'brw-editor-save',
  editorCancel: 'brw-editor-cancel',
  // Catalogue
  catalogueTable: 'brw-catalogue-table',
  catalogueBrowser: 'brw-catalogue-browser',
  cataloguePlatform: 'brw-catalogue-platform',
  catalogueVersion: 'brw-catalogue-version',
  catalogueSearch: 'brw-catalogue-search',
  catalogueCount: 'brw-catalogue-count',
  // Benchmarks
  benchmark: 'brw-benchmark',
  // Assessments
  assessmentsTable: 'brw-assessments-table',
  /** `${score}-${assessment id}` */
  score: 'brw-score',
  trend: 'brw-trend',
  reviewStatus: 'brw-review-status',
  reassess: 'brw-reassess',
  markReviewed: 'brw-mark-reviewed',
  /** `${ruleResult}-${setting}`: a rule's row in an assessment's detail */
  ruleResult: 'brw-rule-result',
} as const;

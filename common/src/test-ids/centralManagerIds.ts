import { CM_ABOUT_MENU_ITEM_ID } from './cmAboutMenuItemId';

export { CM_ABOUT_MENU_ITEM_ID };

/** data-testid values of the tenant portal's central-manager pages (management station). Never rename one. */
export const centralManagerIds = {
  systemsPage: 'cm-systems-page',
  systemsTable: 'cm-systems-table',
  systemsTotal: 'cm-systems-total',
  systemsRefresh: 'cm-systems-refresh',
  /** Shown while the appliances are asked for their state now (the table shows the state last seen). */
  systemsChecking: 'cm-systems-checking',
  empty: 'cm-systems-empty',
  actionError: 'cm-action-error',
  /** `${x}-${id}`: a managed system's row pieces and actions. */
  state: 'cm-state',
  reason: 'cm-reason',
  maintenance: 'cm-maintenance',
  /** `${systemAction}-${action}-${id}`: restart, reboot, shutdown. */
  systemAction: 'cm-system-action',
  settings: 'cm-settings',
  remove: 'cm-remove',
  /** The add-an-appliance dialog: `${field}-${name}` (host, port, username, password, name). */
  add: 'cm-add',
  addDialog: 'cm-add-dialog',
  field: 'cm-field',
  fetchCert: 'cm-fetch-cert',
  certificate: 'cm-certificate',
  fingerprint: 'cm-fingerprint',
  approve: 'cm-approve',
  addError: 'cm-add-error',
  addCancel: 'cm-add-cancel',
  /** The current-settings dialog. */
  settingsDialog: 'cm-settings-dialog',
  settingsBody: 'cm-settings-body',
  settingsClose: 'cm-settings-close',
  /** cr_update in the current-settings dialog: `${settingsEdit}-${document}` opens a document's form. */
  settingsEdit: 'cm-settings-edit',
  /** `${settingsField}-${document}-${field}`: a field's input in that form. */
  settingsField: 'cm-settings-field',
  settingsSave: 'cm-settings-save',
  settingsCancel: 'cm-settings-cancel',
  settingsError: 'cm-settings-error',
  settingsSaved: 'cm-settings-saved',
  /** An appliance's logs and exports (`${logs}-${id}` opens them). */
  logs: 'cm-logs',
  logsDialog: 'cm-logs-dialog',
  logsType: 'cm-logs-type',
  logsSearch: 'cm-logs-search',
  logsTable: 'cm-logs-table',
  logsTotal: 'cm-logs-total',
  logsMore: 'cm-logs-more',
  logsError: 'cm-logs-error',
  /** `${logsExport}-${log_type}`: an export's download. */
  logsExport: 'cm-logs-export',
  logsClose: 'cm-logs-close',
  // The management station's own page (Settings › Management Station) and About.
  stationPage: 'cm-station-page',
  /** `${about}-${field}`: a line of the station's About (version, hostname, ...). */
  about: 'cm-about',
  aboutMenuItem: CM_ABOUT_MENU_ITEM_ID,
  aboutDialog: 'cm-about-dialog',
  aboutClose: 'cm-about-close',
  stationPort: 'cm-station-port',
  stationTimeout: 'cm-station-timeout',
  stationSave: 'cm-station-save',
  stationError: 'cm-station-error',
  stationUpdated: 'cm-station-updated',
  /** A system action's job: its progress and outcome. */
  job: 'cm-job',
  jobStatus: 'cm-job-status',
  /** `${jobTarget}-${id}`: one appliance's line of a job. */
  jobTarget: 'cm-job-target',
  jobClose: 'cm-job-close',
  confirmDialog: 'cm-confirm-dialog',
  confirm: 'cm-confirm',
  confirmCancel: 'cm-confirm-cancel',
  /** The updates dialog of an appliance (`${updates}-${id}` opens it). */
  updates: 'cm-updates',
  updatesDialog: 'cm-updates-dialog',
  updatesVersion: 'cm-updates-version',
  updatesCheck: 'cm-updates-check',
  updatesClose: 'cm-updates-close',
  /** `${x}-${version}`: a release found by the check, and its download and install. */
  updatesRelease: 'cm-updates-release',
  updatesDownload: 'cm-updates-download',
  updatesInstall: 'cm-updates-install',
  /** `${updatesRollback}-${slot_id}`: a rollback entry's button (slot 0 the factory reset). */
  updatesRollback: 'cm-updates-rollback',
  // Groups and templates.
  groupsPage: 'cm-groups-page',
  groupsTable: 'cm-groups-table',
  groupsEmpty: 'cm-groups-empty',
  templatesTable: 'cm-templates-table',
  templatesEmpty: 'cm-templates-empty',
  addGroup: 'cm-add-group',
  groupDialog: 'cm-group-dialog',
  /** `${groupMember}-${systemId}`: a member's checkbox in the group dialog. */
  groupMember: 'cm-group-member',
  addTemplate: 'cm-add-template',
  templateDialog: 'cm-template-dialog',
  dialogError: 'cm-dialog-error',
  dialogSubmit: 'cm-dialog-submit',
  dialogCancel: 'cm-dialog-cancel',
  /** `${x}-${id}`: a group's or a template's actions. */
  deleteGroup: 'cm-delete-group',
  deleteTemplate: 'cm-delete-template',
  apply: 'cm-apply',
  drift: 'cm-drift',
  applyDialog: 'cm-apply-dialog',
  applyTemplate: 'cm-apply-template',
  applySubmit: 'cm-apply-submit',
  driftDialog: 'cm-drift-dialog',
  /** `${driftMember}-${systemId}`: a member's drift from the template. */
  driftMember: 'cm-drift-member',
  driftClose: 'cm-drift-close',
} as const;

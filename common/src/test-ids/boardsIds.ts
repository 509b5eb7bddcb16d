/** data-testid values of the tenant portal's dashboards people build (docs/dashboards.md). Never rename one. */
export const boardsIds = {
  page: 'boards-page',
  list: 'boards-list',
  /** `${open}-${board name}`: a board's link in the list. */
  open: 'boards-open',
  newButton: 'boards-new',
  newName: 'boards-new-name',
  newCreate: 'boards-new-create',
  /** `${template}-${fixed dashboard id}`: copy a fixed report dashboard as a new board. */
  template: 'boards-template',
  view: 'boards-view',
  title: 'boards-title',
  interval: 'boards-interval',
  /** `${variable}-${user|group|domain}`: a variable's value. */
  variable: 'boards-variable',
  zoom: 'boards-zoom',
  resetZoom: 'boards-reset-zoom',
  edit: 'boards-edit',
  save: 'boards-save',
  cancel: 'boards-cancel',
  deleteBoard: 'boards-delete',
  copyLink: 'boards-copy-link',
  startPage: 'boards-start-page',
  addPanel: 'boards-add-panel',
  /** The add-panel dialog: the query, the chart kind, Add. */
  panelQuery: 'boards-panel-query',
  panelChart: 'boards-panel-chart',
  panelAdd: 'boards-panel-add',
  /** `${variableToggle}-${user|group|domain}`: whether the board has the variable (editing). */
  variableToggle: 'boards-variable-toggle',
  /** `${panel}-${panel id}` */
  panel: 'boards-panel',
  /** `${chart}-${panel id}` */
  chart: 'boards-chart',
  /** `${removePanel}-${panel id}` */
  removePanel: 'boards-remove-panel',
  /** `${unfiltered}-${panel id}`: the variables the panel does not take. */
  unfiltered: 'boards-unfiltered',
  /** The logs explorer's Visualise: `${visualise}-${field}` opens the dialog. */
  visualise: 'boards-visualise',
  visualiseDialog: 'boards-visualise-dialog',
  visualiseView: 'boards-visualise-view',
  visualiseBoard: 'boards-visualise-board',
  visualiseNewName: 'boards-visualise-new-name',
  visualiseAdd: 'boards-visualise-add',
} as const;

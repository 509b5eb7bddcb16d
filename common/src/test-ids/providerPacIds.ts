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

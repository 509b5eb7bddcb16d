/** data-testid values of Settings › Forensics Profiles' status and viewer sections. Never rename one. */
export const forensicsIds = {
  status: 'forensics-status',
  statusState: 'forensics-status-state',
  viewerSection: 'forensics-viewer',
  viewerEnabled: 'forensics-viewer-enabled',
  viewerUrl: 'forensics-viewer-url',
  /** `${viewerOpenLink}-${code}`: modal_window, new_tab */
  viewerOpenLink: 'forensics-viewer-open-link',
  viewerValidated: 'forensics-viewer-validated',
  viewerSave: 'forensics-viewer-save',
  viewerError: 'forensics-viewer-error',
} as const;

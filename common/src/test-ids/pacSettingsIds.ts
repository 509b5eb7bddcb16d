/** data-testid values of the tenant portal's Settings › PAC Files page. Never rename one. */
export const pacSettingsIds = {
  page: 'pac-page',
  loadError: 'pac-load-error',
  // The served file's URL
  url: 'pac-url',
  copyUrl: 'pac-copy-url',
  // The version
  version: 'pac-version',
  // The editor
  editor: 'pac-editor',
  filename: 'pac-filename',
  save: 'pac-save',
  loadTemplate: 'pac-load-template',
  editorError: 'pac-editor-error',
  // Proxies and defaults
  proxies: 'pac-proxies',
  /** `${defaultsField}-${field}`: bypass_domains, bypass_private_networks, bypass_plain_hostnames, fail_open */
  defaultsField: 'pac-defaults-field',
  saveTemplateSettings: 'pac-save-template-settings',
  templateSettingsError: 'pac-template-settings-error',
  // The tester
  testUrl: 'pac-test-url',
  testClientIp: 'pac-test-client-ip',
  testHosts: 'pac-test-hosts',
  test: 'pac-test',
  testResult: 'pac-test-result',
  testError: 'pac-test-error',
} as const;

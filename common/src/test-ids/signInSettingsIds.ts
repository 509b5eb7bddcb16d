/** data-testid values of the tenant portal's Settings › Sign-in settings page. Never rename one. */
export const signInSettingsIds = {
  page: 'sign-in-settings-page',
  loadError: 'sign-in-settings-load-error',
  // Single sign-on (SAML)
  ssoSection: 'sign-in-sso',
  ssoEnabled: 'sign-in-sso-enabled',
  ssoError: 'sign-in-sso-error',
  spEntityId: 'sign-in-sp-entity-id',
  spCertificate: 'sign-in-sp-certificate',
  downloadSigningCert: 'sign-in-download-signing-cert',
  /** `${idp}-${index}`: one identity provider's card. */
  idp: 'sign-in-idp',
  /** `${idpEntityId}-${index}` */
  idpEntityId: 'sign-in-idp-entity-id',
  /** `${idpRemove}-${index}` */
  idpRemove: 'sign-in-idp-remove',
  metadataFile: 'sign-in-metadata-file',
  metadataError: 'sign-in-metadata-error',
  // LDAP
  ldapSection: 'sign-in-ldap',
  /** `${ldapField}-${field}`: enabled, url, bind_dn, bind_password, base_dn, user_attribute, timeout_seconds */
  ldapField: 'sign-in-ldap-field',
  ldapSave: 'sign-in-ldap-save',
  ldapError: 'sign-in-ldap-error',
  ldapTestUser: 'sign-in-ldap-test-user',
  ldapTest: 'sign-in-ldap-test',
  ldapTestOutcome: 'sign-in-ldap-test-outcome',
  // Decode a certificate
  decodeSection: 'sign-in-decode',
  decodeText: 'sign-in-decode-text',
  decodeFile: 'sign-in-decode-file',
  decodeSubmit: 'sign-in-decode-submit',
  decodeError: 'sign-in-decode-error',
  decodeResult: 'sign-in-decode-result',
  // Administration access control
  accessSection: 'sign-in-access-control',
  accessEnabled: 'sign-in-access-enabled',
  accessRanges: 'sign-in-access-ranges',
  /** `${accessMethod}-${method}` */
  accessMethod: 'sign-in-access-method',
  accessSave: 'sign-in-access-save',
  accessError: 'sign-in-access-error',
  accessMethodsError: 'sign-in-access-methods-error',
  // The provider's IP restrictions (read-only)
  ipSection: 'sign-in-ip-restrictions',
  ipStatus: 'sign-in-ip-restrictions-status',
  ipAllowed: 'sign-in-ip-restrictions-allowed',
} as const;

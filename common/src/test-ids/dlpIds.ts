/**
 * data-testid values of the DLP Policy page and the Customization area (issue 13). The page's
 * frame ids are policyFamilyIds('dlp') (dlp-policy-page, dlp-policy-tab-<section>); row buttons
 * and entry dialogs are the shared rule table's and entry dialog's (webPolicyIds).
 */
export const dlpPolicyIds = {
  /** `${add}-${section path}`: Add of a section's list. */
  add: 'dlp-policy-add',
  ruleDialog: 'dlp-rule-dialog',
  /** `${field}-${name}`: a field of the DLP rule dialog. */
  field: 'dlp-rule-field',
  ruleApply: 'dlp-rule-apply',
  ruleCancel: 'dlp-rule-cancel',
  /** The default auditor profile's picker and the attachment password's fields. */
  defaultProfile: 'dlp-default-profile',
  passwordEnabled: 'dlp-file-password-enabled',
  password: 'dlp-file-password',
  passwordSuggest: 'dlp-file-password-suggest',
  /** `${ruleEdit}-${key}` … : the buttons of the DLP lists' rows (the shared RuleTable). */
  ruleEdit: 'dlp-rule-edit',
  ruleDelete: 'dlp-rule-delete',
  ruleUp: 'dlp-rule-up',
  ruleDown: 'dlp-rule-down',
} as const;

export const customizationIds = {
  page: 'customization-page',
  tabs: 'customization-tabs',
  /** `${tab}-${section path}` */
  tab: 'customization-tab',
  /** `${pageTab}-${notification page}`: picks the notification page edited. */
  pageTab: 'customization-page-tab',
  /** `${field}-${name}`: enabled, title, message, logo_url, contact_email. */
  field: 'customization-field',
  apply: 'customization-apply',
  /** The sandboxed iframe that shows the end user's page. */
  preview: 'customization-preview',
} as const;

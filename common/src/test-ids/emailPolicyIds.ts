/**
 * The Email Policy page (issue 13; #/policy/email/<section>). The page, its tabs and its sections
 * use policyFamilyIds('email') and policyEditorIds; list rows use webPolicyIds' rule ids
 * (`${webPolicyIds.ruleAdd}-<section>`, rule edit, delete, up, down, dialog).
 */
export const emailPolicyIds = {
  /** `${settingsField}-<field path>`, e.g. email-settings-field-config.link_expiry_days. */
  settingsField: 'email-settings-field',
  /** `${classification}-<class>`: the action of a link classification. */
  classification: 'email-classification',
  popularSites: 'email-popular-sites',
  popularSitesLoad: 'email-popular-sites-load',
  /** `${popularSiteAdd}-<domain>`: adds a popular site to the allow list. */
  popularSiteAdd: 'email-popular-site-add',
  uceOpen: 'email-uce-open',
  uceDialog: 'email-uce-dialog',
  uceSubmit: 'email-uce-submit',
  /** `${pluginSwitch}-<plugin>` and `${pluginAction}-<plugin>`: an attachment scanning engine. */
  pluginSwitch: 'email-plugin-switch',
  pluginAction: 'email-plugin-action',
  /** The note shown when a list change is refused (a content type a group still uses). */
  refused: 'email-refused',
  /** `${ruleEdit}-${key}` … : the buttons of the e-mail lists' rows (the shared RuleTable). */
  ruleEdit: 'email-rule-edit',
  ruleDelete: 'email-rule-delete',
  ruleUp: 'email-rule-up',
  ruleDown: 'email-rule-down',
} as const;

/**
 * data-testid values of the tenant portal's Cloud Apps Policy (policy/casb) and Egress Headers
 * (policy/egress) pages. The pages' own ids come from policyFamilyIds('casb' | 'egress'); the
 * rows' buttons reuse webPolicyIds (the shared RuleTable). Never rename one.
 */
export const casbPolicyIds = {
  /** `${add}-${section path}`: Add of a section's list. */
  add: 'casb-policy-add',
  /** The entry dialog (rule accordion) and its Cancel / Close. */
  dialog: 'casb-policy-dialog',
  dialogCancel: 'casb-policy-dialog-cancel',
  /** `${field}-${name}`: a dialog field, e.g. casb-policy-field-name. */
  field: 'casb-policy-field',
  /** `${appPicker}-${form field}`: an app multiple choice. */
  appPicker: 'casb-policy-app-picker',
  /** `${activity}-${code}`: an app rule's activity checkbox. */
  activity: 'casb-policy-activity',
  /** The domain list check (validate_ddl_domains) and its result. */
  checkDomains: 'casb-policy-check-domains',
  checkResult: 'casb-policy-check-result',
  discoveryEnabled: 'casb-policy-discovery-enabled',
  discoveryDays: 'casb-policy-discovery-days',
  discoveryTable: 'casb-policy-discovery-table',
  /** `${insights}-${app id}`: opens an app's reputation insights. */
  insights: 'casb-policy-insights',
  insightsDialog: 'casb-policy-insights-dialog',
  /** `${hide}-${app id}`: hides or shows an app in the discovered list. */
  hide: 'casb-policy-hide',
} as const;

export const egressPolicyIds = {
  add: 'egress-policy-add',
  control: 'egress-policy-control',
  blocklist: 'egress-policy-blocklist',
  /** `${header}-${index}-${name|action|value}`: a header change row of the rule dialog. */
  header: 'egress-policy-header',
  headerAdd: 'egress-policy-header-add',
} as const;

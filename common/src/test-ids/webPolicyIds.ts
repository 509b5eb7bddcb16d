/**
 * data-testid values of the policy editors (common's policy-docs pieces) and the tenant portal's
 * Web Policy page (policy/web). Never rename one.
 */
export const policyEditorIds = {
  /** `${section}-${kind}`: an editor's region (its kind, e.g. policy-editor-web/exceptions). */
  section: 'policy-editor',
  save: 'policy-editor-save',
  undo: 'policy-editor-undo',
  redo: 'policy-editor-redo',
  /** Says whether there are unsaved changes, or that the role may only read. */
  status: 'policy-editor-status',
  error: 'policy-editor-error',
  conflictDialog: 'policy-conflict-dialog',
  /** `${formField}-${path}`: a field of a kind the kit draws as a form (its dotted path in the document). */
  formField: 'policy-form-field',
  conflictWho: 'policy-conflict-who',
  conflictReapply: 'policy-conflict-reapply',
  conflictDiscard: 'policy-conflict-discard',
} as const;

/** A policy family's page (tenant portal PolicyFamilyPage): e.g. web-policy-page, web-policy-tab-exceptions. */
export const policyFamilyIds = (family: string) =>
  ({
    page: `${family}-policy-page`,
    tabs: `${family}-policy-tabs`,
    /** `${tab}-${section path}` */
    tab: `${family}-policy-tab`,
  }) as const;

export const webPolicyIds = {
  page: 'web-policy-page',
  tabs: 'web-policy-tabs',
  /** `${tab}-${section path}`, e.g. web-policy-tab-exceptions. */
  tab: 'web-policy-tab',
  categoryFilter: 'web-policy-category-filter',
  /** `${categoryAction}-${category id}`: the focused category's action (?category=). */
  categoryAction: 'web-policy-category-action',
  /** `${riskAction}-${G|Y|R}` */
  riskAction: 'web-policy-risk-action',
  flash: 'web-policy-flash',
  /** `${ruleAdd}-${list}`: Add of a rule list (exceptions, bnb-pre, bnb-post, user-agents, sha256, ssl-bypass). */
  ruleAdd: 'web-policy-rule-add',
  /** `${ruleEdit}-${id}` etc.: a row's buttons. */
  ruleEdit: 'web-policy-rule-edit',
  ruleDelete: 'web-policy-rule-delete',
  ruleUp: 'web-policy-rule-up',
  ruleDown: 'web-policy-rule-down',
  ruleEnabled: 'web-policy-rule-enabled',
  /** The rule editor dialog and its fields. */
  ruleDialog: 'web-policy-rule-dialog',
  ruleName: 'web-policy-rule-name',
  ruleAction: 'web-policy-rule-action',
  ruleDomains: 'web-policy-rule-domains',
  /** The rule condition keys' fields: dest_ips, dest_ip_ranges, source_ips, entities. */
  ruleDestIps: 'web-policy-rule-dest-ips',
  ruleDestIpRanges: 'web-policy-rule-dest-ip-ranges',
  ruleSourceIps: 'web-policy-rule-source-ips',
  ruleEntities: 'web-policy-rule-entities',
  ruleCancel: 'web-policy-rule-cancel',
  bypassDomains: 'web-policy-bypass-domains',
  /** `${unsupported}-${pre|post}` */
  unsupported: 'web-policy-unsupported',
} as const;

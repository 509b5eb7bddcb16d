/**
 * data-testid values of the provider console's Rollouts page (provider-console/src/rollouts) and
 * its page object (wdio/pageobjects/rollouts.page.ts). Never rename one.
 */
export const rolloutIds = {
  page: 'rollouts-page',
  table: 'rollouts-table',
  search: 'rollouts-search',
  add: 'rollouts-new',
  /** `${rowLink}-${id}`: a rollout's name in the list, opens its detail. */
  rowLink: 'rollout-link',
  dialog: 'rollout-dialog',
  name: 'rollout-name',
  changeKind: 'rollout-change-kind',
  capabilityName: 'rollout-capability-name',
  capabilityValue: 'rollout-capability-value',
  capabilityRemove: 'rollout-capability-remove',
  skuAdd: 'rollout-sku-add',
  skuRemove: 'rollout-sku-remove',
  template: 'rollout-template',
  /** `${targetBy}-${tags|deployments|skus|tids}`: the target's choice. */
  targetBy: 'rollout-target-by',
  targetTags: 'rollout-target-tags',
  targetDeployments: 'rollout-target-deployments',
  targetSkus: 'rollout-target-skus',
  /** `${targetTenant}-${tid}`: a tenant's checkbox (by hand). */
  targetTenant: 'rollout-target-tenant',
  targetFilter: 'rollout-target-filter',
  targetCount: 'rollout-target-count',
  previewTable: 'rollout-preview-table',
  /** `${previewRow}-${tid}` */
  previewRow: 'rollout-preview-row',
  waveSize: 'rollout-wave-size',
  pauseSeconds: 'rollout-pause-seconds',
  back: 'rollout-back',
  next: 'rollout-next',
  /** Creates the rollout and starts it. */
  start: 'rollout-start',
  /** Creates it as a draft. */
  saveDraft: 'rollout-save-draft',
  stepError: 'rollout-step-error',
  detail: 'rollout-detail',
  detailState: 'rollout-detail-state',
  detailReason: 'rollout-detail-reason',
  progress: 'rollout-progress',
  /** `${wave}-${n}`: a wave's box. */
  wave: 'rollout-wave',
  /** `${tenantStatus}-${tid}` */
  tenantStatus: 'rollout-tenant-status',
  /** `${tenantReason}-${tid}` */
  tenantReason: 'rollout-tenant-reason',
  startDraft: 'rollout-detail-start',
  stop: 'rollout-stop',
  resume: 'rollout-resume',
  rollback: 'rollout-rollback',
  actionError: 'rollout-action-error',
  closeDetail: 'rollout-detail-close',
} as const;

/** The Change step's capability rows (several per rollout): row i > 0 suffixes `-${i}` to the ids above. */
export const rolloutCapabilityRowIds = {
  addRow: 'rollout-capability-add-row',
  /** The Preview step's sentence of the whole change. */
  previewChange: 'rollout-preview-change',
  /** `${removeRow}-${i}` */
  removeRow: 'rollout-capability-remove-row',
} as const;

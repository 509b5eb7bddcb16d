/**
 * data-testid values of the provider console's capability schema states: the Capability state
 * page (provider-console/src/capabilities) and the state chips and warnings shown where
 * capabilities are chosen. Never rename one.
 */
export const capabilityStateIds = {
  page: 'capability-state-page',
  /** `${stateFilter}`: the schema state select. */
  stateFilter: 'capability-state-filter',
  tenantFilter: 'capability-state-tenant',
  search: 'capability-state-search',
  /** `${row}-${capability}` */
  row: 'capability-state-row',
  /** `${count}-${capability}`: tenants it is in effect for. */
  count: 'capability-state-count',
  /** `${stateChip}-${state}` */
  stateChip: 'capability-schema-state',
  detail: 'capability-state-detail',
  /** `${detailTenant}-${tid}` */
  detailTenant: 'capability-state-tenant-row',
  /** A deprecated (or obsolete) capability's warning where it is being set. */
  warning: 'capability-state-warning',
  /** `${expired}-${capability}`: the tenant capabilities tab's expired mark. */
  expired: 'capability-expired',
  /** The capability picker (tenant capabilities tab, rollout change): `${option}-${capability}` an option. */
  option: 'capability-option',
  /** The tenant capabilities tab's picker input. */
  tenantPicker: 'capability-tenant-picker',
} as const;

/**
 * Tenant quota (docs/provider-console.md §11): each limit's use counted from the stores that hold
 * the counted things, the tenant's limits (the defaults until an operator sets them), and the
 * check a create runs before it stores one more (409 with quotaReachedMessage).
 */
import {
  DEFAULT_QUOTA_LIMITS,
  QUOTA_LIMIT_KEYS,
  quotaReachedMessage,
  type QuotaLimit,
  type QuotaLimits,
  type TenantQuota,
} from '@workbench/common/api/contract/providerQuota';
import { API_TOKEN_KINDS, type ApiTokenKind } from '@workbench/common/api/contract/apiTokens';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';

/** Where each tenant's limits are kept (one row per tenant an operator set limits for). */
export const TENANT_QUOTA_ENTITY = 'tenant_quota';

type Counter = (
  store: Pick<ConfigStore, 'users' | 'endUsers' | 'apiTokens' | 'roles' | 'scheduledReports'>,
  tid: string,
) => Promise<number>;

/** How each limit's use is counted: from the store the counted things are in, never a tally of our own. */
const COUNTERS: Record<QuotaLimit, Counter> = {
  administrators: (store, tid) => store.users.count(tid),
  users: (store, tid) => store.endUsers.count(tid),
  api_tokens: async (store, tid) => {
    let n = 0;
    for (const kind of Object.keys(API_TOKEN_KINDS) as ApiTokenKind[])
      n += (await store.apiTokens.list(tid, kind)).length;
    return n;
  },
  roles: async (store, tid) => (await store.roles.list(tid)).length,
  scheduled_reports: async (store, tid) => (await store.scheduledReports.list(tid)).length,
};

export async function quotaUseOf(store: ConfigStore, tid: string): Promise<QuotaLimits> {
  const use = {} as QuotaLimits;
  for (const k of QUOTA_LIMIT_KEYS) use[k] = await COUNTERS[k](store, tid);
  return use;
}

/** The tenant's limits: those an operator set, each missing one (a limit added since) at its default. */
export async function quotaLimitsOf(
  store: ConfigStore,
  tid: string,
): Promise<{ limits: QuotaLimits; custom: boolean }> {
  const row = await store.entities.get(TENANT_QUOTA_ENTITY, tid);
  const set = (row?.data.limits as Partial<QuotaLimits> | undefined) ?? {};
  return { limits: { ...DEFAULT_QUOTA_LIMITS, ...set }, custom: row !== null };
}

export async function tenantQuotaOf(store: ConfigStore, tenant: TenantRecord): Promise<TenantQuota> {
  const { limits, custom } = await quotaLimitsOf(store, tenant.tid);
  const use = await quotaUseOf(store, tenant.tid);
  return {
    tid: tenant.tid,
    name: tenant.name,
    limits,
    use,
    over: QUOTA_LIMIT_KEYS.filter((k) => use[k] > limits[k]),
    custom,
  };
}

/**
 * Refuses (409) a create of `adding` more of a limit's things that would take the tenant past it;
 * run by each create inside its transaction where it has one, before it stores anything.
 */
export async function checkQuota(
  store: ConfigStore,
  tid: string,
  limit: QuotaLimit,
  adding = 1,
): Promise<void> {
  const { limits } = await quotaLimitsOf(store, tid);
  const used = await COUNTERS[limit](store, tid);
  if (used + adding > limits[limit]) throw new ApiHttpError(409, quotaReachedMessage(limit, limits[limit]));
}

/**
 * How many more of a limit's things the tenant may add now (0 when it is full or past it), and the
 * refusal of one more: for a bulk create that takes rows while there is room and reports the rest.
 */
export async function quotaRoomOf(
  store: ConfigStore,
  tid: string,
  limit: QuotaLimit,
): Promise<{ room: number; refusal: string }> {
  const { limits } = await quotaLimitsOf(store, tid);
  return {
    room: Math.max(0, limits[limit] - (await COUNTERS[limit](store, tid))),
    refusal: quotaReachedMessage(limit, limits[limit]),
  };
}

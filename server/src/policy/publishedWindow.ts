/**
 * A revision history's time window (`from`, `to`) as the store compares it: the tenant's history
 * (policyRoutes.ts) and the provider's view of a tenant's (provider/tenantPolicyRoutes.ts) read
 * the same window with the same refusals.
 */
import { REVISIONS_WINDOW_ORDER_MSG } from '@workbench/common/api/contract/policy';
import { ALL_TIME, type PublishedWindow } from '../store/repositories/policy';
import { ApiHttpError } from '../http/errors';

/**
 * The window as the stored times are written (toISOString), so the store compares like with
 * like; an open end is all time on that side. The schema already refused a non-time.
 */
export function publishedWindowOf(q: { from?: string; to?: string }): PublishedWindow {
  const from = q.from === undefined ? ALL_TIME.from : new Date(q.from).toISOString();
  const to = q.to === undefined ? ALL_TIME.to : new Date(q.to).toISOString();
  if (q.from !== undefined && q.to !== undefined && to <= from)
    throw new ApiHttpError(400, REVISIONS_WINDOW_ORDER_MSG, 'to');
  return { from, to };
}

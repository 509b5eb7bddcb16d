/**
 * The rollouts list for common's entity feature: paged, sorted and searched on the server, newest
 * first. Creating goes through the New rollout dialog (a dry run first), not the entity feature.
 */
import type { EntitySource } from '@workbench/common';
import { listRollouts } from '@workbench/common/api/providerRollouts';
import { ROLLOUT_SORT_FIELDS } from '@workbench/common/api/contract/providerRolloutPaths';
import type { RolloutListQuery, RolloutSummary } from '@workbench/common/api/contract/providerRollouts';

export const rolloutsSource: EntitySource<RolloutSummary> = {
  name: 'rollouts',
  idOf: (r) => r.id,
  defaultQuery: { search: '', sort: 'created_at', order: 'desc', page: 0, pageSize: 25 },
  sortFields: ROLLOUT_SORT_FIELDS,
  async list(http, q) {
    const list = await listRollouts(http, {
      limit: q.pageSize,
      offset: q.page * q.pageSize,
      sort: q.sort as NonNullable<RolloutListQuery['sort']>,
      order: q.order,
      q: q.search || undefined,
    });
    return { rows: list.rollouts, total: list.total };
  },
};

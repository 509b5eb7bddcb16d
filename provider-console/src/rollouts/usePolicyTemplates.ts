/**
 * The policy templates a rollout picks from and names (docs/provider-console.md §9): the stored
 * templates, read through the entity feature; a template deleted since a rollout named it shows its id.
 */
import { useCallback } from 'react';
import { ENTITY_MAX_LIMIT, type PolicyTemplate } from '@workbench/common/api/contract/providerEntities';
import { useEntityRead } from '../app/consoleEntities';

const EVERY_TEMPLATE = { limit: ENTITY_MAX_LIMIT, offset: 0, sort: 'title', order: 'asc' } as const;

export function usePolicyTemplates(): {
  templates: readonly PolicyTemplate[] | null;
  error: string | null;
  titleOf(id: string): string;
} {
  const read = useEntityRead('listPolicyTemplates', [EVERY_TEMPLATE]);
  const templates = read.data?.rows ?? null;
  const titleOf = useCallback(
    (id: string) => templates?.find((t) => t.template_id === id)?.title ?? id,
    [templates],
  );
  return { templates, error: read.error?.message ?? null, titleOf };
}

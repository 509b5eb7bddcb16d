/**
 * The checks of provider entities that a schema cannot make (they read other rows): SKUs named by
 * an incompatibility or a group must exist; a pod's deployment must exist; a deployment that holds
 * tenants or pods, or is the default, is not deleted; and no tenant may hold two SKUs of one
 * incompatibility (docs/provider-console.md §4 SKU incompatibilities; issue 14: refused with 409 naming
 * both). Each refusal is an ApiHttpError naming the field; nothing is stored before they pass.
 */
import { Errors } from 'typebox/schema';
import { closedSchema } from '../http/bodyRules';
import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '@workbench/common/api/contract/policyKinds';
import {
  badTemplateDocumentMessage,
  templateInUseMessage,
  unknownTemplateKindMessage,
  type RolloutState,
} from '@workbench/common/api/contract/providerRolloutPaths';

const RUNNING: RolloutState = 'running';
import {
  deploymentInUseMessage,
  incompatibleSkusMessage,
  unknownDeploymentMessage,
  unknownSkusMessage,
} from '@workbench/common/api/contract/providerOps';
import type { ProviderEntity } from '@workbench/common/api/contract/providerEntities';
import { UNKNOWN_TENANTS } from '@workbench/common/api/contract/providerTenantPaths';
import {
  raPrefilterValueProblem,
  type RaPrefilterMatchType,
} from '@workbench/common/api/contract/raPrefilter';
import type { ConfigStore } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';
import { CATEGORIES_V1 } from '../policy/reference/webCategories';

/** Where a tenant's deployment is kept (one row per tenant moved off the default; see README). */
export const TENANT_DEPLOYMENT_ENTITY = 'tenant_deployments';
/** Provider-wide settings (the default deployment). */
export const PROVIDER_SETTINGS_ENTITY = 'provider_settings';
export const DEFAULT_DEPLOYMENT_ID = 'default_deployment';
/** Where rollouts are kept (rolloutRunner.ts); here so the template checks read them without a loop. */
export const ROLLOUT_ENTITY = 'rollouts';
/** Before an operator chooses one, the first deployment seeded is the default. */
export const FALLBACK_DEFAULT_DEPLOYMENT = 'us-east-1';

const ALL = { limit: 10_000, offset: 0, order: 'asc' as const, searchFields: [] };

async function unknownSkus(store: ConfigStore, skus: readonly string[]): Promise<string[]> {
  const unknown: string[] = [];
  for (const sku of skus) if (!(await store.entities.get('skus', sku))) unknown.push(sku);
  return unknown;
}

/**
 * Refuses (409, field `skus`) a set of SKUs of which two are named by one incompatibility; the
 * message names both and the incompatibility. The tenants' SKU assignment calls it before it
 * stores a tenant's SKUs.
 */
export async function checkSkuCompatibility(
  store: ConfigStore,
  skuIds: readonly string[],
  /** The request field the 409 names (`skus` of a group, `sku_ids` of a tenant). */
  field = 'skus',
): Promise<void> {
  const held = new Set(skuIds);
  const { records } = await store.entities.list('sku_incompatibilities', {
    ...ALL,
    sort: 'incompatibility_id',
  });
  for (const r of records) {
    const clash = (r.data.skus as string[]).filter((s) => held.has(s));
    if (clash.length >= 2)
      throw new ApiHttpError(409, incompatibleSkusMessage(clash[0], clash[1], r.id), field);
  }
}

export async function defaultDeploymentOf(store: ConfigStore): Promise<string> {
  const row = await store.entities.get(PROVIDER_SETTINGS_ENTITY, DEFAULT_DEPLOYMENT_ID);
  return typeof row?.data.default_deployment === 'string'
    ? row.data.default_deployment
    : FALLBACK_DEFAULT_DEPLOYMENT;
}

/** Every tenant's deployment: the one it was moved to, else the default. */
export async function tenantDeploymentsOf(store: ConfigStore): Promise<Map<string, string>> {
  const fallback = await defaultDeploymentOf(store);
  const moved = await store.entities.list(TENANT_DEPLOYMENT_ENTITY, { ...ALL, sort: 'tid' });
  const byTid = new Map(moved.records.map((r) => [r.id, String(r.data.deployment)]));
  const result = new Map<string, string>();
  for (const t of await store.tenants.list()) result.set(t.tid, byTid.get(t.tid) ?? fallback);
  return result;
}

export interface EntityChecks {
  /** Before a create or replace is stored: throws to refuse. */
  write?: (store: ConfigStore, data: Record<string, unknown>) => Promise<void>;
  /** Before a delete. */
  remove?: (store: ConfigStore, id: string) => Promise<void>;
  /**
   * The names of the ids a row refers to (providerEntities REFERENCE_NAMES): built once per
   * request, then asked per row; by field, each list parallel to the field's ids.
   */
  names?: (store: ConfigStore) => Promise<(data: Record<string, unknown>) => Record<string, string[]>>;
}

/** A tenant id by the tenant's name (the id itself for one that no longer exists). */
const tenantNamer = async (store: ConfigStore) => {
  const byTid = new Map((await store.tenants.list()).map((t) => [t.tid, t.name]));
  return (ids: unknown): string[] => ((ids as string[] | undefined) ?? []).map((t) => byTid.get(t) ?? t);
};
const CATEGORY_NAMES = new Map(CATEGORIES_V1.map((c) => [c.id, c.name]));
/** A category id by its name in the category tree (v1, the ids overrides store). */
export const categoryNameOf = (id: number): string => CATEGORY_NAMES.get(id) ?? `Unknown category ${id}`;

const skusExist = async (store: ConfigStore, data: Record<string, unknown>) => {
  const unknown = await unknownSkus(store, data.skus as string[]);
  if (unknown.length > 0) throw new ApiHttpError(400, unknownSkusMessage(unknown), 'skus');
};

/** Tenant groups and category overrides name tenants by id: each must exist (400 at `tenants`). */
const tenantsExist = async (store: ConfigStore, data: Record<string, unknown>) => {
  const known = new Set((await store.tenants.list()).map((t) => t.tid));
  const unknown = ((data.tenants as string[] | undefined) ?? []).filter((t) => !known.has(t));
  if (unknown.length > 0) throw new ApiHttpError(400, UNKNOWN_TENANTS(unknown), 'tenants');
};

/** A kind's document schema closed as a save's body is (strict bodies: http/bodyRules.ts). */
const closedKindSchemas = new Map<string, PolicyKindDef['data']>();
const closedKindSchema = (kind: string, def: PolicyKindDef): PolicyKindDef['data'] => {
  let closed = closedKindSchemas.get(kind);
  if (!closed) {
    closed = closedSchema(def.data, `the ${kind} document of a policy template`) as PolicyKindDef['data'];
    closedKindSchemas.set(kind, closed);
  }
  return closed;
};

/**
 * A policy template's documents, each checked against its policy kind's schema (400 at
 * `documents`, naming the kind): a bad template is refused when written, never met by a tenant.
 */
export function checkTemplateDocuments(documents: Record<string, unknown>): void {
  for (const [kind, data] of Object.entries(documents)) {
    const def = (POLICY_KIND_REGISTRY as Record<string, PolicyKindDef | undefined>)[kind];
    if (!def) throw new ApiHttpError(400, unknownTemplateKindMessage(kind), 'documents');
    const [valid, issues] = Errors(closedKindSchema(kind, def), data);
    if (!valid) {
      const first = issues[0];
      throw new ApiHttpError(
        400,
        badTemplateDocumentMessage(
          kind,
          first?.instancePath ?? '',
          first?.message ?? 'does not match its kind',
        ),
        'documents',
      );
    }
  }
}

/**
 * Running rollouts that publish a template (docs/provider-console.md §9): its next wave reads it.
 * A rollout at rest (a draft, stopped, paused or failed) does not hold it: when it runs again
 * without it, each tenant fails with "No such policy template".
 */
async function runningRolloutsOf(store: ConfigStore, id: string): Promise<string[]> {
  const { records } = await store.entities.list(ROLLOUT_ENTITY, { ...ALL, sort: 'created_at' });
  return records
    .filter((r) => {
      const change = r.data.change as { kind?: string; template?: string } | undefined;
      return change?.kind === 'policy_template' && change.template === id && r.data.state === RUNNING;
    })
    .map((r) => String(r.data.name ?? r.id));
}

export const ENTITY_CHECKS: Partial<Record<ProviderEntity, EntityChecks>> = {
  templates: {
    // The schema has made documents an object of kind names before this runs.
    write: async (_store, data) => checkTemplateDocuments(data.documents as Record<string, unknown>),
    async remove(store, id) {
      const rollouts = await runningRolloutsOf(store, id);
      if (rollouts.length > 0) throw new ApiHttpError(409, templateInUseMessage(id, rollouts));
    },
  },
  tenant_groups: {
    write: tenantsExist,
    async names(store) {
      const tenants = await tenantNamer(store);
      return (data) => ({ tenants: tenants(data.tenants) });
    },
  },
  category_overrides: {
    write: tenantsExist,
    async names(store) {
      const tenants = await tenantNamer(store);
      return (data) => ({
        tenants: tenants(data.tenants),
        category_ids: ((data.category_ids as number[] | undefined) ?? []).map(categoryNameOf),
      });
    },
  },
  ra_prefilter: {
    async write(store, data) {
      const problem = raPrefilterValueProblem(data.match_type as RaPrefilterMatchType, String(data.value));
      if (problem) throw new ApiHttpError(400, problem, 'value');
      await tenantsExist(store, data);
    },
    async names(store) {
      const tenants = await tenantNamer(store);
      return (data) => ({ tenants: tenants(data.tenants) });
    },
  },
  sku_incompatibilities: { write: skusExist },
  feature_sku_groups: { write: skusExist },
  pods: {
    async write(store, data) {
      const deployment = String(data.deployment);
      if (!(await store.entities.get('deployments', deployment)))
        throw new ApiHttpError(400, unknownDeploymentMessage(deployment), 'deployment');
    },
  },
  deployments: {
    async remove(store, id) {
      if ((await defaultDeploymentOf(store)) === id)
        throw new ApiHttpError(409, deploymentInUseMessage(id, 'it is the default deployment'));
      const tenants = [...(await tenantDeploymentsOf(store)).values()].filter((d) => d === id).length;
      if (tenants > 0)
        throw new ApiHttpError(
          409,
          deploymentInUseMessage(id, `${tenants} tenant${tenants === 1 ? ' is' : 's are'} on it`),
        );
      const pods = await store.entities.list('pods', {
        ...ALL,
        sort: 'pod_id',
        q: id,
        searchFields: ['deployment'],
      });
      if (pods.records.some((p) => p.data.deployment === id))
        throw new ApiHttpError(409, deploymentInUseMessage(id, 'pods belong to it'));
    },
  },
};

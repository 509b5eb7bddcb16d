/**
 * What a rollout does to one tenant (providerRollouts.ts): preview (the difference, and what would
 * stop it), apply (the change, answering the difference it made with the before-values kept for
 * a rollback), and roll back (restore those before-values). The same three serve the waves, the
 * rolloutinit and tenantpolicyinit commands and the dry run, so a preview shows exactly what a
 * wave would do.
 *
 * - Capabilities: as PATCH and DELETE capabilities (tenantRoutes.ts) would change them.
 * - SKUs: the tenant's SKU list with the added ones and without the removed ones, refused (the
 *   tenant fails with the message) when two of the result are incompatible, as PUT skus is.
 * - Policy template: the template's documents staged into the tenant's next revision and published
 *   (docs/policy.md §2), refused while the tenant has unpublished changes of its own (they would be
 *   published with it).
 * A disabled tenant is not changed ("The tenant is disabled."): the demo's natural failure.
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import type { ProviderEntity } from '@workbench/common/api/contract/providerEntities';
import {
  POLICY_STAGED_REASON,
  TENANT_DISABLED_REASON,
  TENANT_GONE_REASON,
  unknownTemplateMessage,
  type RolloutChange,
  type RolloutDiffItem,
} from '@workbench/common/api/contract/providerRollouts';
import type { ConfigStore, TenantRecord } from '../store/ConfigStore';
import { ApiHttpError } from '../http/errors';
import { nextUpdatedAt, readPolicyDoc } from '../policy/revisionStaging';
import { publishRevision } from '../policy/publishRevision';
import { capabilityChanges } from './tenantRouteKit';
import { checkSkuCompatibility, checkTemplateDocuments } from './entityChecks';

/** The policy templates' registry row: its key is where they are kept. */
const TEMPLATE_ENTITY: ProviderEntity = 'templates';

const SKUS_DOC = 'tenant_skus';

/** A tenant the change cannot be applied to, with the reason shown beside it. */
export class TenantChangeError extends Error {}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function skusOf(store: ConfigStore, tid: string): Promise<string[]> {
  const doc = await store.entities.get(SKUS_DOC, tid);
  return Array.isArray(doc?.data.sku_ids) ? (doc.data.sku_ids as string[]) : [];
}
async function writeSkus(store: ConfigStore, tid: string, skuIds: string[], at: string): Promise<void> {
  const existing = await store.entities.get(SKUS_DOC, tid);
  if (existing) await store.entities.update({ ...existing, data: { sku_ids: skuIds }, updatedAt: at });
  else
    await store.entities.insert({
      entity: SKUS_DOC,
      id: tid,
      data: { sku_ids: skuIds },
      createdAt: at,
      updatedAt: at,
    });
}

/**
 * The stored template's documents (docs/provider-console.md §9), checked again against their policy
 * kinds (a kind's schema may have moved since the template was written): a bad template never
 * reaches a tenant. An unknown template is 400 at `template`.
 */
export async function templateDocuments(store: ConfigStore, id: string): Promise<[PolicyKind, unknown][]> {
  const row = await store.entities.get(TEMPLATE_ENTITY, id);
  if (!row) throw new ApiHttpError(400, unknownTemplateMessage(id), 'template');
  const documents = row.data.documents as Record<string, unknown>;
  checkTemplateDocuments(documents);
  return Object.entries(documents) as [PolicyKind, unknown][];
}

/** What the change would make different on the tenant (nothing is written). */
export async function diffOf(
  store: ConfigStore,
  change: RolloutChange,
  t: TenantRecord,
): Promise<RolloutDiffItem[]> {
  switch (change.kind) {
    case 'capabilities': {
      const after = Object.fromEntries(
        Object.entries({ ...t.capabilities, ...change.set }).filter(([k]) => !change.remove.includes(k)),
      );
      return capabilityChanges(t.capabilities, after).map((c) => ({
        item: c.capability,
        before: c.before,
        after: c.after,
      }));
    }
    case 'skus': {
      const before = await skusOf(store, t.tid);
      const after = [...before, ...change.add.filter((s) => !before.includes(s))].filter(
        (s) => !change.remove.includes(s),
      );
      return same(before, after) ? [] : [{ item: 'sku_ids', before, after }];
    }
    case 'policy_template': {
      const r = await store.revisions.get(t.tid);
      const items: RolloutDiffItem[] = [];
      // A template deleted or broken since the rollout began fails the tenant with the reason.
      const documents = await templateDocuments(store, change.template).catch((e: unknown) => {
        throw e instanceof ApiHttpError ? new TenantChangeError(e.message) : e;
      });
      for (const [kind, data] of documents) {
        const before = await readPolicyDoc(store, t.tid, kind, r?.revId ?? 1);
        if (!same(before, data)) items.push({ item: kind, before, after: data });
      }
      return items;
    }
  }
}

/** Why the change cannot be applied to the tenant now, or null. */
export async function problemOf(
  store: ConfigStore,
  change: RolloutChange,
  t: TenantRecord,
  diff: RolloutDiffItem[],
): Promise<string | null> {
  if (t.status === 'disabled') return TENANT_DISABLED_REASON;
  if (change.kind === 'policy_template' && (await store.revisions.get(t.tid))?.state === 'staged')
    return POLICY_STAGED_REASON;
  if (change.kind === 'skus' && diff.length > 0) {
    try {
      await checkSkuCompatibility(store, diff[0].after as string[], 'sku_ids');
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }
  return null;
}

/** Publishes `docs` as the tenant's next revision (staged and published in one transaction). */
async function publishDocs(
  store: ConfigStore,
  tid: string,
  docs: [string, unknown][],
  at: Date,
  by: string,
  note: string,
): Promise<number> {
  return store.transaction(async (tx) => {
    const current = await tx.revisions.get(tid);
    if (!current) throw new TenantChangeError(TENANT_GONE_REASON);
    if (current.state === 'staged') throw new TenantChangeError(POLICY_STAGED_REASON);
    const revId = current.revId + 1;
    for (const [kind, data] of docs) await tx.policyDocs.put({ tid, kind, revId, data });
    // The publish path every publish takes (history and state agree); the provider trail audits it.
    await publishRevision(tx, {
      tid,
      revId,
      at: nextUpdatedAt(at, current.updatedAt),
      by,
      comment: note,
      rolledBackFrom: null,
    });
    return revId;
  });
}

/**
 * Applies the change to the tenant; answers what it made different (before and after). Throws
 * TenantChangeError with the reason when it cannot.
 */
export async function applyChange(
  store: ConfigStore,
  change: RolloutChange,
  tid: string,
  at: Date,
  by: string,
  note: string,
): Promise<RolloutDiffItem[]> {
  const t = await store.tenants.get(tid);
  if (!t) throw new TenantChangeError(TENANT_GONE_REASON);
  const diff = await diffOf(store, change, t);
  const problem = await problemOf(store, change, t, diff);
  if (problem) throw new TenantChangeError(problem);
  if (diff.length === 0) return diff;
  switch (change.kind) {
    case 'capabilities': {
      const caps = { ...t.capabilities };
      for (const d of diff) {
        if (d.after === null) delete caps[d.item];
        else caps[d.item] = d.after;
      }
      await store.tenants.update(tid, { capabilities: caps });
      break;
    }
    case 'skus':
      await writeSkus(store, tid, diff[0].after as string[], at.toISOString());
      break;
    case 'policy_template':
      await publishDocs(
        store,
        tid,
        diff.map((d) => [d.item, d.after]),
        at,
        by,
        note,
      );
      break;
  }
  return diff;
}

/** Restores the before-values an application recorded. Throws TenantChangeError when it cannot. */
export async function rollBackChange(
  store: ConfigStore,
  change: RolloutChange,
  tid: string,
  diff: RolloutDiffItem[],
  at: Date,
  by: string,
  note: string,
): Promise<void> {
  const t = await store.tenants.get(tid);
  if (!t) throw new TenantChangeError(TENANT_GONE_REASON);
  if (diff.length === 0) return;
  switch (change.kind) {
    case 'capabilities': {
      const caps = { ...t.capabilities };
      for (const d of diff) {
        if (d.before === null) delete caps[d.item];
        else caps[d.item] = d.before;
      }
      await store.tenants.update(tid, { capabilities: caps });
      break;
    }
    case 'skus':
      await writeSkus(store, tid, diff[0].before as string[], at.toISOString());
      break;
    case 'policy_template':
      await publishDocs(
        store,
        tid,
        diff.map((d) => [d.item, d.before]),
        at,
        by,
        note,
      );
      break;
  }
}

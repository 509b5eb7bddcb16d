/**
 * The terms of service of a tenant (docs/terms.md): the provider's EULA (the console's tenant
 * document `tos`) and who of the tenant's administrators accepted which version, when. Both live
 * in the config store's entities under the tenant's id, so the pending-step check reads them in
 * one query on every request (a new version asks again at the next call, on every server).
 */
import {
  TERMS_DEFAULTS,
  termsDue,
  type Terms,
  type TermsAcceptance,
} from '@workbench/common/api/contract/terms';
import type { ConfigStore } from '../store/ConfigStore';
import { docEntity } from '../provider/tenantRouteKit';
import { updatedAtAfter } from '../store/repositories/entities';

export const TERMS_ENTITY = docEntity('tos');
/** One row per tenant: each administrator's acceptance by uid. */
export const TERMS_ACCEPTANCES_ENTITY = 'tenant_tos_acceptances';

type Acceptances = Record<string, TermsAcceptance>;

export interface TermsState {
  terms: Terms;
  accepted: TermsAcceptance | null;
}

/** The tenant's EULA and the account's acceptance, in one query. */
export async function termsStateOf(store: ConfigStore, tid: string, uid: string): Promise<TermsState> {
  const [terms, acceptances] = await store.entities.getTwo([TERMS_ENTITY, TERMS_ACCEPTANCES_ENTITY], tid);
  return {
    terms: { ...TERMS_DEFAULTS, ...(terms?.data as Partial<Terms> | undefined) },
    accepted: (acceptances?.data as Acceptances | undefined)?.[uid] ?? null,
  };
}

export async function termsDueFor(store: ConfigStore, tid: string, uid: string): Promise<boolean> {
  const { terms, accepted } = await termsStateOf(store, tid, uid);
  return termsDue(terms, accepted);
}

/** Records the account's acceptance (compare-and-set: two administrators accepting at once both land). */
export async function recordAcceptance(
  store: ConfigStore,
  tid: string,
  uid: string,
  acceptance: TermsAcceptance,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await store.entities.get(TERMS_ACCEPTANCES_ENTITY, tid);
    const at = acceptance.accepted_at;
    if (!existing) {
      const inserted = await store.entities.insert({
        entity: TERMS_ACCEPTANCES_ENTITY,
        id: tid,
        data: { [uid]: acceptance },
        createdAt: at,
        updatedAt: at,
      });
      if (inserted) return;
      continue;
    }
    const data = { ...(existing.data as Acceptances), [uid]: acceptance };
    const updatedAt = updatedAtAfter(new Date(at), existing.updatedAt);
    if (await store.entities.update({ ...existing, data, updatedAt }, existing.updatedAt)) return;
  }
  throw new Error('The acceptance could not be recorded: other writes kept changing it.');
}

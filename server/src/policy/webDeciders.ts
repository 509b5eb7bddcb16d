/**
 * The tenants' published web policies as deciders of the demo web events (issue 12: "the demo
 * generator's web events carry the id of the rule that decided them, from the tenant's published
 * web policy, so a log row links to its rule").
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore } from '../store/ConfigStore';
import type { GeneratorTenant, WebDecider, WebRequestFacts } from '../seed/eventGenerator';
import { readPolicyDoc } from './revisionStaging';
import { decideWebRequest, type DecisionNames, type WebPolicy, type WebRequest } from './webPolicyDecision';
import { CATEGORIES_V1 } from './reference/webCategories';
import { CATEGORIES_V2 } from './reference/webCategoriesV2';
import { categoryIdOfCode } from './reference/siteCategories';
import { CATEGORY_VERSION_DOC, readVersion } from './policyMigrations';
import { policyOptionOf } from '@workbench/common/api/contract/policyOptions';

const NAMES_V1 = new Map(CATEGORIES_V1.map((c) => [c.id, c.name]));
const NAMES_V2 = new Map(CATEGORIES_V2.map((c) => [c.id, c.name]));

/**
 * Categories by the names of the tree a revision's documents are written in (category version 1
 * or 2, PUT /category_migration): what a person reads in a deciding rule's name.
 */
export const categoryDecisionNames = (categoryVersion: number): DecisionNames => {
  const names = categoryVersion >= 2 ? NAMES_V2 : NAMES_V1;
  return { category: (id) => names.get(id) };
};

/** The category version revision `rev` of the tenant is written in. */
export const categoryVersionAt = (store: ConfigStore, tid: string, rev: number): Promise<number> =>
  readVersion(store, tid, CATEGORY_VERSION_DOC, rev);

/** The web policy as revision `rev` of the tenant sees it. */
export async function webPolicyAt(store: ConfigStore, tid: string, rev: number): Promise<WebPolicy> {
  const read = (kind: PolicyKind) => readPolicyDoc(store, tid, kind, rev) as Promise<never>;
  return {
    risks: await read('risks'),
    cats: await read('cats'),
    exceptions: await read('web/exceptions'),
    bnb: await read('bnb'),
    userAgents: await read('web/user_agents'),
  };
}

/**
 * What a web event says of its request, for the decision: its category code as an id of
 * `categoryVersion`'s tree (the demo generator's decisions and the impact preview read events alike);
 * `url`: the event's URL parsed already.
 */
export const webRequestOf = (facts: WebRequestFacts, categoryVersion: number, url?: URL): WebRequest => ({
  url: url ?? new URL(facts.url),
  // An event without a user, agent or address knows none (an empty text is not a value).
  user: facts.userid || undefined,
  groups: facts.groups ? [facts.groups] : [],
  categoryId: categoryIdOfCode(facts.category, categoryVersion),
  risk: facts.risk,
  time: new Date(facts.time),
  userAgent: facts.user_agent || undefined,
  sourceIp: facts.src_ip || undefined,
});

/**
 * A decider over the tenant's published web policy (written in `categoryVersion`'s category ids):
 * the rule's action, name and `<option>:<key>`.
 */
export function webDeciderOf(policy: WebPolicy, categoryVersion = 1): WebDecider {
  const names = categoryDecisionNames(categoryVersion);
  return (facts) => {
    const decision = decideWebRequest(policy, webRequestOf(facts, categoryVersion), names);
    if (!decision.rule) return null;
    return {
      action: decision.action,
      ruleName: decision.rule.name,
      // By the policy option the rule belongs to (docs/logs.md §7).
      policyRule: `${policyOptionOf(decision.rule.kind, decision.rule.key) ?? decision.rule.kind}:${decision.rule.key ?? ''}`,
    };
  };
}

/** The generator's tenants, each deciding its web events with its published web policy. */
export async function withWebDeciders(
  store: ConfigStore,
  tenants: readonly GeneratorTenant[],
): Promise<GeneratorTenant[]> {
  return Promise.all(
    tenants.map(async (t) => {
      const revision = await store.revisions.get(t.tid);
      if (!revision) return t;
      const policy = await webPolicyAt(store, t.tid, revision.revId);
      const version = await categoryVersionAt(store, t.tid, revision.revId);
      return { ...t, decideWeb: webDeciderOf(policy, version) };
    }),
  );
}

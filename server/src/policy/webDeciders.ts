/**
 * The tenants' published web policies as deciders of the demo web events (issue 12: "the demo
 * generator's web events carry the id of the rule that decided them, from the tenant's published
 * web policy, so a log row links to its rule").
 */
import type { PolicyKind } from '@workbench/common/api/contract/policyKinds';
import type { ConfigStore } from '../store/ConfigStore';
import type { GeneratorTenant, WebDecider } from '../seed/eventGenerator';
import { readPolicyDoc } from './revisionStaging';
import { decideWebRequest, type DecisionNames, type WebPolicy } from './webPolicyDecision';
import { CATEGORIES_V1 } from './reference/webCategories';
import { LOG_CATEGORY_IDS } from './reference/logCategories';

const CATEGORY_NAMES = new Map(CATEGORIES_V1.map((c) => [c.id, c.name]));
/** Categories by their v1 tree's names (what a person reads in a rule's name). */
export const CATEGORY_DECISION_NAMES: DecisionNames = { category: (id) => CATEGORY_NAMES.get(id) };

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

/** A decider over the tenant's published web policy: the rule's action, name and `<kind>:<key>`. */
export function webDeciderOf(policy: WebPolicy): WebDecider {
  return (facts) => {
    const decision = decideWebRequest(
      policy,
      {
        url: new URL(facts.url),
        user: facts.userid,
        groups: facts.groups ? [facts.groups] : [],
        categoryId: LOG_CATEGORY_IDS[facts.category],
        risk: facts.risk,
        time: new Date(facts.time),
        userAgent: facts.user_agent,
        sourceIp: facts.src_ip,
      },
      CATEGORY_DECISION_NAMES,
    );
    if (!decision.rule) return null;
    return {
      action: decision.action,
      ruleName: decision.rule.name,
      policyRule: `${decision.rule.kind}:${decision.rule.key ?? ''}`,
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
      const revision = await store.getRevision(t.tid);
      if (!revision) return t;
      return { ...t, decideWeb: webDeciderOf(await webPolicyAt(store, t.tid, revision.revId)) };
    }),
  );
}

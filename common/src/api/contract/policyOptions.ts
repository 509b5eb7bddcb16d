/**
 * The web policy's options (docs/policy.md §5; docs/logs.md §7): the parts of the web policy a
 * decision can come from, as the logs name them (access_mode, bnb, browser_and_version, cats,
 * domain, exceptions, sha256, top_level_risks, user-agent, webroot_cats, cats_v2), each with the
 * policy kind its rules are edited in. A web log row names its deciding rule as
 * `<option>:<key>` (the policy_rule field), which the logs' details drawer opens in that kind's
 * editor; and "policy by option", `/api/policy/v{1|3}/rules/{categories|risks|bnb|exceptions}/{id}`,
 * reads and saves the document of an option's kind at revision {id}.
 */
import { POLICY_KIND_REGISTRY, type PolicyKind } from './policyKinds';

/** The option paths of "policy by option" and the kind each reads and saves. */
export const POLICY_BY_OPTION = {
  categories: 'cats',
  risks: 'risks',
  bnb: 'bnb',
  exceptions: 'web/exceptions',
} as const satisfies Record<string, PolicyKind>;
export type PolicyByOption = keyof typeof POLICY_BY_OPTION;

export interface PolicyOptionDef {
  label: string;
  /** The kind whose editor holds the option's rules; null: no rule list (the access mode). */
  kind: PolicyKind | null;
}

export const POLICY_OPTION_REGISTRY = {
  access_mode: { label: 'Access mode', kind: null },
  bnb: { label: 'Browsers and applications', kind: 'bnb' },
  browser_and_version: { label: 'Browser and version', kind: 'bnb' },
  cats: { label: 'Categories', kind: 'cats' },
  domain: { label: 'Domain (SSL and inspection bypass)', kind: 'web/exceptions' },
  exceptions: { label: 'Domain rules and exceptions', kind: 'web/exceptions' },
  sha256: { label: 'SHA-256', kind: 'web/sha256' },
  top_level_risks: { label: 'Risk levels', kind: 'risks' },
  'user-agent': { label: 'User agents', kind: 'web/user_agents' },
  webroot_cats: { label: 'Webroot categories', kind: 'cats' },
  cats_v2: { label: 'Categories (v2)', kind: 'cats' },
} as const satisfies Record<string, PolicyOptionDef>;
export type PolicyOption = keyof typeof POLICY_OPTION_REGISTRY;
export const POLICY_OPTIONS = Object.keys(POLICY_OPTION_REGISTRY) as PolicyOption[];

/** The routes of "policy by option" besides the kinds' own paths: each path with `{rev}`, and its kind. */
export const POLICY_BY_OPTION_ROUTES: ReadonlyArray<{
  path: string;
  option: PolicyByOption;
  kind: PolicyKind;
}> = (['v1', 'v3'] as const)
  .flatMap((version) =>
    (Object.keys(POLICY_BY_OPTION) as PolicyByOption[]).map((option) => ({
      path: `/api/policy/${version}/rules/${option}/{rev}`,
      option,
      kind: POLICY_BY_OPTION[option],
    })),
  )
  .filter((route) => route.path !== POLICY_KIND_REGISTRY[route.kind].path);

/**
 * The option a decision of `kind` names in a log row: the bypass list of web/exceptions decides as
 * `domain` (its key is a domain, not a rule id); the category and risk-level tables as cats and
 * top_level_risks.
 */
export function policyOptionOf(kind: string, key: string | undefined): PolicyOption | null {
  if (kind === 'web/exceptions')
    return key !== undefined && !/^[A-Za-z0-9_-]+$/.test(key) ? 'domain' : 'exceptions';
  if (kind === 'risks') return 'top_level_risks';
  if (kind === 'web/user_agents') return 'user-agent';
  const named = POLICY_OPTIONS.find((o) => POLICY_OPTION_REGISTRY[o].kind === kind);
  return named ?? null;
}

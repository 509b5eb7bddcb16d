/**
 * Egress headers (docs/sessions.md §6 egress, docs/policy.md §3 GET and PUT /egress_policy/rules/{rev}, body
 * egress_policy; GET /egress_policy/header_blocklist). The spec names the document and its body
 * field; what it holds is what a gateway's header insertion keeps (as Zscaler's or Cloudflare's
 * tenant-restriction headers): rules that insert or remove request headers on the way out, for
 * whom and where (every enabled match applies, in order, so a later insert wins).
 */
import { Type } from 'typebox';
import { RULES_MAX, closed, firstIssue, kind, oneOf, type KindCheckIssue } from './kindDef';
import { scopedRule } from './ruleParts';
import { checkWebRules } from './webKinds';

export const HEADER_ACTIONS = ['insert', 'remove'] as const;

/**
 * Headers no rule may insert or remove: they frame the request itself (RFC 9110 connection and
 * message framing fields) or carry the user's credentials.
 */
export const EGRESS_HEADER_BLOCKLIST = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
  'proxy-authorization',
  'authorization',
  'cookie',
] as const;

/** Most header changes in one rule, and the longest inserted value. */
export const EGRESS_HEADERS_MAX = 50;
export const HEADER_VALUE_MAX_LENGTH = 4096;

const HeaderChange = Type.Object(
  {
    /** An HTTP field name (RFC 9110 token). */
    name: Type.String({ pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,128}$" }),
    action: oneOf(HEADER_ACTIONS),
    /** The inserted value (insert only). */
    value: Type.Optional(
      Type.String({ minLength: 1, maxLength: HEADER_VALUE_MAX_LENGTH, pattern: '^[\\x20-\\x7E\\t]*$' }),
    ),
  },
  closed,
);

const EgressRule = scopedRule({
  headers: Type.Array(HeaderChange, { minItems: 1, maxItems: EGRESS_HEADERS_MAX }),
});

const checkHeaders = (
  rules: ReadonlyArray<{ headers: Array<{ name: string; action: string; value?: string }> }>,
): KindCheckIssue | null => {
  for (const [i, rule] of rules.entries())
    for (const [j, h] of rule.headers.entries()) {
      const at = `data.egress_policy.rules.${i}.headers.${j}`;
      if ((EGRESS_HEADER_BLOCKLIST as readonly string[]).includes(h.name.toLowerCase()))
        return { field: `${at}.name`, message: `${at}.name: ${h.name} may not be changed.` };
      if ((h.action === 'insert') !== (h.value !== undefined))
        return { field: `${at}.value`, message: `${at}.value is given to insert a header, and only then.` };
    }
  return null;
};

export const EGRESS_KINDS = {
  egress_policy: kind({
    path: '/api/policy/v1/egress_policy/rules/{rev}',
    group: 'egress_policy',
    title: 'Egress headers',
    data: Type.Object(
      {
        egress_policy: Type.Object({ rules: Type.Array(EgressRule, { maxItems: RULES_MAX }) }, closed),
      },
      closed,
    ),
    defaults: { egress_policy: { rules: [] } },
    scope: 'policy',
    keyedLists: { 'egress_policy.rules': 'id' },
    orderedLists: ['egress_policy.rules'],
    check: (data) =>
      firstIssue(
        () => checkWebRules(data.egress_policy.rules, 'data.egress_policy.rules'),
        () => checkHeaders(data.egress_policy.rules),
      ),
    spec: 'docs/policy.md §3 Policy (GET and PUT /egress_policy/rules/{rev}, body egress_policy)',
  }),
};

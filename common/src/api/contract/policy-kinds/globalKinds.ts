/**
 * Global rules (docs/policy.md §3 Policy revision: global exceptions' pre and post lists,
 * parent global exceptions' pre and post, global bnb's unsupported_or_non_browsers in pre and
 * post; docs/http-client.md §5: reading parent global exceptions or the global bnb rules tolerates 403 and 404; docs/policy.md §5
 * GET and PUT /api/policy/v1/rules/{web/global_exceptions|inspection/global_exceptions|
 * global_bnb}/{rev}, GET /rules/{inspection/parent_global_exceptions|web/parent_global_exceptions|
 * parent_global_bnb}/).
 *
 * A tenant's global rules wrap its policy's own: `pre` is checked before the policy's rules,
 * `post` after them (first enabled match decides). A parent tenant's global rules (multi-tenant
 * association) wrap a child's in turn; children read them and cannot change them: while the
 * association is active, a child's parent document is the parent's own global document as the
 * parent last published it, and its empty defaults otherwise (docs/policy.md §11).
 */
import { Type, type TSchema } from 'typebox';
import { RULES_MAX, closed, firstDuplicate, firstIssue, kind, type PolicyKindDef } from './kindDef';
import { InspectionException } from './inspectionKinds';
import { Reordering } from './ruleParts';
import { BnbStage, WebRule, checkWebRules } from './webKinds';

const PrePost = <R extends TSchema>(rule: R) =>
  Type.Object(
    {
      pre: Type.Array(rule, { maxItems: RULES_MAX }),
      post: Type.Array(rule, { maxItems: RULES_MAX }),
      reorderingEvents: Reordering,
    },
    closed,
  );

const WebPrePost = PrePost(WebRule);
const InspectionPrePost = PrePost(InspectionException);
const BnbPrePost = Type.Object({ pre: BnbStage, post: BnbStage }, closed);

const EMPTY_PRE_POST = { pre: [], post: [] };
const EMPTY_BNB = {
  pre: { list: [], unsupported_or_non_browsers: 'allow' as const },
  post: { list: [], unsupported_or_non_browsers: 'allow' as const },
};

type RuleLike = Parameters<typeof checkWebRules>[0][number];
const checkPrePost = (data: { pre: readonly RuleLike[]; post: readonly RuleLike[] }) =>
  firstIssue(
    () => checkWebRules(data.pre, 'data.pre'),
    () => checkWebRules(data.post, 'data.post'),
  );
const checkBnb = (data: { pre: { list: Array<{ id: string }> }; post: { list: Array<{ id: string }> } }) =>
  firstIssue(
    () => firstDuplicate(data.pre.list, 'data.pre.list', 'id'),
    () => firstDuplicate(data.post.list, 'data.post.list', 'id'),
  );

/** A parent tenant's document: read-only, at the staged revision (no {rev}), tolerant reads. */
const parent = <S extends TSchema>(
  path: string,
  of: string,
  global: PolicyKindDef<S>,
  title: string,
  spec: string,
): PolicyKindDef<S> => ({
  path,
  group: global.group,
  readOnly: true,
  parentOf: of,
  title,
  data: global.data,
  defaults: global.defaults,
  scope: 'policy',
  keyedLists: global.keyedLists,
  spec,
});

const webGlobal = kind({
  path: '/api/policy/v1/rules/web/global_exceptions/{rev}',
  group: 'web_policy',
  edit: 'exceptions',
  title: 'Global web exceptions',
  data: WebPrePost,
  defaults: EMPTY_PRE_POST,
  scope: 'policy',
  keyedLists: { pre: 'id', post: 'id' },
  orderedLists: ['pre', 'post'],
  check: checkPrePost,
  spec: 'docs/policy.md §3 Policy revision (global exceptions: pre and post), §5 (rules/web/global_exceptions/{rev})',
});

const inspectionGlobal = kind({
  path: '/api/policy/v1/rules/inspection/global_exceptions/{rev}',
  group: 'content_inspection',
  title: 'Global inspection exceptions',
  data: InspectionPrePost,
  defaults: EMPTY_PRE_POST,
  scope: 'policy',
  keyedLists: { pre: 'id', post: 'id' },
  orderedLists: ['pre', 'post'],
  check: checkPrePost,
  spec: 'docs/policy.md §3 Policy revision (global exceptions: pre and post), §7 (rules/inspection/global_exceptions/{rev})',
});

const bnbGlobal = kind({
  path: '/api/policy/v1/rules/global_bnb/{rev}',
  group: 'web_policy',
  edit: 'bnb',
  title: 'Global browsers and applications',
  data: BnbPrePost,
  defaults: EMPTY_BNB,
  scope: 'policy',
  keyedLists: { 'pre.list': 'id', 'post.list': 'id' },
  orderedLists: ['pre.list', 'post.list'],
  check: checkBnb,
  spec: 'docs/policy.md §3 Policy revision (global bnb: unsupported_or_non_browsers in pre and post), §5 (rules/global_bnb/{rev})',
});

export const GLOBAL_KINDS = {
  'web/global_exceptions': webGlobal,
  'inspection/global_exceptions': inspectionGlobal,
  global_bnb: bnbGlobal,
  'web/parent_global_exceptions': parent(
    '/api/policy/v1/rules/web/parent_global_exceptions/',
    'web/global_exceptions',
    webGlobal,
    "Parent tenant's global web exceptions",
    'docs/policy.md §3 Policy revision (parent global exceptions: pre and post), docs/http-client.md §5, docs/policy.md §5 (rules/web/parent_global_exceptions/)',
  ),
  'inspection/parent_global_exceptions': parent(
    '/api/policy/v1/rules/inspection/parent_global_exceptions/',
    'inspection/global_exceptions',
    inspectionGlobal,
    "Parent tenant's global inspection exceptions",
    'docs/policy.md §3 Policy revision (parent global exceptions: pre and post), docs/http-client.md §5, docs/policy.md §7 (rules/inspection/parent_global_exceptions/)',
  ),
  parent_global_bnb: parent(
    '/api/policy/v1/rules/parent_global_bnb/',
    'global_bnb',
    bnbGlobal,
    "Parent tenant's global browsers and applications",
    'docs/policy.md §3 Policy revision (global bnb), docs/http-client.md §5, docs/policy.md §5 (rules/parent_global_bnb/)',
  ),
};

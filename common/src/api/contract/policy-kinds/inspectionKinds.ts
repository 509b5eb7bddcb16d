/**
 * Content inspection (docs/access.md §5 contentInspection flag, inspection action and type
 * vocabularies; docs/policy.md §3 Policy revision: exception rules list, bypass,
 * reorderingEvents; contentInspection; runtimeAnalysis; docs/policy.md §7 GET and PUT
 * /api/policy/v3/rules/{inspection/exceptions|inspection|content|runtime_analysis}/{rev} and
 * /api/policy/v4/rules/{docs|content}/{rev}).
 *
 * The spec names the documents and their top fields; what they hold is what a gateway's file
 * inspection keeps (as Zscaler's sandbox and file-type control or Cloudflare's file scanning):
 * what is scanned and how long one waits for a verdict, exceptions that settle a verdict up
 * front, rules per file type (v3: by extension; v4: by the content types of
 * /api/policy/v4/content_types) and how documents open in isolation, and the runtime
 * (sandbox) analysis' sensitivity.
 */
import { Type } from 'typebox';
import { INSPECTION_ACTIONS, INSPECTION_TYPES } from '../../../vocabularies/logFilterVocabularies';
import {
  RULES_MAX,
  StringList,
  closed,
  codes,
  domainOrWildcard,
  firstDuplicate,
  firstInvalid,
  firstIssue,
  kind,
  oneOf,
} from './kindDef';
import { DIRECTIONS, RISK_LEVELS } from './enumerations';
import { Reordering, scopedRule } from './ruleParts';
import { checkWebRules } from './webKinds';

/** How a file opens (actions of docs/policy.md §3 plus the read-only isolated view). */
export const FILE_ACTIONS = ['allow', 'block', 'safeview', 'safeview_readonly'] as const;
export const PASSWORD_PROTECTED_HANDLING = ['allow', 'block', 'prompt'] as const;
const ALLOW_BLOCK = ['allow', 'block'] as const;

const Extensions = Type.Array(Type.String({ pattern: '^[a-z0-9]{1,16}$' }), {
  minItems: 1,
  maxItems: 200,
  uniqueItems: true,
});

export const InspectionException = scopedRule({
  action: codes(INSPECTION_ACTIONS),
  /** Files by SHA-256 whose verdict the rule settles; empty: every file the conditions match. */
  sha256: Type.Array(Type.String({ pattern: '^[a-f0-9]{64}$' }), { maxItems: 1000 }),
});

const ContentRule = scopedRule({
  direction: oneOf(DIRECTIONS),
  file_types: Extensions,
  action: oneOf(FILE_ACTIONS),
  /** Content disarm and reconstruction: the file is rebuilt without active content. */
  cdr: Type.Boolean(),
});

const DocRule = scopedRule({
  direction: oneOf(DIRECTIONS),
  file_types: Extensions,
  action: oneOf(FILE_ACTIONS),
  allow_download: Type.Boolean(),
  allow_print: Type.Boolean(),
  password_protected: oneOf(PASSWORD_PROTECTED_HANDLING),
});

const ContentTypeRef = Type.Object(
  {
    /** A content type's name (GET /api/policy/v4/content_types: contentTypes.files). */
    name: Type.String({ minLength: 1, maxLength: 128 }),
    /** Its sub-entries the rule covers; empty: all of them. */
    entries: StringList(128),
  },
  closed,
);

const ContentV4Rule = scopedRule({
  direction: oneOf(DIRECTIONS),
  content_types: Type.Array(ContentTypeRef, { minItems: 1, maxItems: 200 }),
  action: oneOf(FILE_ACTIONS),
});

export const INSPECTION_KINDS = {
  /** Inspection exception rules (docs/policy.md §3 exception rules: list, bypass, reorderingEvents). */
  'inspection/exceptions': kind({
    path: '/api/policy/v3/rules/inspection/exceptions/{rev}',
    group: 'content_inspection',
    title: 'Inspection exceptions',
    data: Type.Object(
      {
        list: Type.Array(InspectionException, { maxItems: RULES_MAX }),
        /** Domains whose files are never inspected: checked before the rules. */
        bypass: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 1000 }),
        reorderingEvents: Reordering,
      },
      closed,
    ),
    defaults: { list: [], bypass: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) =>
      firstIssue(
        () => checkWebRules(data.list, 'data.list'),
        () => firstInvalid(data.bypass, 'data.bypass', domainOrWildcard),
      ),
    spec: 'docs/policy.md §3 Policy revision (exception rules), §7 (/api/policy/v3/rules/inspection/exceptions/{rev})',
  }),
  /** What is inspected and how long a verdict may take (docs/policy.md §3 contentInspection). */
  inspection: kind({
    path: '/api/policy/v3/rules/inspection/{rev}',
    group: 'content_inspection',
    title: 'Content inspection',
    data: Type.Object(
      {
        contentInspection: Type.Object(
          {
            enabled: Type.Boolean(),
            direction: oneOf(DIRECTIONS),
            /** Inspected by file, by hash lookup, as a document (docs/glossary.md §2 inspection type). */
            inspection_types: Type.Array(codes(INSPECTION_TYPES), {
              minItems: 1,
              maxItems: INSPECTION_TYPES.length,
              uniqueItems: true,
            }),
            max_file_size_mb: Type.Integer({ minimum: 1, maximum: 1024 }),
            /** Files above the size limit. */
            oversize_action: oneOf(ALLOW_BLOCK),
            timeout_seconds: Type.Integer({ minimum: 5, maximum: 600 }),
            /** When no verdict came in time. */
            timeout_action: oneOf(ALLOW_BLOCK),
            /** Files that cannot be opened to inspect (docs/glossary.md §2 file decrypted). */
            encrypted_action: oneOf(ALLOW_BLOCK),
          },
          closed,
        ),
      },
      closed,
    ),
    defaults: {
      contentInspection: {
        enabled: false,
        direction: 'downloads',
        inspection_types: ['file', 'hash'],
        max_file_size_mb: 50,
        oversize_action: 'allow',
        timeout_seconds: 60,
        timeout_action: 'allow',
        encrypted_action: 'allow',
      },
    },
    scope: 'policy',
    spec: 'docs/policy.md §3 Policy revision (contentInspection), §7 (/api/policy/v3/rules/inspection/{rev})',
  }),
  /** File-type rules by extension (v3; v4/content names content types): first enabled match. */
  content: kind({
    path: '/api/policy/v3/rules/content/{rev}',
    group: 'content_inspection',
    title: 'File types (v3)',
    data: Type.Object(
      { list: Type.Array(ContentRule, { maxItems: RULES_MAX }), reorderingEvents: Reordering },
      closed,
    ),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) => checkWebRules(data.list, 'data.list'),
    spec: 'docs/policy.md §7 Policy reads and saves (/api/policy/v3/rules/content/{rev})',
  }),
  /**
   * Runtime (sandbox) analysis (docs/policy.md §3 runtimeAnalysis; risk level enumeration): how
   * sensitive the verdict is; `custom` takes its own score threshold.
   */
  runtime_analysis: kind({
    path: '/api/policy/v3/rules/runtime_analysis/{rev}',
    group: 'content_inspection',
    title: 'Runtime analysis',
    data: Type.Object(
      {
        runtimeAnalysis: Type.Object(
          {
            risk_level: oneOf(RISK_LEVELS),
            /** The score (1–100) at or above which a file is malicious; only with risk_level custom. */
            custom_threshold: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
            file_types: Extensions,
            max_file_size_mb: Type.Integer({ minimum: 1, maximum: 256 }),
            timeout_seconds: Type.Integer({ minimum: 30, maximum: 900 }),
            timeout_action: oneOf(ALLOW_BLOCK),
          },
          closed,
        ),
      },
      closed,
    ),
    defaults: {
      runtimeAnalysis: {
        risk_level: 'disabled',
        file_types: ['exe', 'dll', 'doc', 'docx', 'xls', 'xlsx', 'pdf', 'zip'],
        max_file_size_mb: 32,
        timeout_seconds: 300,
        timeout_action: 'allow',
      },
    },
    scope: 'policy',
    check: ({ runtimeAnalysis: ra }) =>
      (ra.risk_level === 'custom') === (ra.custom_threshold !== undefined)
        ? null
        : {
            field: 'data.runtimeAnalysis.custom_threshold',
            message: 'data.runtimeAnalysis.custom_threshold is given with risk_level custom, and only then.',
          },
    spec: 'docs/policy.md §3 Policy revision (runtimeAnalysis), Enumerations (risk level), §5 (/api/policy/v3/rules/runtime_analysis/{rev})',
  }),
  /** How documents open in isolation (v4 docs): view, download, print, password-protected files. */
  'v4/docs': kind({
    path: '/api/policy/v4/rules/docs/{rev}',
    group: 'content_inspection',
    title: 'Documents',
    data: Type.Object(
      { list: Type.Array(DocRule, { maxItems: RULES_MAX }), reorderingEvents: Reordering },
      closed,
    ),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) => checkWebRules(data.list, 'data.list'),
    spec: 'docs/policy.md §7 Policy reads and saves (/api/policy/v4/rules/docs/{rev})',
  }),
  /** File rules by content type (v4, after the content migration): first enabled match. */
  'v4/content': kind({
    path: '/api/policy/v4/rules/content/{rev}',
    group: 'content_inspection',
    title: 'File types',
    data: Type.Object(
      { list: Type.Array(ContentV4Rule, { maxItems: RULES_MAX }), reorderingEvents: Reordering },
      closed,
    ),
    defaults: { list: [] },
    scope: 'policy',
    keyedLists: { list: 'id' },
    orderedLists: ['list'],
    check: (data) =>
      firstIssue(
        () => checkWebRules(data.list, 'data.list'),
        ...data.list.map(
          (r, i) => () => firstDuplicate(r.content_types, `data.list.${i}.content_types`, 'name'),
        ),
      ),
    spec: 'docs/policy.md §7 Policy revision (content types), §7 (/api/policy/v4/rules/content/{rev})',
  }),
};

#!/usr/bin/env node
/**
 * Rewrites citations of the product's requirement documents (which a clone of this repository
 * does not have) into citations of the docs/ section that says the same thing, e.g.
 * "portal-core §2 Login route" → "docs/sessions.md §2 Login route".
 *
 * Re-runnable: it rewrites only citations that still name an outside document, so running it
 * again after merging branches that added new ones converts those and leaves the rest alone.
 *
 *   node scripts/cite-docs.cjs            rewrite the files in place, print a count per file
 *   node scripts/cite-docs.cjs --check    rewrite nothing; exit 1 listing each outside citation
 *
 * A citation is a document name followed by § and a number, and the further "§N" of the same
 * parenthesis or sentence ("portal-core §3, §4, §7 Policy"). Which docs/ section an outside
 * section becomes is decided by SECTION_MAP below: the first rule whose words match the text just
 * after the number (its label, e.g. "Feature flags"), else the text just before the document's name
 * ("feature flags (portal-core §3)"), else the file's path, else the section's default.
 *
 * conformance/ is left as it is: that suite quotes the requirement documents word for word on
 * purpose (it checks the server against them, not against our own reading; conformance/README.md).
 */
const { execFileSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

// The repository's root, from the folder it runs in (jest loads these modules as CommonJS, without import.meta).
const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();

/** The outside documents, longest name first so "shared-ui-and-validators" wins over "shared-ui". */
const OUTSIDE_DOCS = [
  ['shared-ui-and-validators', 'ui'],
  ['api-client-layer', 'acl'],
  ['portal-core', 'core'],
  ['api-client', 'acl'],
  ['shared-ui', 'ui'],
];

/** Files never rewritten nor checked (see the header). */
const EXEMPT = [/^conformance\//, /^scripts\/cite-docs\.cjs$/, /^scripts\/structureChecks\.test\.ts$/];
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|md|json|ya?ml|sh)$/;
const SKIP = /(^|\/)(node_modules|dist|build)\/|package-lock\.json$/;

// Shorthands for the rules: [words, target]. Words are one case-insensitive regular expression.
const r = (words, target) => [new RegExp(words, 'i'), target];

/**
 * Outside section → docs/ section. `first` is tried on the text before the citation and its label
 * together; then `rules` on the label, then on the text before; `paths` on the file's path;
 * `default` last.
 */
const SECTION_MAP = {
  core: {
    1: { rules: [r('deploy|mode|on-?prem', 'product.md §2')], default: 'product.md §1' },
    2: {
      rules: [
        r('login|returnUrl|force_udb|sign', 'sessions.md §2'),
        r('root|404|not.found|other rules|redirect|guard|parent', 'sessions.md §7'),
        r('interval|time filter|logs area filter|7d|30d|month', 'logs.md §2'),
        r('environment', 'sessions.md §6'),
      ],
      default: 'sessions.md §6',
    },
    3: {
      rules: [
        r('vocabular|log filter|code.label', 'glossary.md §2'),
        r(
          '^\\W*(attachments|watermarking|browsing_forensics|fwaas|sso|pac|rbac|ssl|usersAndGroups|policySettings|documents|files|applicationPolicy|bnbStrictMode|multiple_idp)\\b',
          'access.md §5',
        ),
        r('feature|flag|capabilit|menlo_email|contentInspection|bandwidth|tfa\\b|bnb', 'access.md §5'),
        r('session info|user session|userinfo|uid_hash|show_change_password|portal_v2', 'sessions.md §3'),
        r('multi-tenant|association', 'access.md §7'),
        r('rbac role|role', 'access.md §1'),
        r('revision', 'policy.md §2'),
        r('log event|paging', 'logs.md §3'),
        r('deployment|modes?\\b', 'product.md §2'),
        r(
          'vocabular|audit|action|casb profile|profile type|risk|countr|threat|sub-event|frequenc|badge|reason|smtp|resource|inspection|decrypt|firewall|request type',
          'glossary.md §2',
        ),
      ],
      paths: [
        [/policy/i, 'policy.md §2'],
        [/logs?\b|events|log-/i, 'glossary.md §2'],
      ],
      default: 'access.md §5',
    },
    4: {
      rules: [
        r('inactiv|activity|throttle', 'sessions.md §4'),
        r('portal.version|portal_v2|welcome', 'sessions.md §5'),
        r('paging|cache|block', 'logs.md §3'),
        r('multi-tenant|association|approv', 'access.md §7'),
        r('session|log ?in|log ?out|sign', 'sessions.md §1'),
        r('revision|publish|stag|save', 'policy.md §2'),
      ],
      paths: [
        [/inactivity/i, 'sessions.md §4'],
        [/session|login|auth/i, 'sessions.md §1'],
        [/log-paging|logs/i, 'logs.md §3'],
      ],
      default: 'policy.md §2',
    },
    5: { rules: [r('form valid|validator', 'shared-ui.md §10')], default: 'access.md §3' },
    6: {
      rules: [
        r('web-policy edit|edit permission|group', 'access.md §4'),
        r('enforc|skipped', 'access.md §2'),
        r('route access|any-of|all-of|any of|all of', 'access.md §3'),
      ],
      paths: [[/policyGroups|groups?\b/i, 'access.md §4']],
      default: 'access.md §1',
    },
    7: {
      rules: [
        r('user database|udb', 'sessions.md §9'),
        r('\\bauth\\b|login|logout|cookie_refresh|userinfo|list_users|mfa', 'sessions.md §8'),
        r(
          '/rules/\\{kind\\}|rules/\\{kind\\}|bod(y|ies)|safemail/|smtp/attachments|dlp_|\\bdlp\\b|copy_paste|watermark|customization/|bf/web|sslbump_bypass',
          'policy.md §3',
        ),
        r('egress|casb', 'policy.md §6'),
        r('category_migration|content_migration', 'policy.md §7'),
        r('rbac|auditor_profiles|contact_form', 'policy.md §10'),
        r(
          'polic|cats|risks|country|whitelist|portal_version|pac_version|validate_ddl|smtp_|get_appliances',
          'policy.md §4',
        ),
        r('settings|client_profiles|pac/version', 'settings.md §1'),
        r('report', 'reports.md §4'),
        r('\\blogs?\\b', 'logs.md §4'),
        r('no-cache|xsrf|header|de-?dup|in flight', 'http-client.md §2'),
      ],
      paths: [
        [/udb/i, 'sessions.md §9'],
        [/auth|login|session/i, 'sessions.md §8'],
        [/polic|casb|egress|dlp|safemail/i, 'policy.md §4'],
        [/report/i, 'reports.md §4'],
        [/logs|events/i, 'logs.md §4'],
        [/settings/i, 'settings.md §1'],
      ],
      default: 'http-client.md §2',
    },
    8: {
      rules: [
        r('logs? load|local logs|data loading', 'logs.md §6'),
        r('404|unknown path|environment', 'sessions.md §7'),
        r('fails to start|session', 'sessions.md §1'),
      ],
      default: 'http-client.md §4',
    },
    9: {
      rules: [
        r('cache|100|block', 'logs.md §3'),
        r('interval|7d', 'logs.md §2'),
        r('throttle|inactiv|activity|0\\.042', 'sessions.md §4'),
        r('403|snackbar', 'http-client.md §4'),
        r('cookie', 'sessions.md §3'),
        r('mobile|heat|capabilit', 'access.md §6'),
        r('time-?out', 'http-client.md §3'),
      ],
      paths: [
        [/log-paging|logs/i, 'logs.md §3'],
        [/inactivity/i, 'sessions.md §4'],
      ],
      default: 'http-client.md §3',
    },
  },
  acl: {
    1: { default: 'product.md §1' },
    2: { default: 'http-client.md §1' },
    3: {
      rules: [
        r('time-range|interval|granularit', 'reports.md §3'),
        r('content.?types', 'policy.md §7'),
        r('policy option', 'policy.md §5'),
        r(
          'policy revision|revision|rev_id|updated_at|exception|bandwidth|bnb|casb|profiles\\.list|appRules|runtime|sslbump|save payload|contentInspection',
          'policy.md §3',
        ),
        r('category override', 'provider-console.md §4'),
        r('storage', 'settings.md §2'),
        r('forensics', 'settings.md §3'),
        r(
          'other settings|browser config|user account|api token|egress ip|pac settings|saml|ldap',
          'settings.md §4',
        ),
        r('appliance|central manager|update slot|rollback list|template|group: id', 'settings.md §6'),
        r('enumeration|posture|comparator|condition key|string match|direction|risk level', 'glossary.md §3'),
        r('\\blogs?\\b|log types?|log routes?', 'logs.md §1'),
        r('deployment|pod|node|operation state', 'provider-console.md §5'),
        r('sku|feature|licen[cs]e|ova|key feature|key sku|version', 'provider-console.md §4'),
        r('tenant', 'provider-console.md §3'),
      ],
      paths: [
        [/provider|tenants|entities|rollouts|deployments|capabilities/i, 'provider-console.md §4'],
        [/polic|casb|egress|dlp|fwaas|private-access|inspection/i, 'policy.md §3'],
        [/report|interval|charts/i, 'reports.md §3'],
        [/logs|events/i, 'logs.md §1'],
      ],
      default: 'glossary.md §3',
    },
    4: {
      rules: [
        r('job|poll', 'http-client.md §7'),
        r('licen[cs]e check', 'http-client.md §6'),
        r('disabl|re-?enabl|renam|tenant command|tenant', 'provider-console.md §3'),
        r('node', 'provider-console.md §5'),
        r('appliance|maintenance|update|factory', 'settings.md §6'),
        r('multi-tenant|association', 'access.md §7'),
        r('session|login|logout|cookie', 'sessions.md §1'),
        r('polic|revision|publish|stag', 'policy.md §2'),
      ],
      paths: [
        [/jobs?/i, 'http-client.md §7'],
        [/provider|tenants/i, 'provider-console.md §3'],
        [/polic|revision/i, 'policy.md §2'],
      ],
      default: 'http-client.md §7',
    },
    5: {
      rules: [
        r('tolerat|40[34]|parent', 'http-client.md §5'),
        r('storage', 'settings.md §2'),
        r('forensics|viewer', 'settings.md §3'),
        r('pac|certificate rules', 'settings.md §1'),
      ],
      paths: [[/settings/i, 'settings.md §2']],
      default: 'http-client.md §6',
    },
    6: {
      rules: [
        r('tolerat|403|404|parent global|global bnb|multi-tenant', 'http-client.md §5'),
        r('policy rbac|rbac|role', 'policy.md §10'),
        r('provider|ops|rollout|operator', 'provider-console.md §1'),
        r('admin account|password|ssh|unlock', 'settings.md §5'),
      ],
      paths: [[/provider|rollouts/i, 'provider-console.md §1']],
      default: 'http-client.md §5',
    },
    7: {
      first: [
        r(
          '(?=[^]*provider)(?=[^]*(sign|session|log ?in|log ?out|authenticat|oauth|\\bme\\b))',
          'provider-console.md §2',
        ),
      ],
      rules: [
        r('appliance auth', 'sessions.md §8'),
        r('connectivity', 'settings.md §8'),
        r('browser posture|brw-posture', 'settings.md §7'),
        r('storage', 'settings.md §2'),
        r('forensics|\\bbf\\b', 'settings.md §3'),
        r('on-prem|appliance settings', 'settings.md §5'),
        r('central manager|managed_systems|appliance management', 'settings.md §6'),
        r(
          'provider|gdmanage|tenants? crud|ova|sku|entitle|capabilit|rollout|pods?\\b|deployment|tenantusers|category overrides',
          'provider-console.md §6',
        ),
        r('insights|fileserver', 'reports.md §5'),
        r('isolate|pe_action', 'reports.md §2'),
        r('validate_ddl', 'policy.md §4'),
        r('reports?|query/|top_|limit', 'reports.md §1'),
        r('\\blogs?\\b|pagingIdentifiers|logtype', 'logs.md §4'),
        r('tenant settings|settings/', 'settings.md §1'),
        r('fwaas|firewall|sslbump', 'policy.md §8'),
        r('mpa|private access', 'policy.md §9'),
        r('casb|app_discovery|app_rep|egress|dlp', 'policy.md §6'),
        r('content_types|content_migration|inspection|rules/docs|rules/content', 'policy.md §7'),
        r(
          'bnb|exceptions|global_|parent_global|time_zones|app_links|bandwidth|runtime_analysis|by option',
          'policy.md §5',
        ),
        r('rbac|userinfo/v2', 'policy.md §10'),
        r('polic|category_version|rules\\?timestamp|timestamp|publish|validate_ddl', 'policy.md §4'),
        r('login|logout|userinfo|cookie', 'sessions.md §8'),
      ],
      paths: [
        [/provider/i, 'provider-console.md §6'],
        [/report/i, 'reports.md §1'],
        [/logs|events/i, 'logs.md §4'],
        [/fwaas|firewall/i, 'policy.md §8'],
        [/private-access|mpa/i, 'policy.md §9'],
        [/polic|casb|egress|dlp|inspection/i, 'policy.md §4'],
        [/auth|login/i, 'sessions.md §8'],
      ],
      default: 'http-client.md §1',
    },
    8: { default: 'http-client.md §8' },
    9: {
      rules: [
        r('report limit|limit|default interval|granularit|\\b50\\b', 'reports.md §2'),
        r('job|poll', 'http-client.md §7'),
        r('revision page|page size|offset|\\b25\\b', 'provider-console.md §3'),
        r('8442|appliance port', 'settings.md §6'),
        r('storage', 'settings.md §2'),
        r('forensics|screenshot', 'settings.md §3'),
        r('password', 'settings.md §4'),
        r('licen[cs]e|approve|time-?out|60000|45000', 'http-client.md §3'),
      ],
      paths: [
        [/report|interval/i, 'reports.md §2'],
        [/provider|tenants/i, 'provider-console.md §3'],
      ],
      default: 'http-client.md §3',
    },
  },
  ui: {
    1: { default: 'product.md §1' },
    2: {
      rules: [
        r('login', 'shared-ui.md §1'),
        r('snackbar', 'shared-ui.md §2'),
        r('import|bulk|upload summary|summary', 'shared-ui.md §3'),
        r('upload', 'shared-ui.md §4'),
        r('dual', 'shared-ui.md §5'),
        r('filter', 'shared-ui.md §6'),
        r('table|empty results|no \\.\\.\\.', 'shared-ui.md §7'),
        r('checkbox', 'shared-ui.md §8'),
      ],
      paths: [],
      default: 'shared-ui.md §2',
    },
    3: {
      rules: [
        r('filter menu|menu map|mode label|config type', 'glossary.md §4'),
        r('import row|import', 'shared-ui.md §3'),
        r('login', 'shared-ui.md §1'),
        r('dual', 'shared-ui.md §5'),
        r('filter', 'shared-ui.md §6'),
        r('file type', 'shared-ui.md §4'),
        r('column|row state|marker|position', 'shared-ui.md §7'),
        r('checkbox', 'shared-ui.md §8'),
      ],
      paths: [],
      default: 'glossary.md §4',
    },
    4: {
      rules: [
        r('import', 'shared-ui.md §3'),
        r('accordion', 'shared-ui.md §9'),
        r('upload', 'shared-ui.md §4'),
        r('login', 'shared-ui.md §1'),
        r('table|selection|reorder|sort', 'shared-ui.md §7'),
        r('checkbox', 'shared-ui.md §8'),
        r('filter', 'shared-ui.md §6'),
        r('rule', 'shared-ui.md §9'),
      ],
      paths: [],
      default: 'shared-ui.md §7',
    },
    5: {
      rules: [
        r('upload', 'shared-ui.md §4'),
        r('import', 'shared-ui.md §3'),
        r('dual', 'shared-ui.md §5'),
        r('filter', 'shared-ui.md §6'),
        r('login form', 'shared-ui.md §1'),
        r('private|overlap|mask|cidr|prefix|truncat|helper', 'shared-ui.md §11'),
      ],
      paths: [],
      default: 'shared-ui.md §10',
    },
    6: { default: 'shared-ui.md §9' },
    7: { rules: [r('filter', 'shared-ui.md §6')], default: 'shared-ui.md §1' },
    8: {
      rules: [
        r('login', 'shared-ui.md §1'),
        r('upload', 'shared-ui.md §4'),
        r('import|processing|summary|confirm|deletion', 'shared-ui.md §3'),
        r('ip helper|invalid ip|cidr', 'shared-ui.md §11'),
        r('deletion|delete', 'shared-ui.md §3'),
        r('empty', 'shared-ui.md §7'),
      ],
      paths: [],
      default: 'shared-ui.md §10',
    },
    9: {
      rules: [
        r('snackbar|3000', 'shared-ui.md §2'),
        r('import|preview', 'shared-ui.md §3'),
        r('byte|units|MB\\b|export|csv|rounding', 'shared-ui.md §12'),
        r('filter menu|search box', 'shared-ui.md §6'),
        r('file type', 'shared-ui.md §4'),
        r('dual', 'shared-ui.md §5'),
        r('threshold|bar label|bar chart|pie|chart', 'shared-ui.md §13'),
        r('table|page size|paginator|z-index|expansion', 'shared-ui.md §7'),
        r('min length|max|url length|hostname|port|text', 'shared-ui.md §10'),
      ],
      paths: [],
      default: 'shared-ui.md §10',
    },
  },
};

/** Path words for the shared-ui sections whose label names no component. */
const UI_PATHS = [
  [/snackbar/i, 'shared-ui.md §2'],
  [/import/i, 'shared-ui.md §3'],
  [/upload/i, 'shared-ui.md §4'],
  [/dual/i, 'shared-ui.md §5'],
  [/filter/i, 'shared-ui.md §6'],
  [/table|empty|logs/i, 'shared-ui.md §7'],
  [/checkbox/i, 'shared-ui.md §8'],
  [/accordion|rule/i, 'shared-ui.md §9'],
  [/login|sign/i, 'shared-ui.md §1'],
  [/ipHelpers/i, 'shared-ui.md §11'],
  [/formatting|export|bytes/i, 'shared-ui.md §12'],
  [/charts/i, 'shared-ui.md §13'],
];
for (const n of [2, 3, 4, 5, 8, 9]) SECTION_MAP.ui[n].paths = [...SECTION_MAP.ui[n].paths, ...UI_PATHS];

/** The docs/ section for one outside section, given the words around it and the file. */
function targetOf(doc, section, label, before, file) {
  const entry = SECTION_MAP[doc]?.[section];
  if (!entry) return null;
  for (const [words, target] of entry.first ?? []) if (words.test(`${before} ${label}`)) return target;
  for (const text of [label, before]) {
    for (const [words, target] of entry.rules ?? []) if (words.test(text)) return target;
  }
  for (const [words, target] of entry.paths ?? []) if (words.test(file)) return target;
  return entry.default;
}

const NAMES = OUTSIDE_DOCS.map(([name]) => name.replace(/-/g, '\\-')).join('|');
/**
 * The further §N of the same chain, from `from`: [text between, number, end] or null. The text
 * between is at most 80 characters, has no § and no new paragraph, and does not leave the
 * parenthesis the chain is in (a ')' closes the chain unless a '(' of its own opened it).
 */
function nextSection(text, from) {
  let depth = 0;
  for (let i = from; i < text.length && i - from <= 80; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return null;
    else if (c === '\n' && !/^\n[ \t]*(\*(?!\/)|\/\/)?[ \t]*\S/.test(text.slice(i, i + 12))) return null;
    else if (c === '§') {
      const m = /^§[ \t]?(\d+)/.exec(text.slice(i));
      return m ? [text.slice(from, i), m[1], i + m[0].length] : null;
    }
  }
  return null;
}
/** Any mention of an outside document, for the check (a § is what makes "api-client" a citation). */
const OUTSIDE_MENTION = new RegExp(
  `(?<![\\w/.-])(shared-ui-and-validators|api-client-layer|portal-core)(?![\\w.-])|(?<![\\w/.-])(api-client|shared-ui)(?![\\w.-])[ \\t]?§`,
  'g',
);

/** The label after a § (until the next §, a ')' or a line end), for the rules. */
function labelAt(text, from) {
  const rest = text.slice(from, from + 90);
  return rest.split(/§|\)|\n/)[0];
}

/**
 * The outside document a bare "§N" of this file means: the one its citations name most, else
 * the one its folder's subject is written in, else null (the § is left for a person).
 */
function impliedDoc(text, file) {
  const counts = {};
  for (const [name, doc] of OUTSIDE_DOCS) {
    const n = text.match(new RegExp(`(?<![\\w/.-])${name}(?![\\w.-])`, 'g'))?.length ?? 0;
    counts[doc] = (counts[doc] ?? 0) + n;
  }
  const named = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  if (named[0][1] > 0) return named[0][0];
  for (const [words, doc] of IMPLIED_BY_PATH) if (words.test(file)) return doc;
  return null;
}

/** A file's subject, for its bare § (shared components and validators, provider API, portal core). */
const IMPLIED_BY_PATH = [
  [/components|validators|formatting|import-wizard|snackbar|charts\//i, 'ui'],
  [/provider|jobs|rollout|entities|tenants/i, 'acl'],
  [/routes|session|inactivity|rbac|feature-flags|login|logout|interval|log-paging|shell/i, 'core'],
];

// One of: a docs/ citation (its chain is skipped), an outside document's name and its §N, a bare §N.
const TOKEN = new RegExp(
  `(docs/[a-z-]+\\.md[ \\t]?§[ \\t]?\\d+)|(?<![\\w/.-])(${NAMES})(?![\\w.-])(?:'s)?(?:[ \\t]|\\n[ \\t]*(?:\\*|//)?[ \\t]*)*§[ \\t]?(\\d+)|§[ \\t]?(\\d+)`,
  'g',
);

/** Rewrites one file's text; returns [text, count]. */
function rewrite(text, file) {
  let count = 0;
  let out = '';
  let last = 0;
  // In docs/ a bare § is a section of the same file.
  const implied = file.startsWith('docs/') ? null : impliedDoc(text, file);
  TOKEN.lastIndex = 0;
  let m;
  while ((m = TOKEN.exec(text))) {
    const [whole, ours, name, num, bareNum] = m;
    let pos = m.index + whole.length;
    if (ours) {
      // Already ours: skip the rest of its chain, whose bare § are its own sections.
      for (let n = nextSection(text, pos); n && !/(docs\/|§)/.test(n[0]); n = nextSection(text, pos)) {
        if (new RegExp(`(${NAMES}|docs/)`).test(n[0])) break;
        pos = n[2];
      }
      TOKEN.lastIndex = pos;
      continue;
    }
    const doc = name ? OUTSIDE_DOCS.find(([n]) => n === name)[1] : implied;
    if (!doc) continue;
    const before = text.slice(Math.max(0, m.index - 100), m.index);
    const first = targetOf(doc, Number(num ?? bareNum), labelAt(text, pos), before, file);
    if (!first) continue; // a section the map does not know: left for a person (the check lists it)
    let piece = `docs/${first}`;
    let prevFile = first.split(' ')[0];
    count++;
    for (;;) {
      const n = nextSection(text, pos);
      if (!n) break;
      const [between, next, end] = n;
      if (new RegExp(`(${NAMES}|docs/)`).test(between)) break;
      const target = targetOf(doc, Number(next), labelAt(text, end), before, file);
      if (!target) break;
      const [tFile, tSec] = target.split(' ');
      piece += between + (tFile === prevFile ? tSec : `docs/${target}`);
      prevFile = tFile;
      pos = end;
      count++;
    }
    out += text.slice(last, m.index) + piece;
    last = pos;
    TOKEN.lastIndex = pos;
  }
  return [out + text.slice(last), count];
}

/** The repository's text files this script reads (tracked and new, not ignored). */
function repositoryFiles() {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((f) => f && EXTENSIONS.test(f) && !SKIP.test(f) && !EXEMPT.some((e) => e.test(f)));
}

/** Lines that still mention an outside document: [file, line number, text]. */
function outsideMentions(files = repositoryFiles()) {
  const found = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {
      continue; // listed but deleted in the work tree
    }
    text.split('\n').forEach((line, i) => {
      OUTSIDE_MENTION.lastIndex = 0;
      if (OUTSIDE_MENTION.test(line)) found.push([file, i + 1, line.trim()]);
    });
  }
  return found;
}

function main() {
  const check = process.argv.includes('--check');
  if (check) {
    const found = outsideMentions();
    for (const [file, line, text] of found) console.log(`${file}:${line}: ${text}`);
    if (found.length) {
      console.error(
        `${found.length} line(s) cite a document outside the repository: cite the docs/ section instead (node scripts/cite-docs.cjs rewrites most).`,
      );
      process.exit(1);
    }
    return;
  }
  let total = 0;
  const changed = [];
  for (const file of repositoryFiles()) {
    const full = path.join(ROOT, file);
    let text;
    try {
      text = readFileSync(full, 'utf8');
    } catch {
      continue;
    }
    const [next, count] = rewrite(text, file);
    if (count) {
      writeFileSync(full, next);
      changed.push(file);
      total += count;
      console.log(`${String(count).padStart(4)}  ${file}`);
    }
  }
  // A longer citation can change a Markdown table's column widths or a line's wrapping.
  if (changed.length) {
    execFileSync(path.join(ROOT, 'node_modules/.bin/prettier'), ['--write', '--log-level=warn', ...changed], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const left = outsideMentions();
  console.log(`${total} citation(s) rewritten; ${left.length} line(s) still mention an outside document.`);
  for (const [file, line, text] of left) console.log(`  ${file}:${line}: ${text}`);
}

module.exports = {
  EXEMPT,
  SECTION_MAP,
  targetOf,
  OUTSIDE_MENTION,
  impliedDoc,
  rewrite,
  repositoryFiles,
  outsideMentions,
};

if (process.argv[1] && path.basename(process.argv[1]) === 'cite-docs.cjs') main();

/**
 * The copies the copy-detection scan (jscpd, `.jscpd.json`, run by `node scripts/check-structure.cjs`
 * in `npm run lint`) lets through. A clone is allowed when its two files are the two files of an
 * entry (in either order; one file twice for a copy inside a file), up to the entry's number of
 * clones (`clones`, default 1). Anything else fails the lint.
 *
 * BOILERPLATE: copies that are the same on purpose. Each says why.
 * POLICY_EDITORS: the policy editors' copies as they stood when the check came in. To be removed
 * by issue 32 point 1 (the editor kit); an entry goes when its copy goes. Not a place for new
 * entries.
 */

/** @type {{ files: [string, string], clones?: number, why: string }[]} */
const BOILERPLATE = [
  {
    files: ['server/src/events/clickhouseEventStore.ts', 'server/src/events/duckdbEventStore.ts'],
    why: 'Both engines implement the EventStore interface: appendColumns is the same one-line delegation to appendColumnsBatch with the same signature in each.',
  },
  {
    files: ['server/src/events/clickhouseSql.ts', 'server/src/events/eventSql.ts'],
    why: "The by-date buckets' SQL text per dialect: ClickHouse 18.16 reads GROUP BY 1 as the constant 1 and has no NULLS ordering in joins, so its text differs around the shared lines (server/src/events/README.md).",
  },
  {
    files: [
      'tenant-portal/src/areas/private-access/ApplicationsSection.tsx',
      'tenant-portal/src/areas/private-access/CatalogsSection.tsx',
    ],
    why: 'The import lists of two sibling sections that use the same table, dialogs and list edits.',
  },
];

/** @type {{ files: [string, string], clones: number, why: string }[]} */
const POLICY_EDITORS = [
  [
    'tenant-portal/src/areas/policy/email/AllowListSection.tsx',
    'tenant-portal/src/areas/policy/web/SslBypassSection.tsx',
  ],
  [
    'tenant-portal/src/areas/policy/email/AttachmentsSection.tsx',
    'tenant-portal/src/areas/policy/web/EntryDialog.tsx',
  ],
  [
    'tenant-portal/src/areas/policy/email/EmailRuleDialog.tsx',
    'tenant-portal/src/areas/policy/inspection/InspectionRuleDialog.tsx',
  ],
  [
    'tenant-portal/src/areas/policy/email/LinkIsolationSection.tsx',
    'tenant-portal/src/areas/policy/email/MobileSection.tsx',
    3,
  ],
  [
    'tenant-portal/src/areas/policy/email/LinkIsolationSection.tsx',
    'tenant-portal/src/areas/policy/web/UserAgentsSection.tsx',
    3,
  ],
  [
    'tenant-portal/src/areas/policy/email/MobileSection.tsx',
    'tenant-portal/src/areas/policy/web/UserAgentsSection.tsx',
  ],
  [
    'tenant-portal/src/areas/policy/inspection/ExceptionsSection.tsx',
    'tenant-portal/src/areas/policy/web/ExceptionsSection.tsx',
  ],
  [
    'tenant-portal/src/areas/policy/inspection/InspectionRuleList.tsx',
    'tenant-portal/src/areas/policy/web/ExceptionsSection.tsx',
  ],
].map(([a, b, clones = 1]) => ({
  files: [a, b],
  clones,
  why: 'A policy editor copy: to be removed by issue 32 point 1 (the editor kit).',
}));

module.exports = { BOILERPLATE, POLICY_EDITORS };

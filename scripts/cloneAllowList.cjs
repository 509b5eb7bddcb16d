/**
 * The copies the copy-detection scan (jscpd, `.jscpd.json`, run by `node scripts/check-structure.cjs`
 * in `npm run lint`) lets through. A clone is allowed when its two files are the two files of an
 * entry (in either order; one file twice for a copy inside a file), up to the entry's number of
 * clones (`clones`, default 1). Anything else fails the lint.
 *
 * BOILERPLATE: copies that are the same on purpose. Each says why.
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

module.exports = { BOILERPLATE };

/**
 * The structure checks of `npm run lint` (scripts/check-structure.cjs) catch what they are for,
 * and docs/adding-a-row.md names files that exist (docs/README.md).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The checks are plain Node scripts (CommonJS, run by npm run lint, no declarations): required,
// with their shapes as used here.
type Duplicate = {
  firstFile: { name: string; start: number; end: number };
  secondFile: { name: string; start: number; end: number };
  lines: number;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cite = require('./cite-docs.cjs') as {
  rewrite(text: string, file: string): [string, number];
  OUTSIDE_MENTION: RegExp;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const checks = require('./check-structure.cjs') as {
  badDocsCitations(text: string, sections: Map<string, Set<number>>): [string, string][];
  judgeClones(
    duplicates: Duplicate[],
    allowed: { files: [string, string]; clones?: number }[],
    root: string,
  ): { unlisted: string[]; stale: string[] };
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const cycles = require('./importCycles.cjs') as { findCycles(root: string, files: string[]): string[][] };

const ROOT = path.resolve(__dirname, '..');
// Built from parts, so that this file itself cites nothing outside the repository.
const CORE = ['portal', 'core'].join('-');
const ACL = ['api', 'client', 'layer'].join('-');

describe('citations of documents outside the repository', () => {
  test('are rewritten to the docs/ section that says the same, chains and bare § included', () => {
    const [text, count] = cite.rewrite(
      `/** Login (${CORE} §2 Login route); flags (${CORE} §3 Feature flags, §4 Inactivity). */\nconst x = 1; // §8\n`,
      'tenant-portal/src/login/x.ts',
    );
    expect(text).toBe(
      '/** Login (docs/sessions.md §2 Login route); flags (docs/access.md §5 Feature flags, docs/sessions.md §4 Inactivity). */\nconst x = 1; // docs/http-client.md §4\n',
    );
    expect(count).toBe(4);
  });

  test('a second run changes nothing', () => {
    const [once] = cite.rewrite(`(${ACL} §7 Provider console, §3 Tenant)`, 'server/src/provider/x.ts');
    expect(once).toBe('(docs/provider-console.md §6 Provider console, §3 Tenant)');
    expect(cite.rewrite(once, 'server/src/provider/x.ts')).toEqual([once, 0]);
  });

  test('the check finds a citation that comes back', () => {
    const lines = [
      `see ${CORE} §2`,
      `see ${['shared', 'ui'].join('-')} §5`,
      'see docs/sessions.md §2',
      'the shared-ui.md file',
    ];
    expect(lines.filter((l) => new RegExp(cite.OUTSIDE_MENTION.source).test(l))).toEqual(lines.slice(0, 2));
  });
});

describe('docs/ citations', () => {
  const sections = new Map([['docs/sessions.md', new Set([1, 2])]]);
  test('name an existing file and section', () => {
    expect(checks.badDocsCitations('docs/sessions.md §2, §1 and docs/sessions.md', sections)).toEqual([]);
    expect(checks.badDocsCitations('docs/sessions.md §2, §9; docs/nope.md §1', sections)).toEqual([
      ['docs/sessions.md §2, §9', 'docs/sessions.md has no section 9'],
      ['docs/nope.md §1', 'docs/nope.md does not exist'],
    ]);
  });
});

describe('import loops', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    mkdirSync(path.join(dir, 'src'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, 'src', name), text);
    return Object.keys(files).map((name) => `src/${name}`);
  };

  test('a loop among value imports is found', () => {
    const files = write({
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.tsx': "export { c as b } from './c';\n",
      'c.ts': "import { a } from './a';\nexport const c = () => a;\n",
    });
    expect(cycles.findCycles(dir, files)).toEqual([['src/a.ts', 'src/b.tsx', 'src/c.ts', 'src/a.ts']]);
  });

  test('type-only imports and import() make no loop', () => {
    const files = write({
      'a.ts': "import type { B } from './b';\nimport { type C } from './c';\nexport type A = B | C;\n",
      'b.ts': "import { a } from './a';\nexport type B = string;\nexport const b = a;\n",
      'c.ts': "export type C = number;\nexport const load = () => import('./a');\n",
    });
    expect(cycles.findCycles(dir, files)).toEqual([]);
  });
});

describe('copied code', () => {
  const clone = (a: string, b: string): Duplicate => ({
    firstFile: { name: path.join(ROOT, a), start: 1, end: 9 },
    secondFile: { name: path.join(ROOT, b), start: 5, end: 13 },
    lines: 9,
  });
  test('fails outside the allow-list and beyond an entry’s number of clones', () => {
    const allowed = [{ files: ['x/b.ts', 'x/a.ts'] as [string, string], clones: 1 }];
    expect(checks.judgeClones([clone('x/a.ts', 'x/b.ts')], allowed, ROOT)).toEqual({
      unlisted: [],
      stale: [],
    });
    expect(
      checks.judgeClones([clone('x/a.ts', 'x/b.ts'), clone('x/b.ts', 'x/a.ts')], allowed, ROOT).unlisted,
    ).toHaveLength(1);
    expect(checks.judgeClones([clone('x/a.ts', 'x/c.ts')], allowed, ROOT)).toEqual({
      unlisted: ['x/a.ts:1-9 ~ x/c.ts:5-13 (9 lines)'],
      stale: ['x/a.ts ~ x/b.ts'],
    });
  });
});

test('every path docs/adding-a-row.md names exists', () => {
  const text = readFileSync(path.join(ROOT, 'docs/adding-a-row.md'), 'utf8');
  const paths = [
    ...text.matchAll(
      /`((?:common|server|tenant-portal|provider-console|charts|wdio|docs|scripts)\/[^`\s]*)`/g,
    ),
  ].map((m) => m[1]);
  expect(paths.length).toBeGreaterThan(15);
  expect(paths.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
});

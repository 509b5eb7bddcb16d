/**
 * What the READMEs and docs/ say about the code is true (docs/README.md): every symbol they name
 * in backticks exists in the code, every file path they name in backticks exists, and the counts
 * they give of the registries are the registries' sizes. A claim that cannot be checked here is
 * written without the symbol or the count.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPORT_QUERY_REGISTRY } from '@workbench/common/api/contract/reportQueries';

const ROOT = path.resolve(__dirname, '..');
const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(path.join(ROOT, f)));

/** The documents whose claims are checked. */
export const DOCUMENTS = listed.filter((f) => /(^|\/)README\.md$/.test(f) || /^docs\/[^/]+\.md$/.test(f));

const CODE = /\.(ts|tsx|mts|mjs|js|cjs|json|sh|ya?ml|css|html)$/;
const codeWords = new Set<string>();
for (const file of listed) {
  if (!CODE.test(file) || file.endsWith('package-lock.json') || file.startsWith('docs/')) continue;
  for (const word of readFileSync(path.join(ROOT, file), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? [])
    codeWords.add(word);
}
const fileSet = new Set(listed);
const dirSet = new Set(
  listed.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);

/** Where a path written in a document may start: beside it, at the root, or in a package's src. */
const BASES = [
  '',
  'common/src',
  'server/src',
  'tenant-portal/src',
  'provider-console/src',
  'charts/src',
  'server',
];
const FILE_NAME = /\.(ts|tsx|mts|mjs|js|cjs|json|md|sh|ya?ml|css|html|sql)$/;

/**
 * The backticked spans of a Markdown text outside fenced blocks, with their line numbers and
 * whether their section is history (a heading with "before": names that were renamed away).
 */
export function backticked(text: string): { span: string; line: number; history: boolean }[] {
  const found: { span: string; line: number; history: boolean }[] = [];
  let fenced = false;
  let history = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    if (/^#+ /.test(line)) history = /\bbefore\b/i.test(line);
    for (const m of line.matchAll(/`([^`]+)`/g)) found.push({ span: m[1], line: i + 1, history });
  });
  return found;
}

/** The repository's top folders: a span starting with one is a path even without a file name. */
const TOP = new Set(listed.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
/** Names of other projects' code that documents mention (Rollup's plugin context, DuckDB's C++, V8). */
const OUTSIDE_NAMES = new Set([
  'getModuleInfo',
  'WriteChunk',
  'RequiresQuotes',
  'CSVWriter',
  // V8 heap and chromedriver names in a memory profile (tenant-portal/src/areas/logs/README.md)
  'InstructionStream',
  'TrustedByteArray',
  'callFunction',
  'resolveReferences',
  'preprocessResult',
  'transformResponse',
]);
/** Generated folders (builds, reports): named, never committed. */
const GENERATED = /(^|\/)(dist|reports|coverage|data|node_modules|screenshots)(\/|$)/;

/** A span that names a code symbol: one identifier (or a dotted one, or a call) in code case. */
const SYMBOL = /^([A-Za-z_$][\w$]*)(\.[A-Za-z_$][\w$]*)*(\(\))?$/;
const codeCase = (name: string): boolean =>
  /[a-z][A-Z]|^[A-Z][A-Z0-9]*_[A-Z0-9_]+$|^[A-Z][a-z]+[A-Z]/.test(name);

/** Problems with the symbols and paths one document names. */
export function claimProblems(doc: string, text: string): string[] {
  const problems: string[] = [];
  const here = path.dirname(doc);
  // docs/ also names the API's fields and calls, some of features not built yet: paths only there.
  const symbols = !doc.startsWith('docs/');
  for (const { span, line, history } of backticked(text)) {
    const at = `${doc}:${line}`;
    if (SYMBOL.test(span) && !FILE_NAME.test(span)) {
      if (!symbols || history) continue;
      for (const name of span.replace(/\(\)$/, '').split('.')) {
        if (codeCase(name) && !codeWords.has(name) && !OUTSIDE_NAMES.has(name)) {
          problems.push(`${at}: \`${span}\`: no ${name} in the code`);
        }
      }
      continue;
    }
    // A repository path: has a slash or a file name, no spaces, no glob or placeholder.
    const candidate = span.replace(/:\d+(-\d+)?$/, '').replace(/\/$/, '');
    if (
      /[\s*{}<>…|$?=]/.test(candidate) ||
      candidate.startsWith('/') ||
      candidate.startsWith('@') ||
      candidate.startsWith('.')
    )
      continue;
    if (!FILE_NAME.test(candidate) && !TOP.has(candidate.split('/')[0])) continue;
    if (/^[a-z]+:/.test(candidate) || GENERATED.test(candidate) || /^name\./.test(candidate)) continue;
    const bases = [here, ...BASES];
    const exists = bases.some((b) => {
      const p = path.posix.normalize(path.posix.join(b, candidate));
      return fileSet.has(p) || dirSet.has(p);
    });
    // A bare file name (no slash) may live anywhere below the document's folder or a package.
    const bare =
      !candidate.includes('/') && listed.some((f) => f.endsWith(`/${candidate}`) || f === candidate);
    if (!exists && !bare) problems.push(`${at}: \`${span}\`: no such file or folder`);
  }
  return problems;
}

describe('README and docs/ claims', () => {
  test('every symbol and path named in backticks exists', () => {
    const problems = DOCUMENTS.flatMap((doc) =>
      claimProblems(doc, readFileSync(path.join(ROOT, doc), 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  test('the counts of the registries are their sizes', () => {
    const serverReadme = readFileSync(path.join(ROOT, 'server/README.md'), 'utf8');
    // The policy kinds are counted nowhere (a new kind would edit the README, docs/adding-a-row.md §1).
    expect(serverReadme).not.toMatch(/category extension; \d+ rows/);
    expect(Number(/All (\d+) report queries are rows/.exec(serverReadme)?.[1])).toBe(
      Object.keys(REPORT_QUERY_REGISTRY).length,
    );
  });

  test("common's README names the modules the server may import, as the ESLint rule has them", () => {
    const rule = readFileSync(path.join(ROOT, 'eslint.config.mjs'), 'utf8');
    const allowed = /The server imports from common only ([^']+)\./.exec(rule)?.[1] ?? '';
    const fromRule = allowed.split(/, | and /).map((m) => m.replace(/\/\*$/, ''));
    const readme = readFileSync(path.join(ROOT, 'common/README.md'), 'utf8').replace(/\s+/g, ' ');
    const sentence = /the server imports only (.*?) \(its report files/.exec(readme)?.[1] ?? '';
    const fromReadme = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(fromRule.length).toBeGreaterThan(3);
    expect(fromReadme.sort()).toEqual(fromRule.sort());
  });

  test('a claim naming a symbol that is not in the code fails', () => {
    const missing = ['REVISION', 'NOTE', 'PATH', 'GONE'].join('_'); // built here, so this file does not define it
    expect(claimProblems('server/README.md', `the note path \`${missing}\``)).toEqual([
      `server/README.md:1: \`${missing}\`: no ${missing} in the code`,
    ]);
    expect(claimProblems('server/README.md', 'see `src/policy/noSuchFile.ts`')).toHaveLength(1);
    expect(
      claimProblems('server/README.md', 'see `src/policy/publishRevision.ts` and `POLICY_KIND_REGISTRY`'),
    ).toEqual([]);
  });
});

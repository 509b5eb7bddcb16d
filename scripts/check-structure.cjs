#!/usr/bin/env node
/**
 * The repository's structure checks, run by `npm run lint` (so by CI). Each prints what it found
 * and how long it took; any finding makes the exit code 1.
 *
 * 1. citations: no comment or README cites a document outside the repository (scripts/cite-docs.cjs).
 * 2. docs sections: every `docs/<file>.md §N` names a file of docs/ and a `## N.` section in it.
 * 3. import loops: none among static value imports (scripts/importCycles.cjs).
 * 4. copies: jscpd (`.jscpd.json`: min 70 tokens, tests and schema tables left out) finds no clone
 *    outside the allow-list (scripts/cloneAllowList.cjs).
 *
 *   node scripts/check-structure.cjs [citations|sections|imports|copies ...]
 */
const { execFileSync } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const path = require('node:path');
const { outsideMentions, repositoryFiles } = require('./cite-docs.cjs');
const { findCycles } = require('./importCycles.cjs');
const { BOILERPLATE } = require('./cloneAllowList.cjs');

// The repository's root, from the folder it runs in (jest loads these modules as CommonJS, without import.meta).
const ROOT = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');

/** The `## N.` sections of each docs/ file. */
function docsSections(root = ROOT) {
  const sections = new Map();
  const names = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', 'docs/*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  for (const file of names.split('\n').filter(Boolean)) {
    if (!existsSync(path.join(root, file))) continue;
    const numbers = [...readFileSync(path.join(root, file), 'utf8').matchAll(/^## (\d+)\. /gm)].map((m) =>
      Number(m[1]),
    );
    sections.set(file, new Set(numbers));
  }
  return sections;
}

/** Citations of docs/ in a text that name no file or no section: [citation, problem]. */
function badDocsCitations(text, sections) {
  const bad = [];
  // docs/<file>.md, its § and the further "§N" joined to it by a comma or "and" (§2, §4).
  const citation =
    /docs\/([a-z][a-z0-9-]*\.md)((?:[ \t]?§[ \t]?\d+)(?:(?:,[ \t]*|[ \t]+and[ \t]+)§[ \t]?\d+)*)?/g;
  for (const m of text.matchAll(citation)) {
    const file = `docs/${m[1]}`;
    const known = sections.get(file);
    if (!known) {
      bad.push([m[0], `${file} does not exist`]);
      continue;
    }
    for (const n of (m[2] ?? '').matchAll(/§[ \t]?(\d+)/g)) {
      if (!known.has(Number(n[1]))) bad.push([m[0], `${file} has no section ${n[1]}`]);
    }
  }
  return bad;
}

/**
 * Which clones of a jscpd report the allow-list does not cover (a pair not listed, or more clones
 * of a pair than its entry allows), and which entries now cover fewer clones than they allow.
 */
function judgeClones(duplicates, allowed, root = ROOT) {
  const key = (a, b) => [a, b].sort().join(' ~ ');
  const entries = new Map(allowed.map((e) => [key(...e.files), e]));
  const seen = new Map();
  const unlisted = [];
  for (const d of duplicates) {
    const [a, b] = [d.firstFile, d.secondFile].map((f) => path.relative(root, path.resolve(root, f.name)));
    const k = key(a, b);
    seen.set(k, (seen.get(k) ?? 0) + 1);
    if (seen.get(k) > (entries.get(k)?.clones ?? (entries.has(k) ? 1 : 0))) {
      unlisted.push(
        `${a}:${d.firstFile.start}-${d.firstFile.end} ~ ${b}:${d.secondFile.start}-${d.secondFile.end} (${d.lines} lines)`,
      );
    }
  }
  const stale = [...entries].filter(([k, e]) => (seen.get(k) ?? 0) < (e.clones ?? 1)).map(([k]) => k);
  return { unlisted, stale };
}

const CHECKS = {
  citations() {
    return outsideMentions().map(
      ([file, line, text]) => `${file}:${line}: cites a document outside the repository: ${text}`,
    );
  },
  sections() {
    const sections = docsSections();
    const found = [];
    for (const file of repositoryFiles()) {
      let text;
      try {
        text = read(file);
      } catch {
        continue;
      }
      for (const [citation, problem] of badDocsCitations(text, sections))
        found.push(`${file}: "${citation}": ${problem}`);
    }
    return found;
  },
  imports() {
    const files = execFileSync(
      'git',
      ['ls-files', '-co', '--exclude-standard', '--', '*.ts', '*.tsx', '*.mts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((f) => f && !f.includes('node_modules/') && existsSync(path.join(ROOT, f)));
    return findCycles(ROOT, files).map((loop) => `import loop: ${loop.join(' → ')}`);
  },
  copies() {
    const out = mkdtempSync(path.join(tmpdir(), 'jscpd-'));
    try {
      execFileSync(path.join(ROOT, 'node_modules/.bin/jscpd'), ['-c', '.jscpd.json', '-o', out, '--silent'], {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const report = JSON.parse(readFileSync(path.join(out, 'jscpd-report.json'), 'utf8'));
      const { unlisted, stale } = judgeClones(report.duplicates, BOILERPLATE);
      // An entry whose copy is gone is said, not failed: the branch that removed the copy removes it.
      for (const k of stale)
        console.log(
          `  note: the clone allow-list's entry ${k} allows more clones than there are: lower or remove it`,
        );
      console.log(
        `  ${report.duplicates.length} clone(s): ${BOILERPLATE.length} boilerplate pair(s) allowed`,
      );
      return unlisted.map(
        (c) => `copied code (remove the copy, or allow it with a reason in scripts/cloneAllowList.cjs): ${c}`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};

function main() {
  const asked = process.argv.slice(2);
  const names = asked.length ? asked : Object.keys(CHECKS);
  let failed = 0;
  for (const name of names) {
    if (!CHECKS[name])
      throw new Error(`No check named ${name}; the checks: ${Object.keys(CHECKS).join(', ')}`);
    const started = Date.now();
    const found = CHECKS[name]();
    console.log(
      `${name}: ${found.length ? `${found.length} problem(s)` : 'ok'} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const line of found) console.log(`  ${line}`);
    failed += found.length;
  }
  process.exit(failed ? 1 : 0);
}

module.exports = { docsSections, badDocsCitations, judgeClones };

if (process.argv[1] && path.basename(process.argv[1]) === 'check-structure.cjs') main();

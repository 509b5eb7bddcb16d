/**
 * Loops among static value imports, per package (common, charts, the two apps, the server, wdio).
 *
 * An edge is an `import` or `export ... from` that is still there in the JavaScript: `import type`,
 * `export type` and imports whose every name is `type X` are skipped (TypeScript erases them), and
 * so is `import()`, which loads lazily and cannot form a loop at start. Names imported without
 * `type` that only serve as types are erased too; those are reported, since the file says value:
 * write `import type` to say otherwise.
 *
 * Why not madge or dpdm: madge 8 refuses TypeScript 6 as a peer, and dpdm transpiles every file
 * (about a minute on two shared cores); this reads the imports with TypeScript's parser in a
 * couple of seconds.
 */
const { readFileSync, existsSync, statSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ALIASES = [
  [/^@workbench\/common$/, 'common/src/index.ts'],
  [/^@workbench\/common\/(.*)$/, 'common/src/$1'],
  [/^@workbench\/charts$/, 'charts/src/index.ts'],
  [/^@workbench\/charts\/(.*)$/, 'charts/src/$1'],
];
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx'];

/** The repository file an import names, or null for a package outside the repository. */
function resolve(root, from, request) {
  let base = null;
  if (request.startsWith('.')) base = path.join(path.dirname(from), request);
  else {
    for (const [pattern, target] of ALIASES)
      if (pattern.test(request)) base = request.replace(pattern, target);
  }
  if (base === null) return null;
  const plain = base.replace(/\.js$/, '');
  for (const candidate of [base, plain].flatMap((b) => EXTENSIONS.map((e) => b + e))) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return path.normalize(candidate);
  }
  return null;
}

/** The modules a file imports for their values (see the header). */
function valueImports(fileName, text) {
  // Only the statements that can import are parsed: a whole file costs ten times as much.
  const statements =
    text.match(/^(?:import|export)\b[^;]*?\bfrom\s*['"][^'"\n]+['"]|^import\s*['"][^'"\n]+['"]/gm) ?? [];
  const source = ts.createSourceFile(fileName, statements.join(';\n'), ts.ScriptTarget.Latest, false);
  const found = [];
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (node.isTypeOnly) continue;
      const named = node.exportClause;
      if (
        named &&
        ts.isNamedExports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly)
      )
        continue;
      found.push(node.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every loop (as a list of files, the first repeated at the end) in the files' value-import graph. */
function findCycles(root, files) {
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const edges = valueImports(file, text)
      .map((request) => resolve(root, file, request))
      .filter((target) => target !== null);
    graph.set(file, [...new Set(edges)]);
  }
  // Tarjan's strongly connected components; each component of more than one file (or a file
  // importing itself) is a loop, reported with one path through it.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const next = edges[i];
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          index.set(next, counter);
          low.set(next, counter++);
          stack.push(next);
          onStack.add(next);
          work.push([next, 0]);
        } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
      }
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return components.map((component) => loopThrough(graph, new Set(component), component.sort()[0]));
}

/** One loop from `start` back to it inside a component (breadth-first, so the shortest). */
function loopThrough(graph, members, start) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const loop = [start];
        for (let at = node; at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

module.exports = { valueImports, findCycles };

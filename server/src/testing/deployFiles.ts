/**
 * The configuration files of `deploy/` (deploy/README.md), read by everything that starts the
 * scaled topology: the scaled tests' PostgreSQL, ClickHouse shards and HAProxy, and `npm run
 * cluster`. So what the tests run is what the operator is told to run, never a copy in code.
 *
 * The one substitution: every `{{NAME}}` in a file is replaced by its value. A placeholder left
 * without a value, or a value whose placeholder the file lacks, is an error: a renamed placeholder
 * fails every start instead of leaving `{{…}}` in a config.
 */
import fs from 'node:fs';
import path from 'node:path';

export const DEPLOY_DIR = path.resolve(__dirname, '..', '..', '..', 'deploy');

const PLACEHOLDER = /\{\{([A-Z][A-Z0-9_]*)\}\}/g;

/** The deploy file's absolute path (`haproxy/haproxy.cfg` → `<repo>/deploy/haproxy/haproxy.cfg`). */
export function deployPath(file: string): string {
  return path.join(DEPLOY_DIR, file);
}

/** `text` with every `{{NAME}}` replaced by `values[NAME]`; `what` names it in errors. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, string>>,
  what: string,
): string {
  const named = new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]));
  const missing = [...named].filter((name) => !(name in values));
  const unused = Object.keys(values).filter((name) => !named.has(name));
  if (missing.length > 0 || unused.length > 0)
    throw new Error(
      `${what}: ${[
        missing.length > 0 && `no value for ${missing.map((n) => `{{${n}}}`).join(', ')}`,
        unused.length > 0 && `no placeholder for ${unused.join(', ')}`,
      ]
        .filter(Boolean)
        .join('; ')}`,
    );
  return text.replace(PLACEHOLDER, (_, name: string) => values[name]);
}

/** The deploy file `file` with its placeholders filled. */
export function renderDeployFile(file: string, values: Readonly<Record<string, string>> = {}): string {
  return fillPlaceholders(fs.readFileSync(deployPath(file), 'utf8'), values, `deploy/${file}`);
}

/**
 * Writes the deploy file `file`, filled, to `target` (owner-only: some hold a password), creating
 * its folder.
 */
export function writeDeployFile(
  file: string,
  target: string,
  values: Readonly<Record<string, string>> = {},
): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, renderDeployFile(file, values), { mode: 0o600 });
}

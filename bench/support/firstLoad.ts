/**
 * First-load bytes of the built apps, read from Vite's build manifest (`dist/.vite/manifest.json`)
 * and the built files themselves, not guessed.
 *
 * "First load" of a page = the JavaScript the browser fetches to show it on a fresh visit: the
 * app's entry chunk, every chunk it imports statically (the `<link rel="modulepreload">` tags of
 * index.html), and the lazy chunks the page's route loads on the way (each with its own static
 * imports, which Vite's preload helper fetches together with it). Bytes are gzip (zlib's default
 * level, as Vite's build report and a gzipping server) of each file, each file counted once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The fields of a Vite manifest chunk this reads. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The goal of issues 14 and 15: at most 170 KB (KiB, as Lighthouse counts) of gzipped JavaScript. */
export const FIRST_LOAD_GOAL_BYTES = 170 * 1024;

/**
 * The ceilings the build enforces (`npm run build` runs `bench/first-load.ts --check`) on the
 * first page a new visitor opens: today's figures +2 %, below the 170 KB goal. The sign-in pages
 * take the light sign-in path (common/src/features/login/lightSignIn.tsx, bench/README.md "First
 * load"): React, MUI's form parts and the theme; the HTTP client, the store and the router load
 * when they are needed, so they are in no sign-in page's first load.
 */
const SIGN_IN_CEILING_BYTES = 141 * 1024;
const PROVIDER_SIGN_IN_CEILING_BYTES = 133 * 1024;
const LOGIN_AREA_CEILING_BYTES = 141 * 1024;

/**
 * The signed-in pages' ceilings: today's figures +2 %, so a regression stops the build. AG Grid
 * and ECharts are not in them: they are chunks a page asks for as it draws (the DataTable's grid
 * through components/data-table/gridLoader.ts, the logs grid through LogsGrid.tsx, the charts
 * through charts/src/lazyEChart.ts), in parallel with its data; nor are the parts a page opens on
 * use (the dashboard's table view, the logs' detail drawer, Columns, Export and Visualise
 * dialogs). Lowered 2026-12-01 (385.3 and 399.3 KiB, bench/README.md "First load"); the
 * console's tenants page (349.8 KiB) keeps 353.
 */
const DASHBOARD_CEILING_BYTES = 393 * 1024;
const LOGS_CEILING_BYTES = 407 * 1024;
const CONSOLE_TENANTS_CEILING_BYTES = 353 * 1024;

/** A page whose first load is measured: the HTML entry and the lazy modules its route loads. */
export interface FirstLoadPage {
  app: 'tenant-portal' | 'provider-console';
  name: string;
  /** The manifest key of the HTML entry (`index.html`, `login/index.html`). */
  entry: string;
  /** Manifest keys (source paths) of the lazily loaded modules the page needs, in load order. */
  lazy: readonly string[];
  /** The most gzipped bytes the build allows. */
  ceiling?: number;
}

/**
 * The pages measured. The lazy lists name what each route loads before it shows (the full app,
 * the shell, then the page); a module missing from the manifest, or no longer lazy, fails the
 * check, so a change of the split shows up here instead of being silently left out. A sign-in
 * page is its entry alone: the light sign-in page is in it, and the form is on screen before the
 * HTTP client (first key or click) or the full app (after the sign-in) is asked for.
 */
export const FIRST_LOAD_PAGES: readonly FirstLoadPage[] = [
  {
    app: 'tenant-portal',
    name: 'sign-in (a new visitor at /)',
    entry: 'index.html',
    lazy: [],
    ceiling: SIGN_IN_CEILING_BYTES,
  },
  {
    app: 'tenant-portal',
    name: 'dashboard (signed in, /#/dashboard)',
    entry: 'index.html',
    lazy: [
      'src/startPortal.tsx',
      'src/shell/AppShell.tsx',
      'src/app/portalFeatures.ts',
      'src/areas/dashboard/DashboardPage.tsx',
    ],
    ceiling: DASHBOARD_CEILING_BYTES,
  },
  {
    app: 'tenant-portal',
    name: 'logs (signed in, /#/logs/web)',
    entry: 'index.html',
    lazy: [
      'src/startPortal.tsx',
      'src/shell/AppShell.tsx',
      'src/app/portalFeatures.ts',
      'src/areas/logs/LogsPage.tsx',
    ],
    ceiling: LOGS_CEILING_BYTES,
  },
  {
    app: 'tenant-portal',
    name: 'login area (on-prem sign-in, /login/)',
    entry: 'login/index.html',
    lazy: [],
    ceiling: LOGIN_AREA_CEILING_BYTES,
  },
  {
    app: 'provider-console',
    name: 'sign-in (a new visitor at /provider/)',
    entry: 'index.html',
    lazy: [],
    ceiling: PROVIDER_SIGN_IN_CEILING_BYTES,
  },
  {
    app: 'provider-console',
    name: 'tenants (signed in, /provider/#/tenants)',
    entry: 'index.html',
    lazy: [
      'src/startConsole.tsx',
      'src/routes/consoleFrame.tsx',
      'src/app/providerStore.ts',
      'src/tenants/TenantsPage.tsx',
    ],
    ceiling: CONSOLE_TENANTS_CEILING_BYTES,
  },
];

function chunkOf(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk "${key}".`);
  return chunk;
}

/** The files of `keys` and of everything they import statically (depth first, each once). */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = chunkOf(manifest, key);
    files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The manifest key of a lazily loaded module: its source path, or, when Vite put the module into
 * a chunk shared with pages that import it statically, that chunk (`_<file name>-<hash>.js`,
 * named after the module) as long as some chunk still imports it dynamically.
 */
export function lazyKey(manifest: Manifest, source: string): string {
  const own = manifest[source];
  if (own?.isDynamicEntry) return source;
  const name = path.posix.basename(source).replace(/\.[jt]sx?$/, '');
  const dynamic = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
  const shared = Object.keys(manifest).find(
    (key) => key.startsWith(`_${name}-`) && key.endsWith('.js') && dynamic.has(key),
  );
  if (shared && !own) return shared;
  throw new Error(
    `"${source}" is no longer loaded lazily (or is gone); update FIRST_LOAD_PAGES in bench/support/firstLoad.ts.`,
  );
}

/** The JavaScript files of a page's first load (see the file comment), each once. */
export function pageFiles(manifest: Manifest, page: FirstLoadPage): string[] {
  const entry = chunkOf(manifest, page.entry);
  if (!entry.isEntry) throw new Error(`"${page.entry}" is not an entry of the ${page.app} build.`);
  const lazy = page.lazy.map((source) => lazyKey(manifest, source));
  return staticClosure(manifest, [page.entry, ...lazy]).filter((f) => f.endsWith('.js'));
}

export interface PageFirstLoad {
  page: FirstLoadPage;
  /** Each file with its gzipped size, largest first. */
  files: { file: string; gzipBytes: number }[];
  gzipBytes: number;
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new Error(`Cannot read ${file} (run \`npm run build\` first): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

export const gzipSize = (bytes: Buffer): number => gzipSync(bytes).length;

/** Measures every page of FIRST_LOAD_PAGES (or `pages`) in the built apps under `repoRoot`. */
export function measureFirstLoads(
  repoRoot: string,
  pages: readonly FirstLoadPage[] = FIRST_LOAD_PAGES,
): PageFirstLoad[] {
  const manifests = new Map<string, Manifest>();
  const sizes = new Map<string, number>();
  return pages.map((page) => {
    const distDir = path.join(repoRoot, page.app, 'dist');
    let manifest = manifests.get(page.app);
    if (!manifest) {
      manifest = readManifest(distDir);
      manifests.set(page.app, manifest);
    }
    const files = pageFiles(manifest, page).map((file) => {
      const full = path.join(distDir, file);
      let size = sizes.get(full);
      if (size === undefined) {
        size = gzipSize(readFileSync(full));
        sizes.set(full, size);
      }
      return { file, gzipBytes: size };
    });
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    return { page, files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
  });
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per page (and with `detail`, one per file) for the bench and the build check. */
export function formatFirstLoads(loads: readonly PageFirstLoad[], detail = false): string {
  const lines: string[] = [];
  for (const load of loads) {
    const { app, name, ceiling } = load.page;
    const goal =
      load.gzipBytes > FIRST_LOAD_GOAL_BYTES
        ? `${kb(load.gzipBytes - FIRST_LOAD_GOAL_BYTES)} over the 170 KB goal`
        : 'within the 170 KB goal';
    lines.push(
      `${app.padEnd(17)} ${name.padEnd(42)} ${kb(load.gzipBytes).padStart(9)} gzip JS in ${String(load.files.length).padStart(2)} files; ${goal}${ceiling ? `; ceiling ${kb(ceiling)}` : ''}`,
    );
    if (detail) for (const f of load.files) lines.push(`      ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
  }
  return lines.join('\n');
}

/** What the build check reports: each page above its ceiling. */
export function overCeiling(loads: readonly PageFirstLoad[]): string[] {
  return loads
    .filter((l) => l.page.ceiling !== undefined && l.gzipBytes > l.page.ceiling)
    .map(
      (l) =>
        `${l.page.app} ${l.page.name}: ${kb(l.gzipBytes)} of gzipped JavaScript, above its ceiling of ${kb(l.page.ceiling ?? 0)}.`,
    );
}

/** V8's compile hint: the chunk's functions are compiled as it streams (vite.apps.mts, EAGER_COMPILE_CHUNKS). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The chunks the build starts with the compile hint, by the module each is the lazy chunk of.
 * vite.apps.mts picks them by chunk name, so a renamed module would lose its hint silently: the
 * build check looks for it in the built file.
 */
export const COMPILE_HINTED: readonly { app: FirstLoadPage['app']; source: string }[] = [
  { app: 'tenant-portal', source: '../charts/src/EChart.tsx' },
  { app: 'provider-console', source: '../charts/src/EChart.tsx' },
];

/** What the build check reports: each chunk of COMPILE_HINTED that does not start with the hint. */
export function missingCompileHints(repoRoot: string): string[] {
  return COMPILE_HINTED.flatMap(({ app, source }) => {
    const distDir = path.join(repoRoot, app, 'dist');
    const file = chunkOf(readManifest(distDir), source).file;
    const text = readFileSync(path.join(distDir, file), 'utf8');
    return text.startsWith(COMPILE_HINT)
      ? []
      : [`${app} ${file} (${source}) does not start with V8's compile hint ${COMPILE_HINT}.`];
  });
}

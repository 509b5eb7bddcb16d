/**
 * The build both apps share (tenant-portal/vite.config.mts, provider-console/vite.config.mts): React,
 * the manifest the first-load check reads, TypeBox tree-shaken, and a compressed copy of each asset.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { constants } from 'node:zlib';
import type { Plugin, PluginOption, UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

export interface WorkbenchAppBuild {
  /** Where the server serves the app ('/', '/provider/'). */
  base: string;
  /** HTML entries beyond index.html (name → absolute path); index.html alone when omitted. */
  input?: Record<string, string>;
  /** The app's React plugin (each app has @vitejs/plugin-react as its own dependency). */
  react: PluginOption;
  /**
   * MUI's buttons and inputs in one chunk (`mui-form` below). The tenant portal's sign-in pages
   * are 2.5 KiB lighter with it; the provider console's sign-in, which draws fewer of them, is
   * 0.5 KiB heavier, so it goes without (bench/README.md "First load").
   */
  groupFormParts?: boolean;
}

/**
 * MUI's buttons and inputs, which every page's entry draws (the sign-in form, the light sign-in
 * path), in one chunk: without the group Rolldown splits them by which lazy chunks also use them,
 * into up to five files for the same modules, and each lazy boundary of a signed-in page
 * (bench/README.md "First load") moved their borders and added gzip's per-file overhead to every
 * sign-in page.
 */
const MUI_FORM_CHUNK = {
  codeSplitting: {
    groups: [
      {
        name: 'mui-form',
        test: /[\\/]@mui[\\/]material[\\/](Button|ButtonBase|IconButton|CircularProgress|FormLabel|FormControl|InputLabel|InputBase|OutlinedInput|TextareaAutosize)[\\/]|[\\/]@mui[\\/]material[\\/]ButtonGroup[\\/]ButtonGroup(Button)?Context/,
      },
    ],
  },
};

/**
 * Chunks whose functions V8 compiles as it loads the file (its compile hint `//# allFunctionsCalledOnLoad`
 * at the top, added after minification), on the browser's streaming thread, rather than one by one
 * the first time each runs on the main thread. ECharts': a chart's first draw runs much of its code for
 * the first time, and the web logs' histogram drew in a median ~105 instead of ~150 ms. Hinting the
 * grid's, React's and MUI's chunks as well moved neither the blocking time nor the LCP beyond the
 * noise (bench/README.md, "Compile hints"). The build's first-load check fails when a chunk of
 * COMPILE_HINTED (bench/support/firstLoad.ts) does not start with the hint, so a renamed module
 * cannot drop it silently.
 */
const EAGER_COMPILE_CHUNKS = ['EChart'];

/**
 * React Router's production build in the apps' build. Its package's exports name only its
 * development build (dist/development: the router's development checks and console warnings, and
 * 0.5 KiB gzip more in each signed-in page), whatever the bundler's mode (react-router 7 as
 * published). The build resolves `react-router` and `react-router/dom` (react-router-dom re-exports both) to
 * dist/production; the dev server keeps the development build and its warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
    'production',
  );
  return {
    name: 'workbench:react-router-production',
    config: (_config, { command }) =>
      command === 'build'
        ? {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
                { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
              ],
            },
          }
        : undefined,
  };
}

export function workbenchAppConfig({ base, input, react, groupFormParts }: WorkbenchAppBuild): UserConfig {
  return {
    base,
    plugins: [
      react,
      reactRouterProductionBuild(),
      // A .br and a .gz beside each script and stylesheet: the server sends the smallest one the
      // browser accepts (@fastify/static preCompressed, server/src/static/staticApps.ts). HTML is
      // left out: the server injects the runtime environment into it at each request. Brotli at
      // quality 9 is within a few per cent of 11 at a fraction of the build time.
      compression({
        include: /\.(js|css|svg)$/,
        algorithms: [
          defineAlgorithm('gzip', { level: 9 }),
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        ],
        logLevel: 'silent',
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 900,
      // No <link rel="modulepreload"> per dependency of a dynamic import: the browser's module
      // loader fetches the chunks itself. Vite's helper appended ~75 links at a signed-in page's
      // start, in one long task, and its polyfill in the entry watched every node added to the
      // document (a MutationObserver on the whole tree); without both, Lighthouse's LCP over
      // HTTP/2 fell from ~1.2-1.4 s to 880 ms (dashboard) and 1,044 ms (web logs)
      // (bench/README.md, "No modulepreload links").
      modulePreload: false,
      // dist/.vite/manifest.json: the chunk graph the first-load check reads (bench/support/firstLoad.ts).
      manifest: true,
      rollupOptions: {
        // TypeBox's schema builders (Type.Object, …) and modules have no side effects: a schema no
        // code of a chunk uses is left out, and with it TypeBox itself from the first load.
        treeshake: {
          manualPureFunctions: ['Type'],
          moduleSideEffects: (id) => (id.includes('/node_modules/typebox/') ? false : undefined),
        },
        ...(input ? { input } : {}),
        output: {
          ...(groupFormParts ? MUI_FORM_CHUNK : {}),
          postBanner: (chunk: { name: string }) =>
            EAGER_COMPILE_CHUNKS.includes(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
        },
      },
    },
  };
}

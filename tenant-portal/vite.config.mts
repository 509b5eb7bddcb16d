import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The tenant portal is served at '/'. Two entries: the portal itself (index.html) and the
 * separately loaded login area (login/index.html → dist/login/index.html, served at /login/).
 */
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // dist/.vite/manifest.json: the chunk graph the first-load check reads (bench/support/firstLoad.ts).
    manifest: true,
    rollupOptions: {
      // TypeBox's schema builders (Type.Object, …) and modules have no side effects: a schema no
      // code of a chunk uses is left out, and with it TypeBox itself from the first load (issue 15).
      treeshake: {
        manualPureFunctions: ['Type'],
        moduleSideEffects: (id) => (id.includes('/node_modules/typebox/') ? false : undefined),
      },
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        login: resolve(import.meta.dirname, 'login/index.html'),
      },
    },
  },
});

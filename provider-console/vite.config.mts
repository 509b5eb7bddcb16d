import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The provider console is served at /provider/ by the same server as the tenant portal. */
export default defineConfig({
  base: '/provider/',
  plugins: [react()],
  // manifest: dist/.vite/manifest.json, the chunk graph the first-load check reads (bench/support/firstLoad.ts).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    manifest: true,
    rollupOptions: {
      // TypeBox's schema builders (Type.Object, …) and modules have no side effects: a schema no
      // code of a chunk uses is left out, and with it TypeBox itself from the first load (issue 14).
      treeshake: {
        manualPureFunctions: ['Type'],
        moduleSideEffects: (id) => (id.includes('/node_modules/typebox/') ? false : undefined),
      },
    },
  },
});

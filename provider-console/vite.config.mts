import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The provider console is served at /provider/ by the same server as the tenant portal. */
export default defineConfig({
  base: '/provider/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
});

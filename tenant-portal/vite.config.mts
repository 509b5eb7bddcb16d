import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { workbenchAppConfig } from '../vite.apps.mjs';

/**
 * The tenant portal is served at '/'. Two entries: the portal itself (index.html) and the
 * separately loaded login area (login/index.html → dist/login/index.html, served at /login/).
 */
export default defineConfig(
  workbenchAppConfig({
    base: '/',
    react: react(),
    groupFormParts: true,
    input: {
      main: resolve(import.meta.dirname, 'index.html'),
      login: resolve(import.meta.dirname, 'login/index.html'),
    },
  }),
);

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { workbenchAppConfig } from '../vite.apps.mjs';

/** The provider console is served at /provider/ by the same server as the tenant portal. */
export default defineConfig(workbenchAppConfig({ base: '/provider/', react: react() }));

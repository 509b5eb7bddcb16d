import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  INJECTED_ENV_GLOBAL,
  INJECTED_ENV_MARKER,
  type InjectedEnv,
} from '@workbench/common/api/contract/wire';
import { apiError, isApiPath } from '../http/errors';
import { APPLIANCE_SETTINGS_PREFIX } from '@workbench/common/api/contract/wire';

export interface StaticAppsOptions {
  /** The repo root holding tenant-portal/dist and provider-console/dist. */
  staticRoot: string;
  env: InjectedEnv;
}

interface AppDist {
  name: string;
  prefix: string;
  dir: string;
}

/** The statement that defines window.__WORKBENCH_ENV__; `<` is escaped so no value can close the tag. */
const envStatement = (env: InjectedEnv): string =>
  `window.${INJECTED_ENV_GLOBAL}=${JSON.stringify(env).replace(/</g, '\\u003c')}`;

/** The inline `<script>` the app pages get: the one inline script the CSP allows, by its hash. */
export const envScript = (env: InjectedEnv): string => `<script>${envStatement(env)}</script>`;

/** base64 SHA-256 of the inline environment script, for the CSP's script-src. */
export const envScriptHash = (env: InjectedEnv): string =>
  crypto.createHash('sha256').update(envStatement(env)).digest('base64');

export const injectEnv = (html: string, env: InjectedEnv): string =>
  html.split(INJECTED_ENV_MARKER).join(envScript(env));

export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves the built apps: the tenant portal (with its login area at /login/) at / and the provider
 * console at /provider/. HTML gets the runtime environment injected and `no-cache`; files under
 * assets/ (content-hashed by Vite) are cached for a year, sent compressed when the build wrote a
 * compressed copy the browser accepts. A missing build answers 503.
 */
export const staticApps =
  (options: StaticAppsOptions): FastifyPluginAsync =>
  async (app) => {
    const tenant: AppDist = {
      name: 'tenant portal',
      prefix: '/',
      dir: path.join(options.staticRoot, 'tenant-portal', 'dist'),
    };
    const provider: AppDist = {
      name: 'provider console',
      prefix: '/provider/',
      dir: path.join(options.staticRoot, 'provider-console', 'dist'),
    };
    // The build writes a .br and a .gz beside each asset (vite-plugin-compression2 in the Vite
    // configs): the smallest one the browser accepts is sent, the file itself otherwise.
    await app.register(fastifyStatic, { root: options.staticRoot, serve: false, preCompressed: true });

    const serve = async (dist: AppDist, relUrl: string, reply: FastifyReply) => {
      if (!fs.existsSync(path.join(dist.dir, 'index.html'))) {
        return reply
          .code(503)
          .header('Cache-Control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            `The ${dist.name} is not built yet: run \`npm run build\` in the repository root, then reload.`,
          );
      }
      let rel: string;
      try {
        rel = decodeURIComponent(relUrl);
      } catch {
        return reply.code(400).type('text/plain; charset=utf-8').send('Bad path');
      }
      const file = path.resolve(dist.dir, `.${path.posix.normalize(`/${rel}`)}`);
      if (file !== dist.dir && !file.startsWith(dist.dir + path.sep))
        return reply.code(404).send('Not found');
      let target = file;
      if (fs.existsSync(target) && fs.statSync(target).isDirectory())
        target = path.join(target, 'index.html');
      if (!fs.existsSync(target) || !fs.statSync(target).isFile()) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      if (target.endsWith('.html')) {
        const html = await fs.promises.readFile(target, 'utf8');
        return reply
          .header('Cache-Control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(injectEnv(html, options.env));
      }
      const relative = path.relative(dist.dir, target).split(path.sep).join('/');
      const hashed = relative.startsWith('assets/') || relative.includes('/assets/');
      reply.header('Cache-Control', hashed ? HASHED_ASSET_CACHE : 'no-cache');
      return reply.sendFile(relative, dist.dir, { cacheControl: false });
    };

    app.get('/provider', { schema: { hide: true } }, (_request, reply) => reply.redirect('/provider/', 301));
    app.get('/provider/*', { schema: { hide: true } }, (request, reply) =>
      serve(provider, (request.params as { '*': string })['*'], reply),
    );
    // The appliance-settings prefix is a location path of the tenant portal (its hash routes follow).
    for (const prefix of [APPLIANCE_SETTINGS_PREFIX, `${APPLIANCE_SETTINGS_PREFIX}/`])
      app.get(prefix, { schema: { hide: true } }, (_request, reply) => serve(tenant, '', reply));
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const url = request.url.split('?')[0];
      if (isApiPath(url))
        return reply.code(404).send(apiError(404, `No such API path: ${request.method} ${url}`));
      return serve(tenant, (request.params as { '*': string })['*'], reply);
    });
  };

/**
 * PAC files (issue 34 point 2; docs/settings.md "PAC files"): GET and PATCH `pac`, GET and PUT
 * `pac/proxy_ips` and `pac/defaults`, GET and POST `pac/template`, the tester `POST pac/test`, the
 * PAC version at `/api/settings/v2/pac/version` and `/api/policy/v1/pac_version` (one stored value,
 * both paths), and the public file `GET /pac/<key>/proxy.pac` a browser is configured with.
 *
 * One config-store entity per tenant (`tenant_pac`) holds the file, the proxies, the defaults and
 * the version; `tenant_pac_key` maps the file's public key (random, so the URL names no tenant id)
 * to its tenant. Every write is audited (area `pac_file`) with before and after.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  PAC_CONTENT_TYPE,
  PAC_DEFAULTS,
  PAC_FEATURE,
  PAC_PATHS as PATHS,
  PAC_READ_PERMISSION,
  PAC_WRITE_PERMISSION,
  PacDefaults,
  PacProxyIps,
  PacSettings,
  PacSettingsPatch,
  PacTemplate,
  PacTemplateBody,
  PacTestBody,
  PacTestReply,
  PacVersion,
  PacVersionBody,
  pacFileUrl,
} from '@workbench/common/api/contract/pacSettings';
import { deriveFeatureFlags } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore } from '../store/ConfigStore';
import { tenantInEffect } from '../provider/capabilityStateRoutes';
import { PacProblem, checkPacFile, domainProblem, evaluatePac, pacTemplate, proxyProblem } from './pacFile';
import { providerPacFile } from './providerPac';

export const PAC_ENTITY = 'tenant_pac';
const KEY_ENTITY = 'tenant_pac_key';

/** The stored document of a tenant. */
export interface StoredPac {
  pac: string;
  filename: string;
  key: string;
  proxy_ips: string[];
  defaults: PacDefaults;
  pac_v2: boolean;
  updated_at: string | null;
  updated_by: string | null;
}

export const PAC_DEFAULT_FILENAME = 'proxy.pac';

/** A new tenant's document: no file of its own yet, so the version serves the template. */
const freshPac = (key: string): StoredPac => ({
  pac: '',
  filename: PAC_DEFAULT_FILENAME,
  key,
  proxy_ips: [],
  defaults: PAC_DEFAULTS,
  pac_v2: false,
  updated_at: null,
  updated_by: null,
});

const newKey = () => crypto.randomBytes(18).toString('base64url');

/** Stores a tenant's document (and its key's entry the first time). */
export async function writePac(
  store: Pick<ConfigStore, 'entities'>,
  tid: string,
  doc: StoredPac,
  at: string,
): Promise<void> {
  const existing = await store.entities.get(PAC_ENTITY, tid);
  const record = {
    entity: PAC_ENTITY,
    id: tid,
    data: { ...doc },
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
  };
  if (existing) await store.entities.update(record);
  else if (!(await store.entities.insert(record))) await store.entities.update(record);
  if (!(await store.entities.get(KEY_ENTITY, doc.key)))
    await store.entities.insert({
      entity: KEY_ENTITY,
      id: doc.key,
      data: { tid },
      createdAt: at,
      updatedAt: at,
    });
}

/**
 * The file a browser gets: the tenant's own (version 2), else the template (version 1) made from
 * its proxies; a tenant that has named no proxies gets the provider's default PAC file where an
 * operator saved one (docs/provider-console.md §12).
 */
export const servedPac = (doc: StoredPac, providerPac: string | null = null): string =>
  doc.pac_v2 && doc.pac !== ''
    ? doc.pac
    : doc.proxy_ips.length === 0 && providerPac !== null
      ? providerPac
      : pacTemplate(doc.proxy_ips, doc.defaults);

const checkProxies = (proxies: readonly string[], field = 'proxy_ips'): string[] => {
  for (const [i, p] of proxies.entries()) {
    const problem = proxyProblem(p.trim());
    if (problem) throw new ApiHttpError(400, problem, `${field}.${i}`);
  }
  return proxies.map((p) => p.trim());
};
/** `prefix` names where the defaults sit in the body ('' when they are the body). */
const checkDefaults = (defaults: PacDefaults, prefix = 'defaults.'): PacDefaults => {
  for (const [i, d] of defaults.bypass_domains.entries()) {
    const problem = domainProblem(d.trim());
    if (problem) throw new ApiHttpError(400, problem, `${prefix}bypass_domains.${i}`);
  }
  return { ...defaults, bypass_domains: [...new Set(defaults.bypass_domains.map((d) => d.trim()))] };
};
export const checkedFile = (text: string, field = 'pac'): string => {
  try {
    checkPacFile(text);
  } catch (error) {
    if (error instanceof PacProblem) throw new ApiHttpError(400, error.message, field);
    throw error;
  }
  return text;
};

/**
 * The tester (docs/settings.md "PAC files"), shared by the tenant's and the provider's PAC pages:
 * the URL, client address and hosts checked (400 naming each), the file given checked as a save
 * checks it, or the file `served` when none is given, run in the sandbox.
 */
export async function runPacTest(body: PacTestBody, served: () => Promise<string>): Promise<PacTestReply> {
  let url: URL;
  try {
    url = new URL(body.url);
  } catch {
    throw new ApiHttpError(400, `"${body.url}" is not a URL (e.g. https://www.example.com/).`, 'url');
  }
  if (!['http:', 'https:', 'ftp:', 'ws:', 'wss:'].includes(url.protocol) || url.hostname === '')
    throw new ApiHttpError(400, `"${body.url}" is not a web URL with a host.`, 'url');
  const clientIp = body.client_ip.trim();
  if (!net.isIP(clientIp))
    throw new ApiHttpError(400, `"${body.client_ip}" is not an IP address.`, 'client_ip');
  const hosts = body.hosts ?? {};
  for (const [host, ip] of Object.entries(hosts))
    if (!net.isIP(ip)) throw new ApiHttpError(400, `"${ip}" is not an IP address.`, `hosts.${host}`);
  const text = body.pac === undefined ? await served() : checkedFile(body.pac);
  try {
    const result = await evaluatePac(text, url, { hosts, clientIp });
    // A bracketed IPv6 host is handed to FindProxyForURL without its brackets, as browsers do.
    return { result, url: url.href, host: url.hostname.replace(/^\[|\]$/g, ''), client_ip: clientIp };
  } catch (error) {
    if (error instanceof PacProblem) throw new ApiHttpError(400, error.message, 'pac');
    throw error;
  }
}

export const pacRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const tags = ['PAC files'];
  const features = [PAC_FEATURE];
  const read = { world: 'tenant' as const, permission: PAC_READ_PERMISSION, features };
  const write = (what: string) => ({
    world: 'tenant' as const,
    permission: PAC_WRITE_PERMISSION,
    features,
    // Every write goes through save: the document and its audit event in one transaction.
    audit: { action: 'update', area: 'pac_file', what, inTransaction: true as const },
  });
  const nowIso = () => ctx.now().toISOString();

  /** The tenant's document; made on first use, so the file's URL stays the same from the first read on. */
  const readPac = async (tid: string): Promise<StoredPac> => {
    const stored = (await store.entities.get(PAC_ENTITY, tid))?.data as StoredPac | undefined;
    if (stored) return stored;
    const at = nowIso();
    const fresh = freshPac(newKey());
    // Two first reads at once: the one stored first wins, both answer it.
    if (
      await store.entities.insert({
        entity: PAC_ENTITY,
        id: tid,
        data: { ...fresh },
        createdAt: at,
        updatedAt: at,
      })
    )
      await store.entities.insert({
        entity: KEY_ENTITY,
        id: fresh.key,
        data: { tid },
        createdAt: at,
        updatedAt: at,
      });
    return (await store.entities.get(PAC_ENTITY, tid))?.data as unknown as StoredPac;
  };

  const settingsView = (d: StoredPac): PacSettings => ({
    pac: d.pac,
    filename: d.filename,
    url: pacFileUrl(d.key),
    updated_at: d.updated_at,
    updated_by: d.updated_by,
  });
  const versionView = (d: StoredPac): PacVersion => ({
    pac_v2: d.pac_v2,
    updated_at: d.updated_at,
    updated_by: d.updated_by,
  });
  /** What the audit trail keeps of a document (the file itself, which it summarises when long). */
  const auditState = (d: StoredPac) => ({
    filename: d.filename,
    pac_v2: d.pac_v2,
    proxy_ips: d.proxy_ips,
    defaults: d.defaults,
    pac: d.pac,
  });

  const save = async (
    request: FastifyRequest,
    before: StoredPac,
    change: Partial<Omit<StoredPac, 'key' | 'updated_at' | 'updated_by'>>,
    details: string,
  ): Promise<StoredPac> => {
    const { tid, username } = tenantSessionOf(request);
    const saved: StoredPac = { ...before, ...change, updated_at: nowIso(), updated_by: username };
    await auditedChange(request, async (tx) => {
      await writePac(tx, tid, saved, saved.updated_at as string);
      noteAudit(request, {
        object: 'PAC file',
        before: auditState(before),
        after: auditState(saved),
        details,
      });
    });
    return saved;
  };

  app.get(
    PATHS.settings,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's PAC file, its file name, and the URL browsers fetch it from",
        response: { 200: PacSettings, ...errorResponses(401, 403) },
      },
    },
    async (request) => settingsView(await readPac(tenantSessionOf(request).tid)),
  );

  app.patch(
    PATHS.settings,
    {
      config: write('Changed the PAC file.'),
      schema: {
        tags,
        summary:
          'Changes the PAC file and/or its file name; a file that does not parse (the line and column said) or does not define FindProxyForURL is refused',
        body: PacSettingsPatch,
        response: { 200: PacSettings, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      const before = await readPac(tenantSessionOf(request).tid);
      const pac = body.pac === undefined ? undefined : checkedFile(body.pac);
      if (body.updated_at !== undefined && body.updated_at !== before.updated_at)
        throw new ApiHttpError(
          409,
          `The PAC file was changed${before.updated_by ? ` by ${before.updated_by}` : ''}${before.updated_at ? ` at ${before.updated_at}` : ''} after you loaded it: reload it and make your change again.`,
          'updated_at',
        );
      const change = {
        ...(pac === undefined ? {} : { pac }),
        ...(body.filename === undefined ? {} : { filename: body.filename }),
      };
      const saved = await save(
        request,
        before,
        change,
        `Changed the PAC file (${Object.keys(change).join(', ') || 'nothing'}).`,
      );
      return settingsView(saved);
    },
  );

  app.get(
    PATHS.proxyIps,
    {
      config: read,
      schema: {
        tags,
        summary: 'The proxies (host:port, in order) the PAC template sends traffic to',
        response: { 200: PacProxyIps, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ proxy_ips: (await readPac(tenantSessionOf(request).tid)).proxy_ips }),
  );

  app.put(
    PATHS.proxyIps,
    {
      config: write('Changed the PAC proxies.'),
      schema: {
        tags,
        summary: 'Replaces the proxies (host:port) the PAC template sends traffic to',
        body: PacProxyIps,
        response: { 200: PacProxyIps, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const proxy_ips = checkProxies(request.body.proxy_ips);
      const before = await readPac(tenantSessionOf(request).tid);
      const saved = await save(
        request,
        before,
        { proxy_ips },
        `Changed the PAC proxies (${proxy_ips.length}).`,
      );
      return { proxy_ips: saved.proxy_ips };
    },
  );

  app.get(
    PATHS.defaults,
    {
      config: read,
      schema: {
        tags,
        summary: 'The defaults the PAC template is made with: what goes direct, and fail open or closed',
        response: { 200: PacDefaults, ...errorResponses(401, 403) },
      },
    },
    async (request) => (await readPac(tenantSessionOf(request).tid)).defaults,
  );

  app.put(
    PATHS.defaults,
    {
      config: write('Changed the PAC defaults.'),
      schema: {
        tags,
        summary: 'Replaces the defaults the PAC template is made with',
        body: PacDefaults,
        response: { 200: PacDefaults, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const defaults = checkDefaults(request.body, '');
      const before = await readPac(tenantSessionOf(request).tid);
      return (await save(request, before, { defaults }, 'Changed the PAC defaults.')).defaults;
    },
  );

  app.get(
    PATHS.template,
    {
      config: read,
      schema: {
        tags,
        summary: 'The PAC template made from the stored proxies and defaults',
        response: { 200: PacTemplate, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const d = await readPac(tenantSessionOf(request).tid);
      return { pac: pacTemplate(d.proxy_ips, d.defaults) };
    },
  );

  app.post(
    PATHS.template,
    {
      config: { ...read, audit: { exempt: 'makes a template from the values given and stores nothing' } },
      schema: {
        tags,
        summary: 'The PAC template made from the proxies and defaults given (unsaved values of the form)',
        body: PacTemplateBody,
        response: { 200: PacTemplate, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      pac: pacTemplate(checkProxies(request.body.proxy_ips), checkDefaults(request.body.defaults)),
    }),
  );

  app.post(
    PATHS.test,
    {
      config: { ...read, audit: { exempt: 'evaluates a PAC file in a sandbox and stores nothing' } },
      schema: {
        tags,
        summary:
          'PAC tester: what FindProxyForURL answers for a URL from a client address (the file given, or the one served), in a sandbox with a time limit; dnsResolve answers from the hosts given, never the network',
        body: PacTestBody,
        response: { 200: PacTestReply, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runPacTest(request.body, async () =>
        servedPac(await readPac(tenantSessionOf(request).tid), await providerPacFile(store)),
      ),
  );

  for (const path of [PATHS.version, PATHS.policyVersion]) {
    app.get(
      path,
      {
        config: read,
        schema: {
          tags,
          summary:
            'The PAC version: pac_v2 true serves the file edited in the portal, false the template made from the proxies and defaults',
          response: { 200: PacVersion, ...errorResponses(401, 403) },
        },
      },
      async (request) => versionView(await readPac(tenantSessionOf(request).tid)),
    );
    app.put(
      path,
      {
        config: write('Changed the PAC version.'),
        schema: {
          tags,
          summary:
            'Sets the PAC version; version 2 needs a PAC file of the tenant to serve (400 pac_v2 otherwise)',
          body: PacVersionBody,
          response: { 200: PacVersion, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const before = await readPac(tenantSessionOf(request).tid);
        if (request.body.pac_v2 && before.pac === '')
          throw new ApiHttpError(
            400,
            'Version 2 serves the PAC file edited here: save a PAC file first.',
            'pac_v2',
          );
        const saved = await save(
          request,
          before,
          { pac_v2: request.body.pac_v2 },
          `Set the PAC version to ${request.body.pac_v2 ? '2 (the PAC file edited here)' : '1 (the template)'}.`,
        );
        return versionView(saved);
      },
    );
  }

  // The file a browser's proxy settings point at: no session (browsers fetch it unsigned), found by
  // its random key; a tenant that is disabled or without the pac feature serves nothing.
  app.get(
    PATHS.served,
    {
      config: { world: 'public' as const },
      schema: {
        tags,
        summary: `A tenant's PAC file, as browsers fetch it (${PAC_CONTENT_TYPE})`,
        params: Type.Object({
          key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
        }),
        produces: [PAC_CONTENT_TYPE],
        response: { 200: { type: 'string' }, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const notFound = new ApiHttpError(404, 'No PAC file is served at this address.');
      const entry = await store.entities.get(KEY_ENTITY, request.params.key);
      const tid = (entry?.data as { tid?: string } | undefined)?.tid;
      const stored = tid ? await store.tenants.get(tid) : null;
      if (!tid || !stored || stored.status !== 'active') throw notFound;
      const tenant = await tenantInEffect(store, stored, ctx.now());
      if (deriveFeatureFlags(tenant.capabilities)[PAC_FEATURE] !== true) throw notFound;
      const doc = (await store.entities.get(PAC_ENTITY, tid))?.data as StoredPac | undefined;
      if (!doc) throw notFound;
      return reply
        .type(PAC_CONTENT_TYPE)
        .header('content-disposition', `inline; filename="${doc.filename}"`)
        .send(servedPac(doc, await providerPacFile(store)));
    },
  );
};

/**
 * PAC files (issue 34 point 2; docs/settings.md §1 PAC and "PAC files"): the tenant's proxy
 * auto-configuration file (`pac`, `filename`), the proxies and defaults its template is made from,
 * the template, the PAC version (`/api/settings/v2/pac/version` and `/api/policy/v1/pac_version`,
 * one stored value), the tester, and the public URL the file is served at. The spec names the calls
 * without their shapes: the shapes below are ours (docs/settings.md "PAC files"). One source of
 * truth for the server's validation, its OpenAPI and the client's types.
 */
import { Type, type Static } from 'typebox';

const TENANTS_V1 = '/api/settings/v1/tenants';
export const PAC_PATHS = {
  settings: `${TENANTS_V1}/pac`,
  proxyIps: `${TENANTS_V1}/pac/proxy_ips`,
  defaults: `${TENANTS_V1}/pac/defaults`,
  template: `${TENANTS_V1}/pac/template`,
  /** Our choice: the tester, under the PAC settings (docs/settings.md "PAC files"). */
  test: `${TENANTS_V1}/pac/test`,
  version: '/api/settings/v2/pac/version',
  policyVersion: '/api/policy/v1/pac_version',
  /** The public URL a browser fetches the file from (no session): `/pac/<key>/proxy.pac`. */
  served: '/pac/:key/proxy.pac',
} as const;

export const PAC_CONTENT_TYPE = 'application/x-ns-proxy-autoconfig';
/** The served file's path for a tenant's key. */
export const pacFileUrl = (key: string): string => PAC_PATHS.served.replace(':key', key);

export { PAC_READ_PERMISSION, PAC_WRITE_PERMISSION } from './settingsPermissions';
export const PAC_FEATURE = 'pac';

/** Limits. */
export const PAC_TEXT_MAX = 100_000;
export const PAC_FILENAME_MAX = 100;
export const PAC_PROXIES_MAX = 20;
export const PAC_BYPASS_MAX = 200;
/**
 * The tester stops a file that runs longer than this (an endless loop is refused, not waited for).
 * Wall-clock time: the file's calls to the PAC functions wait on the server's event loop, which a
 * busy server delays; a second was seen spent on a plain file under CI's load.
 */
export const PAC_TEST_TIME_LIMIT_MS = 5000;
/** The tester's table of host names to addresses (dnsResolve never reaches the network). */
export const PAC_TEST_HOSTS_MAX = 50;

export const PacFilename = Type.String({
  minLength: 1,
  maxLength: PAC_FILENAME_MAX,
  pattern: '^[A-Za-z0-9._-]+$',
});

const Audit = {
  updated_at: Type.Union([Type.String(), Type.Null()]),
  updated_by: Type.Union([Type.String(), Type.Null()]),
};

/** GET /api/settings/v1/tenants/pac */
export const PacSettings = Type.Object({
  pac: Type.String(),
  filename: Type.String(),
  /** Where browsers fetch the file (a path on this server's origin). */
  url: Type.String(),
  ...Audit,
});
export type PacSettings = Static<typeof PacSettings>;

/** PATCH /api/settings/v1/tenants/pac: the fields given change; `updated_at` as read guards against a lost update (409). */
export const PacSettingsPatch = Type.Object(
  {
    pac: Type.Optional(Type.String({ maxLength: PAC_TEXT_MAX })),
    filename: Type.Optional(PacFilename),
    updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PacSettingsPatch = Static<typeof PacSettingsPatch>;

/** A proxy the template sends traffic to: `host:port` (a name, IPv4, or [IPv6]). */
export const PacProxyIps = Type.Object(
  { proxy_ips: Type.Array(Type.String({ minLength: 1, maxLength: 260 }), { maxItems: PAC_PROXIES_MAX }) },
  { additionalProperties: false },
);
export type PacProxyIps = Static<typeof PacProxyIps>;

/** The defaults the template is made with: what goes direct, and what happens when no proxy answers. */
export const PacDefaults = Type.Object(
  {
    /** Domains (and their subdomains) that never go through the proxy. */
    bypass_domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: PAC_BYPASS_MAX }),
    /** Private addresses (10/8, 172.16/12, 192.168/16, 127/8) go direct. */
    bypass_private_networks: Type.Boolean(),
    /** Host names without a dot (intranet names) go direct. */
    bypass_plain_hostnames: Type.Boolean(),
    /** When no proxy answers, go direct (fail open) rather than fail. */
    fail_open: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PacDefaults = Static<typeof PacDefaults>;

export const PAC_DEFAULTS: PacDefaults = {
  bypass_domains: [],
  bypass_private_networks: true,
  bypass_plain_hostnames: true,
  fail_open: false,
};

/** POST template: the template made from the proxies and defaults given (unsaved values). */
export const PacTemplateBody = Type.Object(
  { proxy_ips: PacProxyIps.properties.proxy_ips, defaults: PacDefaults },
  { additionalProperties: false },
);
export type PacTemplateBody = Static<typeof PacTemplateBody>;
export const PacTemplate = Type.Object({ pac: Type.String() });
export type PacTemplate = Static<typeof PacTemplate>;

/**
 * The PAC version: `pac_v2` true serves the file edited in the portal; false serves the template
 * made from the proxies and defaults (docs/settings.md "PAC files").
 */
export const PacVersion = Type.Object({ pac_v2: Type.Boolean(), ...Audit });
export type PacVersion = Static<typeof PacVersion>;
export const PacVersionBody = Type.Object({ pac_v2: Type.Boolean() }, { additionalProperties: false });
export type PacVersionBody = Static<typeof PacVersionBody>;

/** POST test: what FindProxyForURL answers for a URL from a client; `pac` absent tests the file served. */
export const PacTestBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    client_ip: Type.String({ minLength: 1, maxLength: 45 }),
    pac: Type.Optional(Type.String({ maxLength: PAC_TEXT_MAX })),
    /** What dnsResolve answers per host name (names not listed do not resolve). */
    hosts: Type.Optional(
      Type.Record(Type.String({ maxLength: 253 }), Type.String({ maxLength: 45 }), {
        maxProperties: PAC_TEST_HOSTS_MAX,
      }),
    ),
  },
  { additionalProperties: false },
);
export type PacTestBody = Static<typeof PacTestBody>;
export const PacTestReply = Type.Object({
  /** FindProxyForURL's answer, e.g. "PROXY proxy.example.com:8080; DIRECT". */
  result: Type.String(),
  url: Type.String(),
  host: Type.String(),
  client_ip: Type.String(),
});
export type PacTestReply = Static<typeof PacTestReply>;

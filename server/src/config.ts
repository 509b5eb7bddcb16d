import fs from 'node:fs';
import { smtpFromEnv, type SmtpConfig } from './alerts/smtpConfig';
import { isIP } from 'node:net';
import path from 'node:path';
import { parseClickHouseUrl } from './events/clickhouseUrl';
import { secretKeysFromEnv } from './security/secretBox';
import { DEFAULT_READY_TIMEOUT_MS } from './http/health';
import { DEFAULT_CLICKHOUSE_TIMEOUT_MS } from './events/clickhouseHttp';
import { DEFAULT_LEASE_MS } from './store/leases';
import { DEPLOYMENTS, MODES, type Deployment, type Mode } from '@workbench/common/api/contract/wire';
import { EXTENSION_IDS, isExtensionId, type ExtensionId } from '@workbench/common/api/contract/extensions';

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute data directory. */
  dataDir: string;
  demoPassword?: string;
  deployment: Deployment;
  mode: Mode | null;
  /** WORKBENCH_DEMO_EVENTS: how many synthetic events to create on first start (undefined: not set). */
  demoEvents?: number;
  /** WORKBENCH_INSIGHTS_URL: the separate insights application, if this deployment has one. */
  insightsUrl: string | null;
  /** WORKBENCH_STORAGE_ENDPOINT: a stand-in for the storage profiles' cloud endpoints (tests, demos). */
  storageEndpoint: string | null;
  /** WORKBENCH_PUBLIC_IPS: the deployment's public addresses (`all_public_ips`); empty: none configured. */
  publicIps: string[];
  /** WORKBENCH_SMTP_URL and WORKBENCH_SMTP_FROM: the deployment's SMTP server (alerts/mailer.ts); null: none. */
  smtp: SmtpConfig | null;
  /** WORKBENCH_LOGIN_RATE_LIMIT: sign-in calls per minute and client address (undefined: the default). */
  loginRatePerMinute?: number;
  /** WORKBENCH_LIVE_EVENTS: demo events a second added after the first seeding (0: none). */
  liveEventsPerSecond: number;
  /** WORKBENCH_CONFIG_URL: a postgres:// URL of the shared config store; null: SQLite in dataDir. */
  configUrl: string | null;
  /** WORKBENCH_EVENTS_URL: the ClickHouse event store (clickhouse://…); null: DuckDB in dataDir. */
  eventsUrl: string | null;
  /**
   * WORKBENCH_TRUST_PROXY: the addresses of the reverse proxies whose X-Forwarded-For is believed
   * (Fastify's trustProxy: addresses, CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`);
   * empty: none, the client is the socket's peer.
   */
  trustedProxies: string[];
  /** WORKBENCH_EXTENSIONS: the extensions served (docs/api.md); unset or `all`: every one. */
  extensions: readonly ExtensionId[];
  /**
   * WORKBENCH_REGION: the report region this server makes scheduled reports for (a deployment's
   * region, docs/provider-console.md §14); null: every tenant's.
   */
  region: string | null;
  /**
   * WORKBENCH_SECRET_KEY / WORKBENCH_SECRET_KEY_FILE: the keys sealing the secrets at rest (the
   * first seals, the others open: a rotation); null: the data directory's key file.
   */
  secretKeys: Buffer[] | null;
  /** WORKBENCH_SECURE_COOKIES=true: cookies only over https (behind a TLS-terminating proxy). */
  secureCookies: boolean;
  /** LOG_LEVEL: the JSON log's level (pino's: fatal, error, warn, info, debug, trace; default warn). */
  logLevel: string;
  /** WORKBENCH_READY_TIMEOUT_MS: how long /readyz waits for each store part. */
  readyTimeoutMs: number;
  /** WORKBENCH_EVENTS_TIMEOUT_MS: how long a ClickHouse request may take (then 504). */
  eventsTimeoutMs: number;
  /** WORKBENCH_EVENTS_REPLICAS: replicas per ClickHouse shard (above 1: replicated tables). */
  eventsReplicas: number;
  /**
   * WORKBENCH_METRICS_ALLOW: who may read /metrics and the reasons of /readyz: addresses, CIDR
   * ranges or loopback, linklocal, uniquelocal; default loopback.
   */
  metricsAllow: string[];
  /** WORKBENCH_LEASE_SECONDS: how long a lease of the config store lasts unless renewed (store/leases.ts). */
  leaseMs: number;
}

/**
 * The variables that may hold a secret (a password, or a URL that may carry one): each may be
 * given as NAME, or as NAME_FILE naming a file that holds it (Docker and systemd secrets), so no
 * password has to be on a command line or in the process's environment listing.
 */
export const FILE_VARIABLES = [
  'WORKBENCH_CONFIG_URL',
  'WORKBENCH_CONFIG_PASSWORD',
  'WORKBENCH_EVENTS_URL',
  'WORKBENCH_EVENTS_PASSWORD',
  'WORKBENCH_DEMO_PASSWORD',
  'WORKBENCH_INSIGHTS_URL',
  'WORKBENCH_STORAGE_ENDPOINT',
  'WORKBENCH_SMTP_URL',
] as const;

/** Each of FILE_VARIABLES with its file form, spelled out (so the names can be searched for). */
export const FILE_FORMS: Readonly<Record<(typeof FILE_VARIABLES)[number], string>> = {
  WORKBENCH_CONFIG_URL: 'WORKBENCH_CONFIG_URL_FILE',
  WORKBENCH_CONFIG_PASSWORD: 'WORKBENCH_CONFIG_PASSWORD_FILE',
  WORKBENCH_EVENTS_URL: 'WORKBENCH_EVENTS_URL_FILE',
  WORKBENCH_EVENTS_PASSWORD: 'WORKBENCH_EVENTS_PASSWORD_FILE',
  WORKBENCH_DEMO_PASSWORD: 'WORKBENCH_DEMO_PASSWORD_FILE',
  WORKBENCH_INSIGHTS_URL: 'WORKBENCH_INSIGHTS_URL_FILE',
  WORKBENCH_STORAGE_ENDPOINT: 'WORKBENCH_STORAGE_ENDPOINT_FILE',
  WORKBENCH_SMTP_URL: 'WORKBENCH_SMTP_URL_FILE',
};

/** NAME or the content of the file NAME_FILE names (one trailing line break dropped); undefined for neither. */
export function fromEnvOrFile(
  env: NodeJS.ProcessEnv,
  name: (typeof FILE_VARIABLES)[number],
): string | undefined {
  const inline = env[name];
  const file = env[FILE_FORMS[name]];
  if (!blank(inline) && !blank(file)) throw new ConfigError(`Set ${name} or ${name}_FILE, not both.`);
  if (!blank(file)) {
    try {
      return fs.readFileSync(file.trim(), 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      throw new ConfigError(`${name}_FILE: cannot read ${file.trim()} (${(error as Error).message}).`);
    }
  }
  return inline;
}

/** WORKBENCH_CONFIG_URL with WORKBENCH_CONFIG_PASSWORD put in (the URL then names the user only). */
function withPostgresPassword(url: string, password: string | undefined): string {
  if (password === undefined || password === '') return url;
  const parsed = new URL(url);
  if (parsed.password !== '')
    throw new ConfigError(
      'WORKBENCH_CONFIG_PASSWORD is set and WORKBENCH_CONFIG_URL holds a password too: keep it in one place.',
    );
  if (parsed.username === '')
    throw new ConfigError(
      'WORKBENCH_CONFIG_PASSWORD needs the user name in WORKBENCH_CONFIG_URL (postgres://user@host/db).',
    );
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** WORKBENCH_EVENTS_URL with WORKBENCH_EVENTS_PASSWORD put in (user `default` when the URL names none). */
function withClickHousePassword(url: string, password: string | undefined): string {
  if (password === undefined || password === '') return url;
  const match = /^clickhouse:\/\/(?:([^:@/]+)(:[^@/]*)?@)?(.*)$/.exec(url.trim());
  if (!match) return url; // parseClickHouseUrl names what is wrong
  const [, user, inlinePassword, rest] = match;
  if (inlinePassword !== undefined)
    throw new ConfigError(
      'WORKBENCH_EVENTS_PASSWORD is set and WORKBENCH_EVENTS_URL holds a password too: keep it in one place.',
    );
  return `clickhouse://${user ?? 'default'}:${encodeURIComponent(password)}@${rest}`;
}

/** Live demo data by default: a gentle trickle, so the newest minutes of the logs are never empty. */
export const DEFAULT_LIVE_EVENTS_PER_SECOND = 2;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const blank = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';

/**
 * Reads the run contract's environment (DESIGN.md). Relative WORKBENCH_DATA is resolved against
 * the repo root. Throws ConfigError with a message naming the variable on a bad value.
 */
export function readConfig(environment: NodeJS.ProcessEnv, repoRoot: string): ServerConfig {
  // The secrets' variables as read from their files where NAME_FILE is given.
  const env: NodeJS.ProcessEnv = { ...environment };
  for (const name of FILE_VARIABLES) env[name] = fromEnvOrFile(environment, name);
  let port = 8080;
  if (!blank(env.PORT)) {
    port = Number(env.PORT);
    if (!/^\d+$/.test(env.PORT.trim()) || port > 65535) {
      throw new ConfigError(`PORT must be a port number (0-65535), got "${env.PORT}".`);
    }
  }
  const dataDir = path.resolve(repoRoot, blank(env.WORKBENCH_DATA) ? './data' : env.WORKBENCH_DATA);

  const deploymentText = blank(env.WORKBENCH_DEPLOYMENT) ? 'ec2' : env.WORKBENCH_DEPLOYMENT.trim();
  if (!(DEPLOYMENTS as readonly string[]).includes(deploymentText)) {
    throw new ConfigError(
      `WORKBENCH_DEPLOYMENT must be one of ${DEPLOYMENTS.join(', ')}, got "${env.WORKBENCH_DEPLOYMENT}".`,
    );
  }
  const deployment = deploymentText as Deployment;

  let mode: Mode | null = null;
  if (!blank(env.WORKBENCH_MODE)) {
    const m = env.WORKBENCH_MODE.trim();
    if (!(MODES as readonly string[]).includes(m)) {
      throw new ConfigError(
        `WORKBENCH_MODE must be one of ${MODES.join(', ')}, got "${env.WORKBENCH_MODE}".`,
      );
    }
    mode = m as Mode;
  }

  let demoEvents: number | undefined;
  if (!blank(env.WORKBENCH_DEMO_EVENTS)) {
    const text = env.WORKBENCH_DEMO_EVENTS.trim();
    if (!/^\d+$/.test(text)) {
      throw new ConfigError(
        `WORKBENCH_DEMO_EVENTS must be a whole number of synthetic events (0 for none), got "${env.WORKBENCH_DEMO_EVENTS}".`,
      );
    }
    demoEvents = Number(text);
  }

  let insightsUrl: string | null = null;
  if (!blank(env.WORKBENCH_INSIGHTS_URL)) {
    insightsUrl = env.WORKBENCH_INSIGHTS_URL.trim();
    if (!/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(insightsUrl)) {
      throw new ConfigError(
        `WORKBENCH_INSIGHTS_URL must be an http(s) URL or a path starting with /, got "${env.WORKBENCH_INSIGHTS_URL}".`,
      );
    }
  }

  let region: string | null = null;
  if (!blank(env.WORKBENCH_REGION)) {
    region = env.WORKBENCH_REGION.trim();
    if (!/^[a-z0-9-]{1,64}$/.test(region))
      throw new ConfigError(
        `WORKBENCH_REGION must be a region name (lower-case letters, digits and -), got "${env.WORKBENCH_REGION}".`,
      );
  }

  let storageEndpoint: string | null = null;
  if (!blank(env.WORKBENCH_STORAGE_ENDPOINT)) {
    storageEndpoint = env.WORKBENCH_STORAGE_ENDPOINT.trim();
    if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(storageEndpoint)) {
      throw new ConfigError(
        `WORKBENCH_STORAGE_ENDPOINT must be an http(s) URL, got "${env.WORKBENCH_STORAGE_ENDPOINT}".`,
      );
    }
  }

  let smtp: SmtpConfig | null;
  try {
    smtp = smtpFromEnv(env.WORKBENCH_SMTP_URL, env.WORKBENCH_SMTP_FROM);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }

  const publicIps = blank(env.WORKBENCH_PUBLIC_IPS)
    ? []
    : env.WORKBENCH_PUBLIC_IPS.split(/[\s,]+/).filter((ip) => ip !== '');
  for (const ip of publicIps)
    if (isIP(ip) === 0)
      throw new ConfigError(
        `WORKBENCH_PUBLIC_IPS must be IP addresses separated by commas or spaces, got "${ip}".`,
      );

  let loginRatePerMinute: number | undefined;
  if (!blank(env.WORKBENCH_LOGIN_RATE_LIMIT)) {
    const text = env.WORKBENCH_LOGIN_RATE_LIMIT.trim();
    loginRatePerMinute = Number(text);
    if (!/^\d+$/.test(text) || loginRatePerMinute < 1 || loginRatePerMinute > 1_000_000) {
      throw new ConfigError(
        `WORKBENCH_LOGIN_RATE_LIMIT must be a whole number of sign-in calls per minute (1-1000000), got "${env.WORKBENCH_LOGIN_RATE_LIMIT}".`,
      );
    }
  }

  let liveEventsPerSecond = DEFAULT_LIVE_EVENTS_PER_SECOND;
  if (!blank(env.WORKBENCH_LIVE_EVENTS)) {
    const text = env.WORKBENCH_LIVE_EVENTS.trim();
    liveEventsPerSecond = Number(text);
    if (!/^\d+$/.test(text) || liveEventsPerSecond > 1000) {
      throw new ConfigError(
        `WORKBENCH_LIVE_EVENTS must be a whole number of demo events a second (0-1000, 0 for none), got "${env.WORKBENCH_LIVE_EVENTS}".`,
      );
    }
  }

  let configUrl: string | null = null;
  if (!blank(env.WORKBENCH_CONFIG_URL)) {
    configUrl = env.WORKBENCH_CONFIG_URL.trim();
    if (!/^postgres(ql)?:\/\/[^\s]+$/.test(configUrl)) {
      throw new ConfigError(
        `WORKBENCH_CONFIG_URL must be a PostgreSQL URL (postgres://user@host:port/database), got "${redacted(env.WORKBENCH_CONFIG_URL)}".`,
      );
    }
    configUrl = withPostgresPassword(configUrl, env.WORKBENCH_CONFIG_PASSWORD);
  } else if (!blank(env.WORKBENCH_CONFIG_PASSWORD))
    throw new ConfigError('WORKBENCH_CONFIG_PASSWORD is set without WORKBENCH_CONFIG_URL.');

  let eventsUrl: string | null = null;
  const eventsReplicas = wholeNumber(env, 'WORKBENCH_EVENTS_REPLICAS', 1, 1, 16, 'replicas per shard');
  if (!blank(env.WORKBENCH_EVENTS_URL)) {
    try {
      eventsUrl = withClickHousePassword(env.WORKBENCH_EVENTS_URL.trim(), env.WORKBENCH_EVENTS_PASSWORD);
      parseClickHouseUrl(eventsUrl, eventsReplicas);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw new ConfigError(redacted((error as Error).message));
    }
  } else if (!blank(env.WORKBENCH_EVENTS_PASSWORD))
    throw new ConfigError('WORKBENCH_EVENTS_PASSWORD is set without WORKBENCH_EVENTS_URL.');

  let secretKeys: Buffer[] | null;
  try {
    secretKeys = secretKeysFromEnv(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  if (configUrl && !secretKeys)
    throw new ConfigError(
      'WORKBENCH_CONFIG_URL needs WORKBENCH_SECRET_KEY or WORKBENCH_SECRET_KEY_FILE: every server sharing the config store must seal its secrets with the same key (openssl rand -base64 32).',
    );

  const trustedProxies = readTrustedProxies(env.WORKBENCH_TRUST_PROXY);
  const extensions = readExtensions(env.WORKBENCH_EXTENSIONS);

  const demoPassword = blank(env.WORKBENCH_DEMO_PASSWORD) ? undefined : env.WORKBENCH_DEMO_PASSWORD;
  const host = blank(env.HOST) ? '127.0.0.1' : env.HOST.trim();

  let secureCookies = false;
  if (!blank(env.WORKBENCH_SECURE_COOKIES)) {
    const text = env.WORKBENCH_SECURE_COOKIES.trim();
    if (text !== 'true' && text !== 'false')
      throw new ConfigError(
        `WORKBENCH_SECURE_COOKIES must be true or false, got "${env.WORKBENCH_SECURE_COOKIES}".`,
      );
    secureCookies = text === 'true';
  }
  const logLevel = blank(env.LOG_LEVEL) ? 'warn' : env.LOG_LEVEL.trim();
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}".`);
  const readyTimeoutMs = wholeNumber(
    env,
    'WORKBENCH_READY_TIMEOUT_MS',
    DEFAULT_READY_TIMEOUT_MS,
    1,
    600_000,
    'milliseconds',
  );
  const eventsTimeoutMs = wholeNumber(
    env,
    'WORKBENCH_EVENTS_TIMEOUT_MS',
    DEFAULT_CLICKHOUSE_TIMEOUT_MS,
    100,
    3_600_000,
    'milliseconds',
  );
  const leaseMs =
    wholeNumber(env, 'WORKBENCH_LEASE_SECONDS', DEFAULT_LEASE_MS / 1000, 1, 3600, 'seconds') * 1000;
  const metricsAllow = blank(env.WORKBENCH_METRICS_ALLOW)
    ? ['loopback']
    : readAddressList(env.WORKBENCH_METRICS_ALLOW, 'WORKBENCH_METRICS_ALLOW', 'the monitoring hosts');
  return {
    port,
    host,
    dataDir,
    demoPassword,
    deployment,
    mode,
    demoEvents,
    insightsUrl,
    storageEndpoint,
    publicIps,
    smtp,
    loginRatePerMinute,
    liveEventsPerSecond,
    configUrl,
    eventsUrl,
    trustedProxies,
    extensions,
    region,
    secretKeys,
    secureCookies,
    logLevel,
    readyTimeoutMs,
    eventsTimeoutMs,
    eventsReplicas,
    metricsAllow,
    leaseMs,
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A URL's password replaced by *** (error messages are printed and logged). */
const redacted = (text: string): string => text.replace(/(\/\/[^:@/\s]+:)[^@/\s]*@/g, '$1***@');

function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
  unit: string,
): number {
  const value = env[name];
  if (blank(value)) return fallback;
  const text = value.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new ConfigError(`${name} must be a whole number of ${unit} (${min}-${max}), got "${value}".`);
  return n;
}

/**
 * WORKBENCH_EXTENSIONS: `all` (the default), `none` (only the spec's calls: what a portal meets
 * on a backend without our additions), or a comma list of extension ids (common's
 * EXTENSION_REGISTRY) to serve only those.
 */
export function readExtensions(value: string | undefined): readonly ExtensionId[] {
  if (blank(value) || value.trim() === 'all') return EXTENSION_IDS;
  if (value.trim() === 'none') return [];
  const ids = value.split(',').map((e) => e.trim());
  const unknown = ids.filter((id) => !isExtensionId(id));
  if (unknown.length > 0) {
    throw new ConfigError(
      `WORKBENCH_EXTENSIONS must be all, none, or a comma list of extensions (${EXTENSION_IDS.join(', ')}); "${unknown.join('", "')}" is not one of them.`,
    );
  }
  return EXTENSION_IDS.filter((id) => ids.includes(id));
}

/** The names Fastify's proxy-addr expands into address ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * WORKBENCH_TRUST_PROXY: a comma list of the proxies' addresses. `true` (trust every hop) is
 * refused: then any client that reaches a server directly could name itself any address in
 * X-Forwarded-For and slip past the sign-in limit and lockout that count per client address.
 */
function readTrustedProxies(value: string | undefined): string[] {
  if (blank(value) || value.trim() === 'false') return [];
  const text = value.trim();
  if (text === 'true') {
    throw new ConfigError(
      'WORKBENCH_TRUST_PROXY=true would trust X-Forwarded-For from any address: give the addresses of the reverse proxies instead (e.g. 10.0.0.5,10.0.1.0/24 or loopback).',
    );
  }
  return readAddressList(text, 'WORKBENCH_TRUST_PROXY', "the reverse proxies' addresses");
}

/** A comma list of IP addresses, CIDR ranges, or loopback, linklocal, uniquelocal. */
function readAddressList(value: string, name: string, what: string): string[] {
  const entries = value
    .trim()
    .split(',')
    .map((e) => e.trim());
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.includes(entry) && (version === 0 || !prefixOk || rest.length > 0)) {
      throw new ConfigError(
        `${name} must be a comma list of ${what} (an IP address, a CIDR range, or loopback, linklocal, uniquelocal), got "${entry}" in "${value}".`,
      );
    }
  }
  return entries;
}

/**
 * On-premises servers a spec starts for itself (issue 35): a safeview appliance, or a management
 * station with appliances beside it, each a real server process (workbenchServer.ts) on its own
 * data directory and free port, started in the spec's `before` hook and stopped in its `after`.
 * The lanes' shared cloud servers are left as they are: `useServer` points this worker's browser
 * at the spec's server and `restore` points it back.
 *
 * Cheap on purpose: no demo events (nothing on these pages reads logs), so a server is ready as
 * soon as it answers /healthz; the servers of one spec start side by side.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { browser } from '@wdio/globals';
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { DEMO_PASSWORD } from './testEnv';
import { startWorkbenchServer, type RunningServer } from './workbenchServer';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The administrator every on-prem server has (its demo accounts), and the one the station uses. */
export const ON_PREM_ADMIN = 'admin@acme.example';

/** A server of `mode` (WORKBENCH_DEPLOYMENT=on_prem): its demo accounts' password is DEMO_PASSWORD. */
export function startOnPremServer(mode: string): Promise<RunningServer> {
  return startWorkbenchServer(repoRoot, {
    demoEvents: 0,
    env: { WORKBENCH_DEPLOYMENT: 'on_prem', WORKBENCH_MODE: mode },
  });
}

export interface OnPremFleet {
  station: RunningServer;
  /** The appliances, in the order asked for. */
  appliances: RunningServer[];
  /** Stops every server of the fleet (one already killed too) and removes their directories. */
  stop(): Promise<void>;
}

/** A management station and one appliance per mode given, started side by side. */
export async function startFleet(modes: readonly string[]): Promise<OnPremFleet> {
  const started = await Promise.allSettled(
    ['management_station', ...modes].map((mode) => startOnPremServer(mode)),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const [station, ...appliances] = servers;
  return { station, appliances, stop };
}

/** The port a server listens on (what the station is told to reach an appliance at). */
export const portOf = (server: RunningServer): number => Number(new URL(server.baseUrl).port);

let suiteBaseUrl: string | undefined;

/** Points this worker's browser at `server` (relative URLs, sign-in) until `restore`. */
export function useServer(server: RunningServer): void {
  suiteBaseUrl ??= browser.options.baseUrl;
  browser.options.baseUrl = server.baseUrl;
}

/** Points the browser back at the lane's server (an `after` hook: the next spec expects it). */
export function restore(): void {
  if (suiteBaseUrl !== undefined) browser.options.baseUrl = suiteBaseUrl;
  suiteBaseUrl = undefined;
}

/** Calls of a server's API signed in as its administrator, from the spec's process (not the browser). */
export interface ServerSession {
  call(method: string, pathname: string, body?: unknown): Promise<{ status: number; json: unknown }>;
}

/**
 * Signs in to `server` over HTTP as `ON_PREM_ADMIN`, as the portal does (the session and xsrf
 * cookies kept, the xsrf header sent on every call): how a spec reads what an appliance holds
 * from its own API, independently of the station's page.
 */
export async function signInOverHttp(server: RunningServer): Promise<ServerSession> {
  const cookies = new Map<string, string>();
  const call = async (method: string, pathname: string, body?: unknown) => {
    const headers: Record<string, string> = {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    const xsrf = cookies.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const reply = await fetch(`${server.baseUrl}${pathname}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of reply.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    const text = await reply.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: the text itself is kept for the error message
    }
    return { status: reply.status, json };
  };
  const login = await call('POST', '/api/auth/v1/login', {
    username: ON_PREM_ADMIN,
    password: DEMO_PASSWORD,
  });
  if (login.status !== 200)
    throw new Error(
      `Signing in to ${server.baseUrl} answered ${login.status}: ${JSON.stringify(login.json)}`,
    );
  return { call };
}

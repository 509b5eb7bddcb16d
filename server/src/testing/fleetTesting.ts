/**
 * What the central-manager suites share: appliance processes (crash/childServer.ts, each its own
 * data directory), a proxy in front of one (to make it answer 500, or to follow it to the new
 * port of a restarted process), calls as the calls' text gives them, a job polled to its end,
 * and an appliance's own store read from its data directory.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { startChildServer, type ChildServer } from '../crash/childServer';
import type { SignedIn, TestServer } from './testServer';

export const FLEET_PASSWORD = 'fleet-test-password';
export const FLEET_ADMIN = 'admin@acme.example';

/** An appliance process of `mode` on a data directory (a new one, pushed on `dirs`, unless given). */
export function startAppliance(dirs: string[], mode: string, dir?: string): Promise<ChildServer> {
  const dataDir = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), `workbench-fleet-${mode}-`));
  if (!dir) dirs.push(dataDir);
  return startChildServer(dataDir, {
    WORKBENCH_DEPLOYMENT: 'on_prem',
    WORKBENCH_MODE: mode,
    WORKBENCH_DEMO_PASSWORD: FLEET_PASSWORD,
    WORKBENCH_DEMO_EVENTS: '0',
  });
}
export const portOf = (a: ChildServer): number => Number(new URL(a.baseUrl).port);

export interface FleetProxy {
  readonly port: number;
  /** While true, answers 500 as a broken appliance would. */
  failing: boolean;
  /** The port it forwards to (a restarted appliance listens on a new one). */
  target: number;
  close(): Promise<void>;
}

/** Forwards to `target`, or, while `failing`, answers 500 as a broken appliance would. */
export function startProxy(target: number): Promise<FleetProxy> {
  const state = { failing: false, target };
  const server = http.createServer((req, res) => {
    if (state.failing) {
      // Read the request first, as a server does: answering over a body still coming in can make
      // the client's side of the connection fail with ECONNRESET (seen on a loaded CI machine).
      req.resume();
      req.on('end', () => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'disk I/O error' }),
        );
      });
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: state.target, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        get failing() {
          return state.failing;
        },
        set failing(v: boolean) {
          state.failing = v;
        },
        get target() {
          return state.target;
        },
        set target(v: number) {
          state.target = v;
        },
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** Calls on `server` as someone signed in (or no one), answers read as text gives them. */
export const fleetCaller =
  (server: () => TestServer) =>
  async (who: SignedIn | null, pathname: string, method = 'GET', body?: unknown) => {
    const r = await server().call(pathname, { method, body, ...(who ? { jar: who.jar } : {}) });
    const text = await r.text();
    let json: unknown = text;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON
    }
    // Answers are read as the calls' text gives them (literal field names), not through our types.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: r.status, json: json as Record<string, any> };
  };
export type FleetCall = ReturnType<typeof fleetCaller>;

/** Polls a job until it is finished or failed, and answers it. */
export async function jobEnd(call: FleetCall, who: SignedIn, id: string) {
  for (;;) {
    const job = await call(who, `/api/v1/cm/jobs/${id}`);
    if (job.status !== 200)
      throw new Error(`The job ${id} answered ${job.status}: ${JSON.stringify(job.json)}`);
    if (job.json.status === 'finished' || job.json.status === 'failed') return job.json;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The appliance's own store: its appliance_settings row `key`, read from its data directory. */
export function storedDocument(dir: string, key: string): Record<string, unknown> | null {
  const db = new Database(path.join(dir, 'config.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT data FROM appliance_settings WHERE key = ?').get(key) as
      { data: string } | undefined;
    return row ? (JSON.parse(row.data) as Record<string, unknown>) : null;
  } finally {
    db.close();
  }
}

/** get_sv_cert then approve_sv, as the portal does; answers the managed system. */
export async function approveAppliance(call: FleetCall, who: SignedIn, name: string, port: number) {
  const cert = await call(who, '/api/v1/managed_systems/get_sv_cert', 'POST', {
    host: '127.0.0.1',
    port,
    username: FLEET_ADMIN,
    password: FLEET_PASSWORD,
  });
  if (cert.status !== 200 || !String(cert.json.cert).includes('BEGIN CERTIFICATE'))
    throw new Error(`get_sv_cert of ${name} answered ${cert.status}: ${JSON.stringify(cert.json)}`);
  const approved = await call(who, '/api/v1/managed_systems/approve_sv', 'POST', {
    host: '127.0.0.1',
    port,
    username: FLEET_ADMIN,
    password: FLEET_PASSWORD,
    name,
    fingerprint_sha256: cert.json.fingerprint_sha256,
  });
  if (approved.json.ok !== true)
    throw new Error(`approve_sv of ${name} answered ${approved.status}: ${JSON.stringify(approved.json)}`);
  return approved.json.system as { id: string; state: string };
}

/**
 * How the management station talks to one appliance (docs/central-manager.md §2): over HTTP to its
 * own API, signed in as one of its administrators (POST /api/v1/login, then its session cookie and
 * xsrf header on every call), each call bounded by a time-out. Whatever goes wrong becomes an
 * ApplianceFault whose `state` and `reason` are what the manager shows: down (nothing listens),
 * slow (no answer in time), error (the appliance's own status and message), certificate_changed
 * (its CA is no longer the one pinned at approval).
 */
import { XSRF_COOKIE, XSRF_HEADER } from '@workbench/common/api/contract/wire';
import { CM_MSGS, type ApplianceState } from '@workbench/common/api/contract/centralManager';

export interface ApplianceAddress {
  host: string;
  port: number;
  username: string;
  password: string;
}

export class ApplianceFault extends Error {
  constructor(
    readonly state: Exclude<ApplianceState, 'online' | 'maintenance'>,
    reason: string,
    /** The appliance's HTTP status when it answered. */
    readonly status: number | null = null,
  ) {
    super(reason);
    this.name = 'ApplianceFault';
  }
}

/** The transport's words for a failed connection (ECONNREFUSED and the like). */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/** The message of an error body the appliance sent (`{message}`), else its text. */
function messageOf(text: string): string {
  try {
    const json = JSON.parse(text) as { message?: unknown };
    if (typeof json.message === 'string') return json.message;
  } catch {
    // not JSON: the text itself
  }
  return text.slice(0, 300) || '(no message)';
}

export const baseUrlOf = (a: { host: string; port: number }): string =>
  `http://${a.host.includes(':') && !a.host.startsWith('[') ? `[${a.host}]` : a.host}:${a.port}`;

/** A signed-in conversation with one appliance. */
export class ApplianceClient {
  private cookies = new Map<string, string>();

  constructor(private readonly address: ApplianceAddress) {}

  private async send(method: string, pathname: string, body: unknown, timeoutMs: number): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(`${baseUrlOf(this.address)}${pathname}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ApplianceFault('slow', CM_MSGS.timedOut(timeoutMs));
      throw new ApplianceFault('down', CM_MSGS.unreachable(causeOf(error)));
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1).trim();
      if (value === '') this.cookies.delete(pair.slice(0, eq).trim());
      else this.cookies.set(pair.slice(0, eq).trim(), value);
    }
    return response;
  }

  /** Reads the whole answer within the time-out; a slow body is as slow as a slow answer. */
  private async textOf(response: Response, timeoutMs: number): Promise<string> {
    try {
      return await response.text();
    } catch {
      throw new ApplianceFault('slow', CM_MSGS.timedOut(timeoutMs));
    }
  }

  async signIn(timeoutMs: number): Promise<void> {
    const r = await this.send(
      'POST',
      '/api/v1/login',
      { username: this.address.username, password: this.address.password },
      timeoutMs,
    );
    const text = await this.textOf(r, timeoutMs);
    if (r.status !== 200) throw new ApplianceFault('error', messageOf(text), r.status);
  }

  /** A call's answer and its text, signed in first when there is no session yet or it has ended (401 once). */
  private async answer(
    method: string,
    pathname: string,
    timeoutMs: number,
    body?: unknown,
  ): Promise<{ response: Response; text: string }> {
    if (this.cookies.size === 0) await this.signIn(timeoutMs);
    let r = await this.send(method, pathname, body, timeoutMs);
    if (r.status === 401) {
      await this.textOf(r, timeoutMs);
      this.cookies.clear();
      await this.signIn(timeoutMs);
      r = await this.send(method, pathname, body, timeoutMs);
    }
    const text = await this.textOf(r, timeoutMs);
    if (r.status < 200 || r.status > 299)
      throw new ApplianceFault('error', CM_MSGS.appliance(r.status, messageOf(text)), r.status);
    return { response: r, text };
  }

  /** A JSON call. */
  async call<T>(method: string, pathname: string, timeoutMs: number, body?: unknown): Promise<T> {
    const { response, text } = await this.answer(method, pathname, timeoutMs, body);
    try {
      return (text === '' ? null : JSON.parse(text)) as T;
    } catch {
      throw new ApplianceFault(
        'error',
        CM_MSGS.appliance(response.status, 'an answer that is not JSON'),
        response.status,
      );
    }
  }

  /** A file the appliance answers (an export): its text and media type. */
  async file(pathname: string, timeoutMs: number): Promise<{ text: string; contentType: string }> {
    const { response, text } = await this.answer('GET', pathname, timeoutMs);
    return { text, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
  }
}

/**
 * The shared HTTP client (docs/http-client.md §2, §4; DESIGN.md convention 5). Every cross-cutting rule
 * lives here exactly once: no-cache and xsrf headers, the time-out with the call name, de-duplicated
 * in-flight GETs, 401 → logout, 403 → snackbar (unless skip-403), xsrf change → reload, and the
 * server's error message passed on (with the call name appended in non-production builds).
 */
import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import Cookies from 'js-cookie';
import { SKIP_403_HEADER, XSRF_HEADER } from './contract/wire';
import { getRuntimeEnv } from '../env/runtimeEnv';
import { ApiCallError } from './ApiCallError';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The name the time-out and error messages carry, e.g. 'userInfo'. */
    callName?: string;
    /** Login/logout calls: a 401 does not log out and the xsrf cookie is expected to change. */
    loginCall?: boolean;
    /** Set by the client from the skip-403 header: the caller handles a 403 itself. */
    skip403?: boolean;
  }
}

export const REQUEST_TIMEOUT_MESSAGE = 'Request timeout.';
export const FORBIDDEN_MESSAGE =
  "Operation can't be completed because you don't have the necessary permissions";
export const FORBIDDEN_SNACKBAR_MS = 5000;
/** Used when the server says nothing and axios has nothing better. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred.';

export interface HttpHooks {
  /** HTTP 401 on a call that is not a login call, while not logging in. */
  onUnauthorized?(error: ApiCallError): void;
  /** HTTP 403 on a call without the skip-403 header. */
  onForbidden?(error: ApiCallError): void;
  /** The xsrf cookie differs from the one at session start (not during login). */
  onXsrfChanged?(current: string | undefined, atSessionStart: string): void;
  /** True while a login is in progress. */
  isLoggingIn?(): boolean;
  /** The xsrf cookie value when the session started; null/undefined when no session. */
  getSessionXsrf?(): string | null | undefined;
}

export interface HttpClientOptions {
  /** '' for both worlds: the contract's paths already start with /api or /gdmanage. */
  baseURL?: string;
  /** Which cookie holds the xsrf token (XSRF_COOKIE or PROVIDER_XSRF_COOKIE). */
  xsrfCookie: string;
  /** Response time-out; defaults to getRuntimeEnv().apiTimeoutMs. */
  timeoutMs?: number;
  hooks?: HttpHooks;
}

export interface HttpClient extends AxiosInstance {
  /** Replace the hooks (createAppStore wires them once the store exists). */
  setHooks(hooks: HttpHooks): void;
}

function callNameOf(config: AxiosRequestConfig | undefined): string {
  return config?.callName ?? `${(config?.method ?? 'get').toUpperCase()} ${config?.url ?? ''}`;
}

function withCallName(message: string, callName: string): string {
  return getRuntimeEnv().production ? message : `${message} (${callName})`;
}

function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>;
    if (typeof d.message === 'string' && d.message) return d.message;
    if (typeof d.msg === 'string' && d.msg) return d.msg;
  }
  if (typeof data === 'string' && data.trim() && !data.trim().startsWith('<')) return data.trim();
  return undefined;
}

/** Turns anything axios rejects with into an ApiCallError (docs/http-client.md §4). */
export function toApiCallError(error: unknown): ApiCallError {
  if (error instanceof ApiCallError) return error;
  if (axios.isAxiosError(error)) {
    const ax = error as AxiosError;
    const callName = callNameOf(ax.config);
    if (ax.code === AxiosError.ECONNABORTED || ax.code === AxiosError.ETIMEDOUT) {
      // docs/http-client.md §4: the time-out message always carries the call name.
      return new ApiCallError({ message: `${REQUEST_TIMEOUT_MESSAGE} ${callName}`, callName });
    }
    const status = ax.response?.status;
    const data = ax.response?.data;
    const field =
      data && typeof data === 'object' && typeof (data as Record<string, unknown>).field === 'string'
        ? ((data as Record<string, unknown>).field as string)
        : undefined;
    const said = serverMessage(data);
    const message = said ?? ax.message ?? GENERIC_ERROR_MESSAGE;
    const unexplained = said === undefined && status !== undefined;
    return new ApiCallError({
      message: withCallName(message, callName),
      callName,
      status,
      field,
      data,
      unexplained,
    });
  }
  const message = error instanceof Error ? error.message : GENERIC_ERROR_MESSAGE;
  return new ApiCallError({ message, callName: 'unknown' });
}

function dedupeKey(url: string, config: AxiosRequestConfig | undefined, baseURL: string): string {
  return JSON.stringify([baseURL, url, config?.params ?? null]);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  let hooks: HttpHooks = options.hooks ?? {};
  const baseURL = options.baseURL ?? '';
  const instance = axios.create({
    baseURL,
    timeout: options.timeoutMs ?? getRuntimeEnv().apiTimeoutMs,
    withCredentials: true,
  });

  instance.interceptors.request.use((config) => {
    config.headers.set('Cache-Control', 'no-cache');
    config.headers.set('Pragma', 'no-cache');
    config.headers.set(XSRF_HEADER, Cookies.get(options.xsrfCookie) ?? '');
    if (config.headers.has(SKIP_403_HEADER)) {
      // A client-side marker only: remember it on the config, do not send it.
      config.skip403 = true;
      config.headers.delete(SKIP_403_HEADER);
    }
    return config;
  });

  const checkXsrf = (config: AxiosRequestConfig | undefined): void => {
    if (config?.loginCall || hooks.isLoggingIn?.()) return;
    const atStart = hooks.getSessionXsrf?.();
    if (!atStart) return;
    const current = Cookies.get(options.xsrfCookie);
    // A vanished cookie means the session ended; the 401 rule handles that, not a reload.
    if (current && current !== atStart) hooks.onXsrfChanged?.(current, atStart);
  };

  instance.interceptors.response.use(
    (response: AxiosResponse) => {
      checkXsrf(response.config);
      return response;
    },
    (error: unknown) => {
      const apiError = toApiCallError(error);
      const config = axios.isAxiosError(error) ? error.config : undefined;
      checkXsrf(config);
      if (apiError.status === 401 && !config?.loginCall && !hooks.isLoggingIn?.()) {
        hooks.onUnauthorized?.(apiError);
      } else if (apiError.status === 403 && !config?.skip403) {
        hooks.onForbidden?.(apiError);
      }
      return Promise.reject(apiError);
    },
  );

  // Identical in-flight GETs (same url and params) share one promise.
  const inFlight = new Map<string, Promise<AxiosResponse>>();
  const originalGet = instance.get.bind(instance);
  const dedupedGet = <T = unknown, R = AxiosResponse<T>, D = unknown>(
    url: string,
    config?: AxiosRequestConfig<D>,
  ): Promise<R> => {
    const key = dedupeKey(url, config, baseURL);
    const pending = inFlight.get(key);
    if (pending) return pending as unknown as Promise<R>;
    const promise = originalGet<T, AxiosResponse<T>, D>(url, config).finally(() => inFlight.delete(key));
    inFlight.set(key, promise as Promise<AxiosResponse>);
    return promise as unknown as Promise<R>;
  };
  instance.get = dedupedGet;

  return Object.assign(instance, {
    setHooks(next: HttpHooks) {
      hooks = next;
    },
  });
}

/**
 * The one error type every API call rejects with (docs/http-client.md §4). `message` is what a user may
 * read: the server's message (or msg), "Request timeout." on a time-out, with the call name
 * appended in non-production builds.
 */
export class ApiCallError extends Error {
  readonly status?: number;
  readonly callName: string;
  /** The offending input on a 400 (the server's `field`). */
  readonly field?: string;
  /** The server's reply body, when there was one. */
  readonly data?: unknown;
  /**
   * The server answered without words for the failure (an HTML page, an empty body): `message` is
   * axios's "Request failed with status code N". The login area shows its fallback text instead.
   */
  readonly unexplained: boolean;

  constructor(init: {
    message: string;
    callName: string;
    status?: number;
    field?: string;
    data?: unknown;
    unexplained?: boolean;
  }) {
    super(init.message);
    this.name = 'ApiCallError';
    this.status = init.status;
    this.callName = init.callName;
    this.field = init.field;
    this.data = init.data;
    this.unexplained = init.unexplained ?? false;
  }
}

export function isApiCallError(value: unknown): value is ApiCallError {
  return value instanceof ApiCallError;
}

/** A plain, serialisable copy for Redux state and actions. */
export interface ApiCallErrorInfo {
  status?: number;
  message: string;
  callName: string;
  field?: string;
}

export function toErrorInfo(error: unknown, callName = 'unknown'): ApiCallErrorInfo {
  if (error instanceof ApiCallError) {
    const info: ApiCallErrorInfo = { message: error.message, callName: error.callName };
    if (error.status !== undefined) info.status = error.status;
    if (error.field !== undefined) info.field = error.field;
    return info;
  }
  return { message: error instanceof Error ? error.message : String(error), callName };
}

import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ApiError } from '@workbench/common/api/contract/errors';

/** An error a handler throws to answer with an ApiError of the given status. */
export class ApiHttpError extends Error {
  readonly statusCode: number;
  readonly field?: string;
  /** More fields of the reply body (e.g. a login failure's msg and delay). */
  readonly extra?: Record<string, unknown>;
  constructor(statusCode: number, message: string, field?: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiHttpError';
    this.statusCode = statusCode;
    this.field = field;
    this.extra = extra;
  }
}

/**
 * A store the answer needs could not be reached (503) or did not answer within its time-out (504):
 * the client may try again. `detail` (addresses, the cause) is logged, never sent.
 */
export class StoreUnavailableError extends Error {
  readonly statusCode: 503 | 504;
  constructor(
    /** What the client is told did not answer: `event store`, `config store`. */
    readonly store: string,
    readonly timedOut: boolean,
    detail: string,
  ) {
    super(detail);
    this.name = 'StoreUnavailableError';
    this.statusCode = timedOut ? 504 : 503;
  }

  /** The reply's message (no address of ours in it). */
  get publicMessage(): string {
    return this.timedOut
      ? `The ${this.store} did not answer in time. Try again later.`
      : `The ${this.store} cannot be reached. Try again later.`;
  }
}

/** Seconds a client waits before it asks again after a StoreUnavailableError. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export const apiError = (statusCode: number, message: string, field?: string): ApiError => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(field ? { field } : {}),
});

/** Response schemas of the error replies a route can give (for validation of output and OpenAPI). */
export function errorResponses(...codes: number[]): Record<number, typeof ApiError> {
  return Object.fromEntries(codes.map((c) => [c, ApiError]));
}

export const NOT_SIGNED_IN_MSG = 'Not signed in, or the session has expired.';
export const XSRF_MSG = 'Missing or invalid xsrf token.';
export const FOREIGN_ORIGIN_MSG = 'Cross-site request refused.';
export const forbiddenMessage = (permission: string): string => `Missing permission: ${permission}.`;
export const missingFeatureMessage = (features: readonly string[]): string =>
  `The tenant does not have the feature ${features.join(', ')}.`;

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The field an ajv issue is about: `data.note` for /data/note, the missing or extra property name. */
export function issueField(issue: AjvIssue, context: string | undefined): string {
  const base = (issue.instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');
  const extra =
    (typeof issue.params?.missingProperty === 'string' && issue.params.missingProperty) ||
    (typeof issue.params?.additionalProperty === 'string' && issue.params.additionalProperty) ||
    '';
  const field = [base, extra].filter(Boolean).join('.');
  return field || context || 'body';
}

export function issueMessage(issue: AjvIssue, field: string): string {
  if (issue.keyword === 'required') return `${field} is required.`;
  if (issue.keyword === 'additionalProperties') return `${field} is not an allowed field.`;
  return `${field} ${issue.message ?? 'is invalid'}.`;
}

export const EmptyObject = Type.Object({});

/** One error handler for every route: validation 400s name the field; 5xx never leak a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiHttpError, request: FastifyRequest, reply: FastifyReply) => {
    const fe = error as FastifyError;
    if (fe.validation && fe.validation.length > 0) {
      const issue = fe.validation[0] as AjvIssue;
      const field = issueField(issue, fe.validationContext);
      return reply.code(400).send(apiError(400, issueMessage(issue, field), field));
    }
    if (error instanceof StoreUnavailableError) {
      request.log.error({ err: error }, 'a store did not answer');
      return reply
        .code(error.statusCode)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
        .send(apiError(error.statusCode, error.publicMessage));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    // 502 from a handler is deliberate: another server (a managed appliance) failed, its reason given.
    if (status >= 500 && !(error instanceof ApiHttpError && status === 502)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(apiError(500, 'Internal server error.'));
    }
    if (status === 400 && typeof fe.code === 'string' && fe.code.startsWith('FST_ERR_CTP')) {
      // The body could not be parsed at all (bad JSON, empty JSON body, ...).
      return reply.code(400).send(apiError(400, `body: ${error.message}`, 'body'));
    }
    if (error instanceof ApiHttpError) {
      return reply.code(status).send({ ...apiError(status, error.message, error.field), ...error.extra });
    }
    return reply.code(status).send(apiError(status, error.message));
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    reply.code(404);
    if (isApiPath(url)) return reply.send(apiError(404, `No such API path: ${request.method} ${url}`));
    return reply.type('text/plain; charset=utf-8').send('Not found');
  });
}

export const isApiPath = (url: string): boolean =>
  url === '/api' ||
  url.startsWith('/api/') ||
  url === '/gdmanage' ||
  url.startsWith('/gdmanage/') ||
  url.startsWith('/idp/') ||
  // The connectivity test's families (docs/contact.md §2).
  url.startsWith('/connectivity/') ||
  url.startsWith('/safeview-auth-server/');

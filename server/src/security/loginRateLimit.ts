/**
 * Per-client limit on the sign-in calls (tenant login, appliance login, the identity provider's
 * token call, auth_params and the login area's form target), on top of the per-account lockout:
 * a flood of guesses from one address is answered 429 before any password is hashed, so it can
 * neither slow real sign-ins down nor fill the failure records.
 */
import type { RateLimitOptions } from '@fastify/rate-limit';
import { LOGIN_RATE_LIMITED_MSG } from '@workbench/common/api/contract/auth';
import type { ServerContext } from '../context';
import { ApiHttpError } from '../http/errors';

export interface LoginRateLimit {
  /** Calls per client address and window. */
  max: number;
  windowMs: number;
}

/** 30 sign-in calls a minute per address: far above a person's, far below a guessing script's. */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 30, windowMs: 60_000 };

/** Route config (`config: { rateLimit }`) of a sign-in call; the reply has the login failure shape. */
export function loginRateLimitConfig(ctx: ServerContext): RateLimitOptions {
  return {
    max: ctx.loginRateLimit.max,
    timeWindow: ctx.loginRateLimit.windowMs,
    // One budget for all the sign-in calls of an address, not one per route.
    groupId: 'sign-in',
    errorResponseBuilder: (_request, context) => {
      const delay = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiHttpError(429, LOGIN_RATE_LIMITED_MSG.replace('$1', String(delay)), undefined, {
        msg: LOGIN_RATE_LIMITED_MSG,
        delay,
      });
    },
  };
}

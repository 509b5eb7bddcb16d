/**
 * Two-factor sign-in of the portal's accounts (issue 14; docs/sessions.md §8 Auth "GET
 * /api/auth/v1/mfa/users"): the signed-in user enrols a TOTP authenticator (start, confirm with
 * a code, turn off with a code), the code step of a sign-in, and the tenant's accounts with their
 * second-factor state. The provider's reset is disablemfa (provider/tenantAccountRoutes.ts).
 */
import type { FastifyContextConfig, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AUTH_PATHS,
  LoginFailure,
  LoginMfaRequest,
  LoginSignedIn,
  MFA_CHALLENGE_EXPIRED_MSG,
  MFA_CODE_FAILED_MSG,
  MFA_MSGS,
  MfaCodeRequest,
  MfaEnrolment,
  MfaState,
  MfaUserList,
} from '@workbench/common/api/contract/auth';
import { UDB_READ_PERMISSION } from '@workbench/common/api/contract/udb';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { attemptLogin } from '../security/loginAttempt';
import { signInClientOf } from '../security/signInClient';
import { digest } from '../security/tokens';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import type { ConfigStore, UserMfaRecord, UserRecord } from '../store/ConfigStore';
import { acceptedStep, newTotpSecret, totpQrSvg, totpUri } from './totp';

export interface MfaRouteOptions {
  startSession: (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRecord,
    now: number,
  ) => Promise<void>;
  auditFailedSignIn: (request: FastifyRequest, username: string, details: string) => void;
  signInConfig: FastifyContextConfig;
  /** The sign-in's failure reply (tenantAuthRoutes.ts). */
  loginFailure: (status: 401 | 429, delay?: number, msg?: string) => LoginFailure;
  /** The code step's paths: the cloud one and the on-prem alias. */
  loginMfaPaths: readonly string[];
}

export const mfaStateOf = (m: UserMfaRecord | null): MfaState => ({
  enrolled: Boolean(m?.secret),
  enrolled_since: m?.secret ? m.enabledAt : null,
  pending: Boolean(m?.pendingSecret),
});

/**
 * Checks a code against the account's confirmed secret and, when accepted, records its step so it
 * is never accepted again. Runs under the account's login lock (or the session's own request).
 */
async function spendCode(store: ConfigStore, uid: string, code: string, now: number): Promise<boolean> {
  const m = await store.mfa.get(uid);
  if (!m?.secret) return false;
  const step = acceptedStep(m.secret, code, now, m.lastStep);
  // Conditional: of two requests with one code on two servers at once, only one spends it.
  return step !== null && (await store.mfa.spendStep(uid, step));
}

export const tenantMfaRoutes: FastifyPluginAsync<MfaRouteOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const tags = ['tenant auth'];

  /**
   * A code checked as an attempt of the account (the code step, turning off): wrong codes count
   * toward the account's lockout exactly as wrong passwords do, and a locked account's codes are
   * not checked.
   */
  const attemptCode = (
    request: FastifyRequest,
    user: { uid: string; username: string },
    code: string,
    now: number,
  ) =>
    attemptLogin(
      ctx.store,
      { world: 'tenant', username: user.username, password: '', client: signInClientOf(request), now },
      (_u, store) => store.users.get(user.uid),
      ctx.loginFailureCap,
      {
        verify: (account, store) =>
          account ? spendCode(store, account.uid, code, now) : Promise.resolve(false),
      },
    );

  for (const url of options.loginMfaPaths) {
    app.post(
      url,
      {
        config: options.signInConfig,
        schema: {
          tags,
          summary:
            'The code step of a sign-in with two-factor sign-in: the challenge of the password step and a current code; sets the cookies',
          body: LoginMfaRequest,
          response: { 200: LoginSignedIn, 401: LoginFailure, 429: LoginFailure, ...errorResponses(400) },
        },
      },
      async (request, reply) => {
        const now = ctx.now().getTime();
        const hash = digest(request.body.challenge);
        const challenge = await ctx.store.oneTimeTokens.consume('mfa_challenge', hash);
        const user =
          challenge && challenge.expiresAt > now ? await ctx.store.users.get(challenge.subject) : null;
        if (!challenge || !user)
          return reply.code(401).send(options.loginFailure(401, undefined, MFA_CHALLENGE_EXPIRED_MSG));
        const outcome = await attemptCode(request, user, request.body.code, now);
        if (outcome.kind !== 'ok') {
          // The challenge stays usable until it expires: a mistyped code does not restart the sign-in.
          await ctx.store.oneTimeTokens.insert(challenge);
          options.auditFailedSignIn(
            request,
            user.username,
            outcome.kind === 'locked'
              ? `Sign-in refused: too many failed attempts, locked for ${outcome.delay} s.`
              : 'Sign-in failed: wrong or reused two-factor code.',
          );
          if (outcome.kind === 'locked')
            return reply.code(429).send(options.loginFailure(429, outcome.delay));
          return reply.code(401).send(options.loginFailure(401, undefined, MFA_CODE_FAILED_MSG));
        }
        const tenant = await ctx.store.tenants.get(user.tid);
        if (!tenant || tenant.status !== 'active') {
          options.auditFailedSignIn(request, user.username, 'Sign-in refused: the tenant is not active.');
          return reply.code(401).send(options.loginFailure(401));
        }
        await options.startSession(request, reply, user, now);
        return { status: 'ok' as const, uid: user.uid };
      },
    );
  }

  const own = { world: 'tenant' as const, permission: null };
  app.get(
    AUTH_PATHS.mfa,
    {
      config: own,
      schema: {
        tags,
        summary: "The signed-in user's second factor: on since when, or an enrolment pending",
        response: { 200: MfaState, ...errorResponses(401) },
      },
    },
    async (request) => mfaStateOf(await ctx.store.mfa.get(tenantSessionOf(request).uid)),
  );

  app.post(
    AUTH_PATHS.mfaEnrol,
    {
      config: {
        ...own,
        // Enrolling needs the tenant's tfa feature (docs/access.md §5). Turning off and the code step
        // do not: an account enrolled before the feature was taken away keeps its second factor
        // until it turns it off or an operator resets it (disablemfa).
        features: ['tfa'],
        audit: {
          action: 'update',
          area: 'tfa',
          what: 'Started enrolling an authenticator app.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Starts an enrolment: a new secret and its otpauth:// URI (shown this once), not active until confirmed',
        response: { 200: MfaEnrolment, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const current = await ctx.store.mfa.get(s.uid);
      if (current?.secret) throw new ApiHttpError(409, MFA_MSGS.alreadyEnrolled);
      const secret = newTotpSecret();
      await auditedChange(request, async (tx) => {
        await tx.mfa.put({
          uid: s.uid,
          tid: s.tid,
          secret: null,
          pendingSecret: secret,
          enabledAt: null,
          lastStep: current?.lastStep ?? 0,
        });
        noteAudit(request, { object: s.username });
      });
      const uri = totpUri(secret, s.username);
      return { secret, otpauth_uri: uri, qr_svg: await totpQrSvg(uri) };
    },
  );

  app.post(
    AUTH_PATHS.mfaConfirm,
    {
      config: {
        ...own,
        features: ['tfa'],
        // It checks a code, so the sign-in calls' per-address limit applies.
        rateLimit: options.signInConfig.rateLimit,
        audit: {
          action: 'tfa_enabled',
          area: 'tfa',
          what: 'Turned on two-factor sign-in.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary: 'Confirms the started enrolment with a current code: from then on, sign-in asks for a code',
        body: MfaCodeRequest,
        response: { 200: MfaState, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const m = await ctx.store.mfa.get(s.uid);
      if (m?.secret) throw new ApiHttpError(409, MFA_MSGS.alreadyEnrolled);
      if (!m?.pendingSecret) throw new ApiHttpError(409, MFA_MSGS.noPending);
      const now = ctx.now().getTime();
      const step = acceptedStep(m.pendingSecret, request.body.code, now, m.lastStep);
      if (step === null) throw new ApiHttpError(400, MFA_MSGS.wrongCode, 'code');
      const next = {
        ...m,
        secret: m.pendingSecret,
        pendingSecret: null,
        enabledAt: ctx.now().toISOString(),
        lastStep: step,
      };
      await auditedChange(request, async (tx) => {
        await tx.mfa.put(next);
        noteAudit(request, { object: s.username });
      });
      return mfaStateOf(next);
    },
  );

  app.post(
    AUTH_PATHS.mfaDisable,
    {
      config: {
        ...own,
        rateLimit: options.signInConfig.rateLimit,
        audit: {
          action: 'tfa_disabled',
          area: 'tfa',
          what: 'Turned off two-factor sign-in.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary: 'Turns two-factor sign-in off, with a current code',
        body: MfaCodeRequest,
        response: { 200: MfaState, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const m = await ctx.store.mfa.get(s.uid);
      if (!m?.secret) throw new ApiHttpError(409, MFA_MSGS.notEnrolled);
      const now = ctx.now().getTime();
      // A code guessed here turns the factor off: it counts toward the account's lockout as the
      // code step of a sign-in does, and a locked account cannot turn it off either.
      const outcome = await attemptCode(request, s, request.body.code, now);
      if (outcome.kind === 'locked')
        throw new ApiHttpError(429, options.loginFailure(429, outcome.delay).message);
      if (outcome.kind !== 'ok') throw new ApiHttpError(400, MFA_MSGS.wrongCode, 'code');
      await auditedChange(request, async (tx) => {
        await tx.mfa.delete(s.uid);
        noteAudit(request, { object: s.username });
      });
      return mfaStateOf(null);
    },
  );

  app.get(
    AUTH_PATHS.mfaUsers,
    {
      // Gated as the enrolment is (docs/administrators.md §4).
      config: { world: 'tenant', permission: UDB_READ_PERMISSION, features: ['tfa'] },
      schema: {
        tags,
        summary: `The tenant's accounts with their second-factor state (needs ${UDB_READ_PERMISSION} and the tfa feature)`,
        response: { 200: MfaUserList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const tid = tenantSessionOf(request).tid;
      return { users: await mfaUserList(ctx.store, tid) };
    },
  );
};

/** The tenant's accounts with their second-factor state (the portal's list and the console's). */
export async function mfaUserList(store: ConfigStore, tid: string) {
  const records = new Map((await store.mfa.list(tid)).map((m) => [m.uid, m]));
  return (await store.users.list(tid)).map((u) => ({
    uid: u.uid,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    mfa_enrolled_since: mfaStateOf(records.get(u.uid) ?? null).enrolled_since,
  }));
}

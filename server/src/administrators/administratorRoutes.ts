/**
 * A tenant's administrators (issue 33 points 1 and 2; docs/administrators.md): the spec's
 * `GET /api/auth/v1/list_users`, and the cloud's writes, extensions of the spec: create with a
 * one-time password, reset the password, change the status, unlock, delete, and reset another
 * account's second factor. Reads need settings:admins:read, writes settings:admins:write; every
 * write is audited with before and after. A change never leaves the tenant without an active
 * full administrator (409).
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ADMIN_MSGS,
  ADMIN_PATHS,
  ADMINS_READ_PERMISSION,
  ADMINS_WRITE_PERMISSION,
  AdministratorCreate,
  AdministratorList,
  AdministratorPassword,
  AdministratorStatusChange,
  Administrator,
} from '@workbench/common/api/contract/administrators';
import { MFA_MSGS, MfaUser } from '@workbench/common/api/contract/auth';
import { checkedName } from '../http/bodyRules';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { generatePassword, hashPassword } from '../security/passwords';
import type { TenantSession } from '../context';
import type { ConfigStore, UserRecord } from '../store/ConfigStore';
import {
  administratorList,
  administratorReply,
  checkWithinOwn,
  keepAFullAdministrator,
  roleNamed,
} from './tenantRoles';
import { checkQuota } from '../quota/tenantQuota';

const UidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 64 }) });
const tags = ['administrators'];

export const administratorRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;
  const now = () => ctx.now().getTime();

  /** The tenant's account of that uid, or 404 naming uid (another tenant's is none of ours). */
  const accountOr404 = async (s: TenantSession, uid: string): Promise<UserRecord> => {
    const u = await store.users.get(uid);
    if (!u || u.tid !== s.tid) throw new ApiHttpError(404, ADMIN_MSGS.notFound, 'uid');
    return u;
  };
  /** The account as the list shows it, read again after a change. */
  const replyOf = async (uid: string, on: ConfigStore = store): Promise<Administrator> => {
    const u = await on.users.get(uid);
    if (!u) throw new ApiHttpError(404, ADMIN_MSGS.notFound, 'uid');
    const m = await on.mfa.get(uid);
    return administratorReply(
      u,
      m?.secret ? m.enabledAt : null,
      await on.loginFailures.lockedNow('tenant', now()),
    );
  };

  app.get(
    ADMIN_PATHS.list,
    {
      config: { world: 'tenant', permission: ADMINS_READ_PERMISSION },
      schema: {
        tags,
        summary: "The tenant's administrators: role, status, lockout, pending password change, second factor",
        response: { 200: AdministratorList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ users: await administratorList(store, tenantSessionOf(request).tid, now()) }),
  );

  app.post(
    ADMIN_PATHS.create,
    {
      config: {
        world: 'tenant',
        permission: ADMINS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'add_user', area: 'admins', what: 'Added an administrator.', inTransaction: true },
      },
      schema: {
        tags,
        summary:
          'Adds an administrator with a role; answers its one-time password once, to be changed at the first sign-in',
        body: AdministratorCreate,
        response: { 201: AdministratorPassword, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const username = request.body.username.trim().toLowerCase();
      const firstName = checkedName('first_name', request.body.first_name);
      const lastName = checkedName('last_name', request.body.last_name);
      const role = await roleNamed(store, s.tid, request.body.role);
      if (!role) throw new ApiHttpError(400, ADMIN_MSGS.unknownRole, 'role');
      checkWithinOwn(s.access, role, 'role');
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      const uid = crypto.randomUUID();
      // The account and its audit event commit together.
      const user = await auditedChange(request, async (tx) => {
        if (await tx.users.findByUsername(username))
          throw new ApiHttpError(409, ADMIN_MSGS.usernameTaken, 'username');
        await checkQuota(tx, s.tid, 'administrators');
        await tx.users.insert({
          uid,
          tid: s.tid,
          username,
          firstName,
          lastName,
          role: role.name,
          roles: { read: role.read, write: role.write },
          passwordHash,
          // A password someone else knows is changed before anything else opens (auth/README.md).
          showChangePassword: true,
          status: 'active',
        });
        const made = await replyOf(uid, tx);
        noteAudit(request, {
          object: username,
          after: made,
          details: `Added the administrator ${username} (${role.name}).`,
        });
        return made;
      });
      return reply.code(201).send({ user, password });
    },
  );

  app.post(
    ADMIN_PATHS.resetPasswordRoute,
    {
      config: {
        world: 'tenant',
        permission: ADMINS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: {
          action: 'change_pwd',
          area: 'admins',
          what: "Reset an administrator's password.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Gives an administrator a new one-time password (answered once); its sessions end and it must change it at the next sign-in',
        params: UidParams,
        response: { 200: AdministratorPassword, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const before = await accountOr404(s, request.params.uid);
      if (before.uid === s.uid) throw new ApiHttpError(409, ADMIN_MSGS.selfReset, 'uid');
      // Whoever learns the password acts as the account: never one with more rights than the caller.
      checkWithinOwn(s.access, before.roles, 'uid');
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await auditedChange(request, async (tx) => {
        await tx.users.resetPassword(before.uid, passwordHash);
        noteAudit(request, {
          object: before.username,
          before: { show_change: before.showChangePassword },
          after: { show_change: true },
          details: `Reset the password of ${before.username}; it must be changed at the next sign-in.`,
        });
      });
      const user = await replyOf(before.uid);
      return { user, password };
    },
  );

  app.put(
    ADMIN_PATHS.statusRoute,
    {
      config: {
        world: 'tenant',
        permission: ADMINS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: {
          action: 'update',
          area: 'admins',
          what: "Changed an administrator's status.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Activates or disables an administrator (a disabled one neither signs in nor keeps a session); never the last full administrator',
        params: UidParams,
        body: AdministratorStatusChange,
        response: { 200: Administrator, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { status } = request.body;
      const target = request.params.uid;
      const before = await auditedChange(request, async (tx) => {
        const u = await tx.users.get(target);
        if (!u || u.tid !== s.tid) throw new ApiHttpError(404, ADMIN_MSGS.notFound, 'uid');
        if (status === 'disabled' && u.uid === s.uid) throw new ApiHttpError(409, ADMIN_MSGS.self, 'uid');
        checkWithinOwn(s.access, u.roles, 'uid');
        await keepAFullAdministrator(tx, s.tid, (x) => (x.uid === u.uid ? { ...x, status } : x), 'status');
        await tx.users.setStatus(u.uid, status);
        noteAudit(request, {
          object: u.username,
          action: status === 'active' ? 'activated' : 'deactivated',
          before: { status: u.status ?? 'active' },
          after: { status },
          details: `${status === 'active' ? 'Activated' : 'Disabled'} the administrator ${u.username}.`,
        });
        return u;
      });
      return replyOf(before.uid);
    },
  );

  app.post(
    ADMIN_PATHS.unlockRoute,
    {
      config: {
        world: 'tenant',
        permission: ADMINS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: {
          action: 'unlocked',
          area: 'admins',
          what: 'Unlocked an administrator.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          "Ends an administrator's lockout after failed sign-ins, from every address (409 when not locked)",
        params: UidParams,
        response: { 200: Administrator, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const u = await accountOr404(s, request.params.uid);
      const locked = await store.loginFailures.lockedNow('tenant', now());
      // 409, not a quiet 200: the page's row was stale.
      if (!locked.has(u.username.toLowerCase())) throw new ApiHttpError(409, ADMIN_MSGS.notLocked, 'uid');
      await auditedChange(request, async (tx) => {
        await tx.loginFailures.clearAccount('tenant', u.username);
        noteAudit(request, {
          object: u.username,
          before: { locked: true },
          after: { locked: false },
          details: `Unlocked the administrator ${u.username}.`,
        });
      });
      return replyOf(u.uid);
    },
  );

  app.delete(
    ADMIN_PATHS.oneRoute,
    {
      config: {
        world: 'tenant',
        permission: ADMINS_WRITE_PERMISSION,
        sessionOnly: true,
        audit: {
          action: 'remove_user',
          area: 'admins',
          what: 'Deleted an administrator.',
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Deletes an administrator with its sessions, second factor and API tokens; never oneself nor the last full administrator',
        params: UidParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const target = request.params.uid;
      await auditedChange(request, async (tx) => {
        const u = await tx.users.get(target);
        if (!u || u.tid !== s.tid) throw new ApiHttpError(404, ADMIN_MSGS.notFound, 'uid');
        if (u.uid === s.uid) throw new ApiHttpError(409, ADMIN_MSGS.self, 'uid');
        checkWithinOwn(s.access, u.roles, 'uid');
        await keepAFullAdministrator(tx, s.tid, (x) => (x.uid === u.uid ? null : x), 'uid');
        const m = await tx.mfa.get(u.uid);
        await tx.users.delete(u.uid);
        const before = administratorReply(u, m?.secret ? m.enabledAt : null, new Set());
        noteAudit(request, {
          object: before.username,
          before,
          details: `Deleted the administrator ${before.username}.`,
        });
      });
      return reply.code(204).send(null);
    },
  );

  // An administrator of the tenant turns off another account's second factor (a lost phone),
  // gated by the tfa feature as the enrolment is; the provider's disablemfa does the same.
  app.post(
    ADMIN_PATHS.mfaResetRoute,
    {
      config: {
        world: 'tenant',
        permission: ADMINS_WRITE_PERMISSION,
        features: ['tfa'],
        sessionOnly: true,
        audit: {
          action: 'tfa_reset',
          area: 'tfa',
          what: "Turned off an administrator's two-factor sign-in.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          "Turns off an administrator's two-factor sign-in (409 when it has none); it then signs in with its password",
        params: UidParams,
        response: { 200: MfaUser, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const u = await accountOr404(s, request.params.uid);
      checkWithinOwn(s.access, u.roles, 'uid');
      await auditedChange(request, async (tx) => {
        const m = await tx.mfa.get(u.uid);
        if (!m?.secret) throw new ApiHttpError(409, MFA_MSGS.notEnrolled, 'uid');
        await tx.mfa.delete(u.uid);
        noteAudit(request, {
          object: u.username,
          before: { mfa_enrolled_since: m.enabledAt },
          after: { mfa_enrolled_since: null },
          details: `Turned off the two-factor sign-in of ${u.username}.`,
        });
      });
      return {
        uid: u.uid,
        username: u.username,
        first_name: u.firstName,
        last_name: u.lastName,
        mfa_enrolled_since: null,
      };
    },
  );
};

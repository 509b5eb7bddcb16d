/**
 * A tenant's portal accounts in the provider console (docs/provider-console.md §3, issue 14): another
 * administrator, the RBAC list of the accounts' roles, their two-factor state and its reset, and
 * a password reset.
 *
 * One of the tenant route plugins (app.ts registers each; their shared helpers are
 * tenantRouteKit.ts). Reads need `tenants:*:read` (operators and support), writes
 * `tenants:*:write` (operators only: support gets 403, a tenant session 401). Every write goes to
 * the provider's audit trail (config.audit).
 */
import type { FastifyPluginAsync } from 'fastify';
import { isRbacEnforced } from '@workbench/common/features/rbac/permissions';
import {
  AccountPasswordReset,
  TenantRbac,
  TenantAdminBody,
  TenantAdminCreated,
} from '@workbench/common/api/contract/providerTenants';
import { MFA_MSGS, MfaUser, MfaUserList } from '@workbench/common/api/contract/auth';
import { MFA_ACCOUNT_NOT_FOUND } from '@workbench/common/api/contract/providerTenantPaths';
import { mfaUserList } from '../auth/mfaRoutes';
import { roleNameOf } from '../administrators/tenantRoles';
import { ApiHttpError, errorResponses } from '../http/errors';
import { noteAudit } from '../audit/auditTrail';
import { generatePassword, hashPassword } from '../security/passwords';
import { IdParams, UserParams, insertAdmin, freeAdminUsername, tenantRouteKit } from './tenantRouteKit';
import { checkQuota } from '../quota/tenantQuota';

export const tenantAccountRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, ctx, store, tags, read, write, item, users, tenantOr404 } = tenantRouteKit(fastify);

  app.post(
    `${item}/admins`,
    {
      config: write('add_user', "Added a tenant's administrator."),
      schema: {
        tags,
        summary:
          'Adds an administrator to a tenant (an account of the tenant portal); answers its one-time password once',
        params: IdParams,
        body: TenantAdminBody,
        response: { 201: TenantAdminCreated, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const t = await tenantOr404(request.params.id);
      const username = await freeAdminUsername(store, request.body);
      await checkQuota(store, t.tid, 'administrators');
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await store.transaction((tx) => insertAdmin(tx, t.tid, request.body, passwordHash));
      noteAudit(request, {
        object: t.name,
        tenant: t.tid,
        after: { admin_username: username },
        details: `Added the administrator ${username} to the tenant ${t.name}.`,
      });
      return reply.code(201).send({ admin_username: username, admin_password: password });
    },
  );

  // docs/provider-console.md §3 RBAC list: the roles of the tenant's portal accounts, read from the portal's own accounts.
  app.get(
    `${item}/rbac`,
    {
      config: read,
      schema: {
        tags,
        summary:
          "The tenant's RBAC list: each portal account's role and permission lists, and whether RBAC is enforced",
        params: IdParams,
        response: { 200: TenantRbac, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const accounts = await store.users.list(t.tid);
      return {
        enforced: isRbacEnforced(ctx.deployment, ctx.mode, t.capabilities),
        accounts: accounts.map((u) => ({
          username: u.username,
          first_name: u.firstName,
          last_name: u.lastName,
          role: roleNameOf(u),
          read: [...u.roles.read],
          write: [...u.roles.write],
        })),
      };
    },
  );

  // Two-factor sign-in of the tenant's portal accounts: their state, and disablemfa (the reset
  // for an administrator who lost the phone; after it they sign in with the password alone).
  app.get(
    `${item}/mfa/users`,
    {
      config: read,
      schema: {
        tags,
        summary: "The tenant's portal accounts with their second-factor state",
        params: IdParams,
        response: { 200: MfaUserList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ users: await mfaUserList(store, (await tenantOr404(request.params.id)).tid) }),
  );
  app.post(
    `${users}/:uid/disablemfa`,
    {
      config: write('tfa_reset', "Turned off a portal account's two-factor sign-in.", 'tfa'),
      schema: {
        tags,
        summary:
          "Turns off a portal account's two-factor sign-in (409 when it has none); it then signs in with its password",
        params: UserParams,
        response: { 200: MfaUser, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const account = await store.users.get(request.params.uid);
      if (!account || account.tid !== t.tid) throw new ApiHttpError(404, MFA_ACCOUNT_NOT_FOUND);
      const m = await store.mfa.get(account.uid);
      // 409, not a quiet 200: the console's row was stale, and the operator should see it.
      if (!m?.secret) throw new ApiHttpError(409, MFA_MSGS.notEnrolled);
      await store.mfa.delete(account.uid);
      noteAudit(request, {
        object: `${t.name}: ${account.username}`,
        before: { mfa_enrolled_since: m.enabledAt },
        after: { mfa_enrolled_since: null },
      });
      return {
        uid: account.uid,
        username: account.username,
        first_name: account.firstName,
        last_name: account.lastName,
        mfa_enrolled_since: null,
      };
    },
  );

  // A portal account's password reset (an administrator who lost theirs): a new one-time password,
  // answered once; the account's sessions end and it must choose its own at the next sign-in
  // before anything else opens (auth/pendingSteps.ts).
  app.post(
    `${users}/:uid/resetpassword`,
    {
      config: write('change_pwd', "Reset a portal account's password.", 'admins'),
      schema: {
        tags,
        summary:
          'Gives a portal account a new one-time password (answered once); its sessions end and it must change it at the next sign-in',
        params: UserParams,
        response: { 200: AccountPasswordReset, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const account = await store.users.get(request.params.uid);
      if (!account || account.tid !== t.tid) throw new ApiHttpError(404, MFA_ACCOUNT_NOT_FOUND);
      const password = generatePassword();
      await store.users.resetPassword(account.uid, await hashPassword(password));
      noteAudit(request, {
        object: `${t.name}: ${account.username}`,
        details: `Reset the password of ${account.username} of ${t.name}; it must be changed at the next sign-in.`,
      });
      return { uid: account.uid, username: account.username, password };
    },
  );
};

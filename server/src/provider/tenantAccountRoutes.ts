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
  RBAC_MSGS,
  TenantRbac,
  TenantRbacChange,
  TenantAdminBody,
  TenantAdminCreated,
} from '@workbench/common/api/contract/providerTenants';
import { MFA_MSGS, MfaUser, MfaUserList } from '@workbench/common/api/contract/auth';
import { MFA_ACCOUNT_NOT_FOUND } from '@workbench/common/api/contract/providerTenantPaths';
import { mfaUserList } from '../auth/mfaRoutes';
import { keepAFullAdministrator, roleNameOf, roleNamed, tenantRoles } from '../administrators/tenantRoles';
import type { ConfigStore } from '../store/ConfigStore';
import { ApiHttpError, errorResponses } from '../http/errors';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import { generatePassword, hashPassword } from '../security/passwords';
import { IdParams, UserParams, insertAdmin, freeAdminUsername, tenantRouteKit } from './tenantRouteKit';
import { checkQuota } from '../quota/tenantQuota';

export const tenantAccountRoutes: FastifyPluginAsync = async (fastify) => {
  const { app, ctx, store, tags, read, write, item, users, tenantOr404 } = tenantRouteKit(fastify);

  const rbacOf = async (from: ConfigStore, t: { tid: string; capabilities: Record<string, unknown> }) => {
    const accounts = await from.users.list(t.tid);
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
      roles: (await tenantRoles(from, t.tid)).map((r) => ({
        name: r.name,
        builtin: r.builtin,
        read: [...r.read],
        write: [...r.write],
      })),
    };
  };

  app.post(
    `${item}/admins`,
    {
      config: write('add_user', "Added a tenant's administrator.", 'tenants', true),
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
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      // The account and its audit event commit together.
      const username = await auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const free = await freeAdminUsername(tx, request.body);
        await checkQuota(tx, t.tid, 'administrators');
        await insertAdmin(tx, t.tid, request.body, passwordHash);
        noteAudit(request, {
          object: t.name,
          tenant: t.tid,
          after: { admin_username: free },
          details: `Added the administrator ${free} to the tenant ${t.name}.`,
        });
        return free;
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
    async (request) => rbacOf(store, await tenantOr404(request.params.id)),
  );

  // docs/provider-console.md §15: the RBAC list's PUT gives accounts roles (the portal's own rule
  // of a role: its name and its lists together), all or none, never leaving the tenant without an
  // active full administrator.
  app.put(
    `${item}/rbac`,
    {
      config: write('update', "Changed the roles of a tenant's portal accounts.", 'admins', true),
      schema: {
        tags,
        summary:
          "Gives the listed portal accounts of the tenant a role each (built-in or the tenant's own); 400 naming the entry, 409 when no active full administrator would remain",
        params: IdParams,
        body: TenantRbacChange,
        response: { 200: TenantRbac, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const t = await tenantOr404(request.params.id);
      const { accounts } = request.body;
      // The roles and their audit event commit together.
      await auditedChange(request, async (tx) => {
        const users = await tx.users.list(t.tid);
        const byName = new Map(users.map((u) => [u.username.toLowerCase(), u]));
        const seen = new Set<string>();
        const plan = [];
        for (const [i, a] of accounts.entries()) {
          const key = a.username.trim().toLowerCase();
          const u = byName.get(key);
          if (!u) throw new ApiHttpError(400, RBAC_MSGS.noSuchAccount(a.username), `accounts.${i}.username`);
          if (seen.has(key))
            throw new ApiHttpError(400, RBAC_MSGS.twice(a.username), `accounts.${i}.username`);
          seen.add(key);
          const role = await roleNamed(tx, t.tid, a.role);
          if (!role) throw new ApiHttpError(400, RBAC_MSGS.noSuchRole(a.role), `accounts.${i}.role`);
          plan.push({ user: u, role });
        }
        const next = new Map(plan.map((p) => [p.user.uid, { read: p.role.read, write: p.role.write }]));
        await keepAFullAdministrator(
          tx,
          t.tid,
          (x) => {
            const lists = next.get(x.uid);
            return lists ? { ...x, roles: lists } : x;
          },
          'accounts',
        );
        for (const p of plan)
          await tx.users.setRole(p.user.uid, p.role.name, { read: p.role.read, write: p.role.write });
        noteAudit(request, {
          object: t.name,
          tenant: t.tid,
          before: Object.fromEntries(plan.map((p) => [p.user.username, roleNameOf(p.user)])),
          after: Object.fromEntries(plan.map((p) => [p.user.username, p.role.name])),
          details: `Changed the roles of ${plan.map((p) => `${p.user.username} (${p.role.name})`).join(', ')} of ${t.name}.`,
        });
      });
      return rbacOf(store, t);
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
      config: write('tfa_reset', "Turned off a portal account's two-factor sign-in.", 'tfa', true),
      schema: {
        tags,
        summary:
          "Turns off a portal account's two-factor sign-in (409 when it has none); it then signs in with its password",
        params: UserParams,
        response: { 200: MfaUser, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const account = await auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const found = await tx.users.get(request.params.uid);
        if (!found || found.tid !== t.tid) throw new ApiHttpError(404, MFA_ACCOUNT_NOT_FOUND);
        const m = await tx.mfa.get(found.uid);
        // 409, not a quiet 200: the console's row was stale, and the operator should see it.
        if (!m?.secret) throw new ApiHttpError(409, MFA_MSGS.notEnrolled);
        await tx.mfa.delete(found.uid);
        noteAudit(request, {
          object: `${t.name}: ${found.username}`,
          before: { mfa_enrolled_since: m.enabledAt },
          after: { mfa_enrolled_since: null },
        });
        return found;
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
      config: write('change_pwd', "Reset a portal account's password.", 'admins', true),
      schema: {
        tags,
        summary:
          'Gives a portal account a new one-time password (answered once); its sessions end and it must change it at the next sign-in',
        params: UserParams,
        response: { 200: AccountPasswordReset, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      // The new password and its audit event commit together.
      const account = await auditedChange(request, async (tx) => {
        const t = await tenantOr404(request.params.id, tx);
        const found = await tx.users.get(request.params.uid);
        if (!found || found.tid !== t.tid) throw new ApiHttpError(404, MFA_ACCOUNT_NOT_FOUND);
        await tx.users.resetPassword(found.uid, passwordHash);
        noteAudit(request, {
          object: `${t.name}: ${found.username}`,
          details: `Reset the password of ${found.username} of ${t.name}; it must be changed at the next sign-in.`,
        });
        return found;
      });
      return { uid: account.uid, username: account.username, password };
    },
  );
};

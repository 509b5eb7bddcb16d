/**
 * The appliance's admin accounts under /api/mgr/v2 (docs/appliances.md): the accounts that sign in
 * to it (its portal accounts, the same the administrators area lists): the list with each one's
 * status, lockout and ssh access, a password set by another administrator (to be changed at the
 * next sign-in), the status (active or disabled), the end of a lockout, and ssh enabled or not
 * (`ssh_enabled`, kept in the appliance's config store).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ADMINS_READ_PERMISSION,
  ADMINS_WRITE_PERMISSION,
} from '@workbench/common/api/contract/settingsPermissions';
import { newPasswordProblem } from '@workbench/common/api/contract/auth';
import {
  APPLIANCE_ADMIN_MSGS as MSGS,
  APPLIANCE_ADMIN_PATHS as PATHS,
  AdminPasswordRequest,
  AdminSshRequest,
  AdminStatusRequest,
  ApplianceAdmin,
  ApplianceAdminList,
  ApplianceAdminParams,
} from '@workbench/common/api/contract/appliance/applianceSettings';
import type { TenantSession } from '../context';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { noteAudit } from '../audit/auditTrail';
import { hashPassword } from '../security/passwords';

const tags = ['appliance admin accounts'];
const SSH_ROW = 'ssh_enabled';

export const applianceAdminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { store, now } = app.workbench;
  const write = (action: string, what: string) => ({
    world: 'tenant' as const,
    permission: ADMINS_WRITE_PERMISSION,
    sessionOnly: true,
    audit: { action, area: 'admins', what },
  });

  const sshOf = async () => (await store.applianceSettings.get(SSH_ROW))?.data ?? {};
  const accountOr404 = async (s: TenantSession, id: string) => {
    const u = await store.users.get(id);
    if (!u || u.tid !== s.tid) throw new ApiHttpError(404, MSGS.notFound, 'id');
    return u;
  };
  const adminOf = async (uid: string): Promise<ApplianceAdmin> => {
    const u = await store.users.get(uid);
    if (!u) throw new ApiHttpError(404, MSGS.notFound, 'id');
    const locked = await store.loginFailures.lockedNow('tenant', now().getTime());
    return {
      id: u.uid,
      username: u.username,
      status: u.status ?? 'active',
      locked: locked.has(u.username.toLowerCase()),
      ssh_enabled: (await sshOf())[u.uid] === true,
    };
  };

  app.get(
    PATHS.list,
    {
      config: { world: 'tenant', permission: ADMINS_READ_PERMISSION, sessionOnly: true },
      schema: {
        tags,
        summary: "The appliance's admin accounts: status, lockout, ssh access",
        response: { 200: ApplianceAdminList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const locked = await store.loginFailures.lockedNow('tenant', now().getTime());
      const ssh = await sshOf();
      const users = (await store.users.list(s.tid)).map((u) => ({
        id: u.uid,
        username: u.username,
        status: u.status ?? ('active' as const),
        locked: locked.has(u.username.toLowerCase()),
        ssh_enabled: ssh[u.uid] === true,
      }));
      return { users };
    },
  );

  app.put(
    PATHS.passwordRoute,
    {
      config: write('update', "Set an administrator's password."),
      schema: {
        tags,
        summary: "Sets an admin account's password (to be changed at its next sign-in; its sessions end)",
        params: ApplianceAdminParams,
        body: AdminPasswordRequest,
        response: { 200: ApplianceAdmin, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const u = await accountOr404(tenantSessionOf(request), request.params.id);
      const problem = newPasswordProblem('', request.body.password);
      if (problem) throw new ApiHttpError(400, `password: ${problem}`, 'password');
      await store.users.resetPassword(u.uid, await hashPassword(request.body.password));
      noteAudit(request, { object: u.username, details: `Set the password of ${u.username}.` });
      return adminOf(u.uid);
    },
  );

  app.put(
    PATHS.statusRoute,
    {
      config: write('update', "Changed an administrator's status."),
      schema: {
        tags,
        summary: 'Activates or disables an admin account (not your own)',
        params: ApplianceAdminParams,
        body: AdminStatusRequest,
        response: { 200: ApplianceAdmin, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const u = await accountOr404(s, request.params.id);
      const { status } = request.body;
      if (status === 'disabled' && u.uid === s.uid) throw new ApiHttpError(409, MSGS.self, 'status');
      await store.users.setStatus(u.uid, status);
      noteAudit(request, { object: u.username, before: { status: u.status ?? 'active' }, after: { status } });
      return adminOf(u.uid);
    },
  );

  app.put(
    PATHS.unlockRoute,
    {
      config: write('unlocked', 'Unlocked an administrator.'),
      schema: {
        tags,
        summary: "Ends an admin account's lockout after failed sign-ins (409 when not locked)",
        params: ApplianceAdminParams,
        response: { 200: ApplianceAdmin, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const u = await accountOr404(tenantSessionOf(request), request.params.id);
      const locked = await store.loginFailures.lockedNow('tenant', now().getTime());
      if (!locked.has(u.username.toLowerCase())) throw new ApiHttpError(409, MSGS.notLocked, 'id');
      await store.loginFailures.clearAccount('tenant', u.username);
      noteAudit(request, { object: u.username, before: { locked: true }, after: { locked: false } });
      return adminOf(u.uid);
    },
  );

  app.put(
    PATHS.sshRoute,
    {
      config: write('update', "Changed an administrator's ssh access."),
      schema: {
        tags,
        summary: 'Enables or disables ssh for an admin account (ssh_enabled)',
        params: ApplianceAdminParams,
        body: AdminSshRequest,
        response: { 200: ApplianceAdmin, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const u = await accountOr404(s, request.params.id);
      const row = await store.applianceSettings.get(SSH_ROW);
      const before = row?.data[u.uid] === true;
      const data = { ...(row?.data ?? {}), [u.uid]: request.body.ssh_enabled };
      const at = new Date(Math.max(now().getTime(), row ? Date.parse(row.updatedAt) + 1 : 0)).toISOString();
      if (!(await store.applianceSettings.put(SSH_ROW, data, {}, at, s.username, row?.updatedAt ?? null)))
        throw new ApiHttpError(409, 'ssh access was changed meanwhile; send it again.', 'id');
      noteAudit(request, {
        object: u.username,
        before: { ssh_enabled: before },
        after: { ssh_enabled: request.body.ssh_enabled },
      });
      return adminOf(u.uid);
    },
  );
};

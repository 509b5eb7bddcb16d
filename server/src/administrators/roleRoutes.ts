/**
 * A tenant's roles (issue 33 point 1; docs/administrators.md). The spec names `GET/POST
 * /api/policy/v1/rbac` and `GET/POST /api/policy/v2/rbac` without shapes: v1 is who holds which
 * role (POST gives an administrator a role), v2 the roles (POST saves one, new or edited);
 * `DELETE /api/policy/v2/rbac/{name}` is ours (an extension). The built-in roles are read-only.
 * A role's edit rewrites its holders' lists in the same transaction, and the server reads an
 * account's lists on every request, so the change holds from the holder's next call.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ADMIN_MSGS,
  RBAC_PATHS,
  ROLE_MSGS,
  ROLE_NAME_MAX,
  ROLES_READ_PERMISSION,
  ROLES_WRITE_PERMISSION,
  ADMINS_WRITE_PERMISSION,
  RbacAssign,
  RbacV1,
  Role,
  RoleList,
  RoleSave,
  isBuiltinRole,
} from '@workbench/common/api/contract/administrators';
import { ApiHttpError, errorResponses } from '../http/errors';
import { tenantSessionOf } from '../http/guard';
import { auditedChange, noteAudit } from '../audit/auditTrail';
import {
  checkWithinOwn,
  holdersOf,
  keepAFullAdministrator,
  roleNameOf,
  roleNamed,
  roleReply,
  tenantRoles,
} from './tenantRoles';
import { checkQuota } from '../quota/tenantQuota';

const tags = ['roles'];
const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: ROLE_NAME_MAX }) });

export const roleRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.workbench;
  const store = ctx.store;

  app.get(
    RBAC_PATHS.v1,
    {
      config: { world: 'tenant', permission: ROLES_READ_PERMISSION },
      schema: {
        tags,
        summary:
          "Who holds which role: each administrator's role and its lists, and whether roles are enforced",
        response: { 200: RbacV1, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      return {
        enforced: s.access.enforced,
        accounts: (await store.users.list(s.tid)).map((u) => ({
          uid: u.uid,
          username: u.username,
          role: roleNameOf(u),
          read: [...u.roles.read],
          write: [...u.roles.write],
        })),
      };
    },
  );

  app.post(
    RBAC_PATHS.v1,
    {
      config: {
        world: 'tenant',
        permission: { all: [ROLES_READ_PERMISSION, ADMINS_WRITE_PERMISSION] },
        sessionOnly: true,
        audit: {
          action: 'update',
          area: 'admins',
          what: "Changed an administrator's role.",
          inTransaction: true,
        },
      },
      schema: {
        tags,
        summary:
          'Gives an administrator a role; it holds from their next request. Never beyond your own rights, never the last full administrator',
        body: RbacAssign,
        response: { 200: RbacV1.properties.accounts.items, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const { uid } = request.body;
      // The role and its audit event commit together.
      const { user, role } = await auditedChange(request, async (tx) => {
        const u = await tx.users.get(uid);
        if (!u || u.tid !== s.tid) throw new ApiHttpError(404, ADMIN_MSGS.notFound, 'uid');
        const r = await roleNamed(tx, s.tid, request.body.role);
        if (!r) throw new ApiHttpError(400, ADMIN_MSGS.unknownRole, 'role');
        checkWithinOwn(s.access, r, 'role');
        checkWithinOwn(s.access, u.roles, 'uid');
        const lists = { read: r.read, write: r.write };
        await keepAFullAdministrator(
          tx,
          s.tid,
          (x) => (x.uid === u.uid ? { ...x, roles: lists } : x),
          'role',
        );
        await tx.users.setRole(u.uid, r.name, lists);
        const was = roleNameOf(u);
        noteAudit(request, {
          object: u.username,
          before: { role: was, read: u.roles.read, write: u.roles.write },
          after: { role: r.name, read: r.read, write: r.write },
          details: `Gave ${u.username} the role ${r.name} (was ${was}).`,
        });
        return { user: u, role: r };
      });
      return { uid: user.uid, username: user.username, role: role.name, read: role.read, write: role.write };
    },
  );

  app.get(
    RBAC_PATHS.v2,
    {
      config: { world: 'tenant', permission: ROLES_READ_PERMISSION },
      schema: {
        tags,
        summary: "The tenant's roles (built-in first), their lists and who holds each",
        response: { 200: RoleList, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const s = tenantSessionOf(request);
      const users = await store.users.list(s.tid);
      return {
        enforced: s.access.enforced,
        roles: (await tenantRoles(store, s.tid)).map((r) => roleReply(r, users)),
      };
    },
  );

  app.post(
    RBAC_PATHS.v2,
    {
      config: {
        world: 'tenant',
        permission: ROLES_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'update', area: 'roles', what: 'Saved a role.', inTransaction: true },
      },
      schema: {
        tags,
        summary:
          'Saves a role: a new one (create: true; 409 when the name exists) or an edit (create: false; 404 when none); its holders have the new lists from their next request',
        body: RoleSave,
        response: { 200: Role, 201: Role, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const name = request.body.name.trim();
      const dedupe = (l: readonly string[]) => [...new Set(l)];
      const lists = { read: dedupe(request.body.read), write: dedupe(request.body.write) };
      const description = request.body.description.trim();
      if (isBuiltinRole(name)) throw new ApiHttpError(409, ROLE_MSGS.builtin(name), 'name');
      checkWithinOwn(s.access, lists, 'write');
      const at = ctx.now().toISOString();
      // The role and its audit event commit together.
      const before = await auditedChange(request, async (tx) => {
        const old = await tx.roles.get(s.tid, name);
        const note = (was: typeof old) =>
          noteAudit(request, {
            object: name,
            action: was ? 'update' : 'create',
            before: was ? { description: was.description, read: was.read, write: was.write } : undefined,
            after: { description, ...lists },
            details: was ? `Edited the role ${name}.` : `Created the role ${name}.`,
          });
        if (request.body.create) {
          if (old) throw new ApiHttpError(409, ROLE_MSGS.exists(name), 'name');
          await checkQuota(tx, s.tid, 'roles');
          await tx.roles.insert({ tid: s.tid, name, description, ...lists, createdAt: at, updatedAt: at });
          note(null);
          return null;
        }
        if (!old) throw new ApiHttpError(404, ROLE_MSGS.notFound(name), 'name');
        await keepAFullAdministrator(
          tx,
          s.tid,
          (x) => (roleNameOf(x) === name ? { ...x, roles: lists } : x),
          'write',
        );
        await tx.roles.update({ tid: s.tid, name, description, ...lists, updatedAt: at });
        await tx.users.setRolesOfHolders(s.tid, name, lists);
        note(old);
        return old;
      });
      const saved = await roleNamed(store, s.tid, name);
      if (!saved) throw new ApiHttpError(404, ROLE_MSGS.notFound(name), 'name');
      const after = roleReply(saved, await store.users.list(s.tid));
      return reply.code(before ? 200 : 201).send(after);
    },
  );

  app.delete(
    RBAC_PATHS.oneRoute,
    {
      config: {
        world: 'tenant',
        permission: ROLES_WRITE_PERMISSION,
        sessionOnly: true,
        audit: { action: 'delete', area: 'roles', what: 'Deleted a role.', inTransaction: true },
      },
      schema: {
        tags,
        summary: 'Deletes a role nobody holds (409 naming its holders otherwise; built-in roles stay)',
        params: NameParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const s = tenantSessionOf(request);
      const { name } = request.params;
      if (isBuiltinRole(name)) throw new ApiHttpError(409, ROLE_MSGS.builtin(name), 'name');
      await auditedChange(request, async (tx) => {
        const old = await tx.roles.get(s.tid, name);
        if (!old) throw new ApiHttpError(404, ROLE_MSGS.notFound(name), 'name');
        const holders = holdersOf(await tx.users.list(s.tid), name);
        if (holders.length > 0) throw new ApiHttpError(409, ROLE_MSGS.inUse(name, holders), 'name');
        await tx.roles.delete(s.tid, name);
        noteAudit(request, {
          object: name,
          before: { description: old.description, read: old.read, write: old.write },
          details: `Deleted the role ${name}.`,
        });
      });
      return reply.code(204).send(null);
    },
  );
};

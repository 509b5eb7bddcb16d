/**
 * The tenant's administrators, roles and two-factor users (docs/administrators.md): the spec's
 * list_users and policy v1/v2 rbac, and the cloud's writes (extensions `administrators`,
 * `mfa-reset`, `role-delete`: the pages offer those controls only when the server lists them).
 * One-time passwords are in the answers of create and reset only.
 */
import {
  ADMIN_PATHS,
  RBAC_PATHS,
  type Administrator,
  type AdministratorCreate,
  type AdministratorList,
  type AdministratorPassword,
  type AdminStatus,
  type RbacV1,
  type Role,
  type RoleList,
  type RoleSave,
} from './contract/administrators';
import type { MfaUser } from './contract/auth';
import type { HttpClient } from './http';

export async function listAdministrators(http: HttpClient): Promise<Administrator[]> {
  return (await http.get<AdministratorList>(ADMIN_PATHS.list, { callName: 'listAdministrators' })).data.users;
}

export async function createAdministrator(
  http: HttpClient,
  body: AdministratorCreate,
): Promise<AdministratorPassword> {
  return (
    await http.post<AdministratorPassword>(ADMIN_PATHS.create, body, { callName: 'createAdministrator' })
  ).data;
}

export async function resetAdministratorPassword(
  http: HttpClient,
  uid: string,
): Promise<AdministratorPassword> {
  return (
    await http.post<AdministratorPassword>(ADMIN_PATHS.resetPassword(uid), undefined, {
      callName: 'resetAdministratorPassword',
    })
  ).data;
}

export async function setAdministratorStatus(
  http: HttpClient,
  uid: string,
  status: AdminStatus,
): Promise<Administrator> {
  return (
    await http.put<Administrator>(ADMIN_PATHS.status(uid), { status }, { callName: 'setAdministratorStatus' })
  ).data;
}

export async function unlockAdministrator(http: HttpClient, uid: string): Promise<Administrator> {
  return (
    await http.post<Administrator>(ADMIN_PATHS.unlock(uid), undefined, { callName: 'unlockAdministrator' })
  ).data;
}

export async function deleteAdministrator(http: HttpClient, uid: string): Promise<void> {
  await http.delete(ADMIN_PATHS.one(uid), { callName: 'deleteAdministrator' });
}

/** An administrator's second factor turned off by another administrator (a lost phone). */
export async function resetAdministratorMfa(http: HttpClient, uid: string): Promise<MfaUser> {
  return (
    await http.post<MfaUser>(ADMIN_PATHS.mfaReset(uid), undefined, { callName: 'resetAdministratorMfa' })
  ).data;
}

/** Who holds which role (policy v1 rbac). */
export async function listRoleAssignments(http: HttpClient): Promise<RbacV1> {
  return (await http.get<RbacV1>(RBAC_PATHS.v1, { callName: 'listRoleAssignments' })).data;
}

/** Gives an administrator a role; it holds from their next request. */
export async function assignRole(
  http: HttpClient,
  uid: string,
  role: string,
): Promise<RbacV1['accounts'][number]> {
  return (
    await http.post<RbacV1['accounts'][number]>(RBAC_PATHS.v1, { uid, role }, { callName: 'assignRole' })
  ).data;
}

/** The tenant's roles (policy v2 rbac), built-in first, each with its holders. */
export async function listRoles(http: HttpClient): Promise<RoleList> {
  return (await http.get<RoleList>(RBAC_PATHS.v2, { callName: 'listRoles' })).data;
}

/** Saves a role: `create` true for a new one (409 when the name exists), false for an edit. */
export async function saveRole(http: HttpClient, role: RoleSave): Promise<Role> {
  return (await http.post<Role>(RBAC_PATHS.v2, role, { callName: 'saveRole' })).data;
}

/** A new role with another's lists (a built-in one included): the copy is the tenant's own. */
export async function copyRole(
  http: HttpClient,
  source: Pick<Role, 'read' | 'write' | 'description'>,
  name: string,
): Promise<Role> {
  return saveRole(http, {
    name,
    description: source.description,
    read: [...source.read],
    write: [...source.write],
    create: true,
  });
}

export async function deleteRole(http: HttpClient, name: string): Promise<void> {
  await http.delete(RBAC_PATHS.one(name), { callName: 'deleteRole' });
}

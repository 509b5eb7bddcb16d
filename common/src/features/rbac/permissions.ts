/**
 * Permissions of docs/access.md §2, shared by the server (enforcement) and the apps (what to show).
 * A permission has up to four colon-separated segments, api:action:item:id; `*` is a wildcard.
 */
import type { Deployment, Mode } from '../../api/contract/wire';

export interface Roles {
  read: readonly string[];
  write: readonly string[];
}

/** An access rule gives exactly one of `any` or `all` (docs/access.md §3). */
export interface AccessRule {
  any?: readonly string[];
  all?: readonly string[];
}

export const ALLOW_ALL = '*:*';

/** Each role in the read list becomes item:read; each in the write list becomes item:write. */
export function rolesToPermissions(roles: Roles): string[] {
  return [...roles.read.map((item) => `${item}:read`), ...roles.write.map((item) => `${item}:write`)];
}

/**
 * Segment-by-segment match with `*` as wildcard on either side. Segments one side does not spell
 * out match anything, so `logs:*` (a route's need) matches `logs:web:read` (a user's grant).
 */
export function permissionMatches(granted: string, wanted: string): boolean {
  if (granted === ALLOW_ALL) return true;
  const g = granted.split(':');
  const w = wanted.split(':');
  const n = Math.max(g.length, w.length);
  for (let i = 0; i < n; i += 1) {
    const a = g[i] ?? '*';
    const b = w[i] ?? '*';
    if (a !== '*' && b !== '*' && a !== b) return false;
  }
  return true;
}

/** RBAC is always enforced on on-prem non-management modes; otherwise only with the rbac capability. */
export function isRbacEnforced(
  deployment: Deployment,
  mode: Mode | null,
  capabilities: Readonly<Record<string, unknown>>,
): boolean {
  if (deployment === 'on_prem' && mode !== 'management_station') return true;
  return capabilities.rbac === true;
}

export interface AccessController {
  readonly enforced: boolean;
  readonly permissions: readonly string[];
  /** True when the permission is granted (always, when RBAC is not enforced). */
  can(permission: string): boolean;
  /** Evaluates a route access rule; throws on a malformed rule (neither or both of any/all). */
  allows(rule: AccessRule | undefined): boolean;
}

/** The deny list exists in the product but is empty (docs/access.md §1). */
const DENY_LIST: readonly string[] = [];

export class InvalidAccessRuleError extends Error {
  constructor() {
    super('An access rule must give exactly one of "any" or "all".');
    this.name = 'InvalidAccessRuleError';
  }
}

export function validateAccessRule(rule: AccessRule): void {
  if ((rule.any === undefined) === (rule.all === undefined)) throw new InvalidAccessRuleError();
}

export function createAccessController(permissions: readonly string[], enforced: boolean): AccessController {
  const can = (permission: string): boolean => {
    if (!enforced) return true;
    if (DENY_LIST.some((d) => permissionMatches(d, permission))) return false;
    return permissions.some((p) => permissionMatches(p, permission));
  };
  return {
    enforced,
    permissions,
    can,
    allows(rule) {
      if (rule === undefined) return true;
      validateAccessRule(rule);
      const list = rule.any ?? rule.all ?? [];
      if (list.length === 0) return true;
      return rule.any ? list.some(can) : list.every(can);
    },
  };
}

/** An access controller that denies everything: the state before a session exists. */
export const NO_ACCESS: AccessController = createAccessController([], true);

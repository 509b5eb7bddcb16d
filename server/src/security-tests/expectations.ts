/**
 * What the guard must answer, derived from an operation's declared access and the caller's
 * session and permissions (docs/access.md §3 access rules, §1 permissions), and how an actual status
 * is judged against it.
 */
import type { AccessController } from '@workbench/common/features/rbac/permissions';
import { missingFeatures } from '@workbench/common/features/feature-flags/deriveFeatureFlags';
import type { Operation, PermissionRule } from './operations';
import type { Caller } from './workbenchUnderTest';

export type Expected =
  /** No session of the route's world: 401 (a state-changing call may meet the xsrf check first: 403). */
  | { kind: 'unauthenticated'; statuses: number[] }
  /** Signed in, without the route's permission, or before a pending step that the route waits for. */
  | { kind: 'forbidden'; statuses: number[] }
  /** Through the guard: the handler answers (2xx, or 400/404/409/413 for the request itself). */
  | { kind: 'allowed' }
  /** Public routes, and optional-session routes without a session: the handler decides. */
  | { kind: 'handler' };

export type Verdict = 'ok' | 'leak' | 'server-error' | 'wrong-refusal' | 'wrong-status';

export function permits(access: AccessController, rule: PermissionRule): boolean {
  if (rule === null) return true;
  if (typeof rule === 'string') return access.can(rule);
  return access.allows(rule);
}

export function expectedFor(op: Operation, caller: Caller): Expected {
  const { world, permission, optional } = op.access;
  if (world === 'public') return { kind: 'handler' };
  if (caller.world !== world || !caller.access) {
    if (optional) return { kind: 'handler' };
    return { kind: 'unauthenticated', statuses: op.stateChanging ? [401, 403] : [401] };
  }
  // An API token never calls the routes about the person signed in, nor the session-only ones.
  if (caller.bearer && (op.access.sessionOnly || permission === null))
    return { kind: 'forbidden', statuses: [403] };
  // A step the account must do first: only the routes open during it answer (auth/pendingSteps.ts).
  const open = op.access.whilePending;
  if (caller.pendingStep && !(open === 'any' || open?.includes(caller.pendingStep)))
    return { kind: 'forbidden', statuses: [403] };
  if (!permits(caller.access, permission)) return { kind: 'forbidden', statuses: [403] };
  // Without the route's feature flags the tenant is refused too (docs/access.md §5 Feature flags).
  if (caller.features && missingFeatures(op.access.features, caller.features).length > 0)
    return { kind: 'forbidden', statuses: [403] };
  return { kind: 'allowed' };
}

/** A 2xx or 3xx where a refusal is due is a leak; a 5xx is never right. */
export function judge(expected: Expected, status: number): Verdict {
  if (status >= 500) return 'server-error';
  switch (expected.kind) {
    case 'unauthenticated':
    case 'forbidden':
      if (expected.statuses.includes(status)) return 'ok';
      return status < 400 ? 'leak' : 'wrong-status';
    case 'allowed':
      return status === 401 || status === 403 ? 'wrong-refusal' : 'ok';
    case 'handler':
      return 'ok';
  }
}

export const describeExpected = (e: Expected): string =>
  e.kind === 'unauthenticated' || e.kind === 'forbidden' ? `${e.kind} ${e.statuses.join('/')}` : e.kind;

/**
 * Pending steps of a portal account (common/src/api/contract/pendingSteps.ts has the rows and
 * their order): how the server knows each one is due. The session resolver lists the due ones
 * on every request from the config store (so every replica sees a change at once), and the guard
 * refuses what the first one does not allow (http/guard.ts). README.md beside this file.
 */
import { PENDING_STEPS, type PendingStep } from '@workbench/common/api/contract/pendingSteps';
import type { ServerContext, WhilePending } from '../context';
import type { TenantRecord, UserRecord } from '../store/ConfigStore';
import { termsDueFor } from '../terms/terms';

export interface PendingStepAccount {
  user: UserRecord;
  tenant: TenantRecord;
}

type PendingStepCheck = (account: PendingStepAccount, ctx: ServerContext) => boolean | Promise<boolean>;

/** One check per row; a new row without its check does not compile. */
const PENDING_STEP_CHECKS: Record<PendingStep, PendingStepCheck> = {
  // A password someone else set (tenant creation, a reset: auth/oneTimePasswords.ts) until the
  // account's own change clears the flag.
  change_password: ({ user }) => user.showChangePassword,
  // The provider's EULA is required and this account has not accepted its current version
  // (terms/terms.ts: a new version asks again).
  accept_terms: ({ user, tenant }, ctx) => termsDueFor(ctx.store, tenant.tid, user.uid),
};

/** The account's due steps, in the rows' order. */
export async function pendingStepsOf(
  ctx: ServerContext,
  account: PendingStepAccount,
): Promise<PendingStep[]> {
  const due = await Promise.all(PENDING_STEPS.map((step) => PENDING_STEP_CHECKS[step](account, ctx)));
  return PENDING_STEPS.filter((_, index) => due[index]);
}

/** Whether a route declared with `whilePending` answers while `step` is the one due. */
export const openWhilePending = (whilePending: WhilePending | undefined, step: PendingStep): boolean =>
  whilePending === 'any' || (whilePending?.includes(step) ?? false);

/** Sign-out, user info and the session refresh: every step's page needs them. */
export const OPEN_WHILE_PENDING: WhilePending = 'any';

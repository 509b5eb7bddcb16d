/**
 * The walk the pending-step tests share (auth/pendingSteps.test.ts, terms/terms.test.ts): every
 * tenant operation of `/openapi.json` that is not open while `step` is due, called by a session
 * with that step pending, must answer 403 with the step's reason and `pending_step`.
 */
import {
  PENDING_STEP_FIELD,
  pendingStepReason,
  type PendingStep,
} from '@workbench/common/api/contract/pendingSteps';
import { fillTemplate, operationLabel, type Operation } from '../security-tests/operations';
import { validSample } from '../security-tests/schemaValues';
import type { SignedIn, TestServer } from './testServer';

/** The tenant operations a session with `step` due must not reach. */
export const heldBackWhile = (operations: readonly Operation[], step: PendingStep): Operation[] =>
  operations.filter(
    (op) =>
      op.access.world === 'tenant' &&
      !(op.access.whilePending === 'any' || op.access.whilePending?.includes(step)),
  );

/** Every held-back operation, called by `who`: the statuses and bodies that are not the step's 403. */
export async function notRefusedAsPending(
  server: Pick<TestServer, 'call'>,
  operations: readonly Operation[],
  who: SignedIn,
  step: PendingStep,
): Promise<string[]> {
  const reason = pendingStepReason(step);
  const wrong: string[] = [];
  for (const op of heldBackWhile(operations, step)) {
    const values = Object.fromEntries(
      op.pathParams.map((p) => [p.name, encodeURIComponent(String(validSample(p.schema)))]),
    );
    const r = await server.call(fillTemplate(op.template, values), {
      method: op.method,
      jar: who.jar,
      body: op.body ? validSample(op.body.schema) : undefined,
    });
    const body = (await r.json().catch(() => null)) as Record<string, unknown> | null;
    if (r.status !== 403 || body?.message !== reason || body?.[PENDING_STEP_FIELD] !== step)
      wrong.push(`${operationLabel(op)}: ${r.status} ${JSON.stringify(body).slice(0, 120)}`);
  }
  return wrong;
}

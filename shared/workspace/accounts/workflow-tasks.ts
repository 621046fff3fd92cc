import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import { ConditionFailed } from '../../platform/ports/table-store.js';
import { expireRegistration } from './lifecycle.js';
import type { RegistrationRecord } from './registration.js';
import { Account } from '../identity/entities.js';

/** The payloads statemachines/signup-approval.asl.json sends to its task function. */
export type SignupApprovalTask =
  { action: 'await'; accountId: string; state: string; taskToken: string } | { action: 'expire'; accountId: string; state: string };

/**
 * Task function of the signup-approval workflow (the same code in Lambda and in the local runner).
 * - `await` (a `.waitForTaskToken` step): stores the token on the registration while it is still in
 *   `state`; if it already moved on (or is gone), completes the step itself with the current state.
 * - `expire` (after a step's timeout): deletes the registration if it is past its deadline.
 * Both answer `{accountId, state}` for the workflow's Route choice.
 */
export async function runSignupApprovalTask(deps: Deps, task: SignupApprovalTask): Promise<{ accountId: string; state: string } | { stored: true }> {
  if (task.action === 'expire') return expireRegistration(deps, task.accountId, task.state);
  try {
    await deps.platform.update(Account.key({ accountId: task.accountId }), {
      set: { workflowToken: task.taskToken, workflowTokenState: task.state },
      condition: { expression: 'registrationState = :s', values: { ':s': task.state } },
    });
    return { stored: true };
  } catch (e) {
    if (!(e instanceof ConditionFailed)) throw e;
  }
  const account = await deps.platform.get<RegistrationRecord>(Account.key({ accountId: task.accountId }));
  const state = account?.registrationState ?? 'deleted';
  log.info('signup-approval step already passed', { accountId: task.accountId, awaited: task.state, state });
  await deps.workflows?.sendTaskSuccess(task.taskToken, { accountId: task.accountId, state });
  return { stored: true };
}

import type { Deps } from '../../platform/runtime/deps.js';
import { log } from '../../platform/runtime/logger.js';
import type { RegistrationRecord } from './registration.js';
import { Account } from '../identity/entities.js';

/**
 * Tells the workflow a state was left. Read after the transition committed: a task that stored its
 * token before the transition is seen here; one that comes later finds the state moved and signals
 * itself (see workflow-tasks.ts). Best effort: the status in DynamoDB is the truth either way.
 */
export async function signalWorkflow(deps: Deps, accountId: string, from: string, to: string, account?: RegistrationRecord | undefined) {
  if (!deps.workflows) return;
  // The stored item is read even when the caller has a snapshot: the step may have stored its token
  // after the caller's read (the snapshot still counts when the write that moved the state removed it).
  const stored = await deps.platform.get<RegistrationRecord>(Account.key({ accountId }));
  const tokens = new Set([stored, account].filter((a) => a?.workflowToken && a.workflowTokenState === from).map((a) => a!.workflowToken!));
  for (const token of tokens) {
    try {
      await deps.workflows.sendTaskSuccess(token, { accountId, state: to });
    } catch (e) {
      log.warn('signup-approval signal not delivered', { accountId, from, to, error: (e as Error).name });
    }
  }
}

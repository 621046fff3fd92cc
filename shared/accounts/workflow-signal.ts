import type { Deps } from '../runtime/deps.js';
import { log } from '../runtime/logger.js';
import type { RegistrationRecord } from './registration.js';
import { Account } from '../identity/entities.js';

/**
 * Tells the workflow a state was left. Read after the transition committed: a task that stored its
 * token before the transition is seen here; one that comes later finds the state moved and signals
 * itself (see workflow-tasks.ts). Best effort: the status in DynamoDB is the truth either way.
 */
export async function signalWorkflow(deps: Deps, accountId: string, from: string, to: string, account?: RegistrationRecord | undefined) {
  if (!deps.workflows) return;
  const current = account ?? (await deps.platform.get<RegistrationRecord>(Account.key({ accountId })));
  const token = current?.workflowToken;
  if (!token || current?.workflowTokenState !== from) return;
  try {
    await deps.workflows.sendTaskSuccess(token, { accountId, state: to });
  } catch (e) {
    log.warn('signup-approval signal not delivered', { accountId, from, to, error: (e as Error).name });
  }
}

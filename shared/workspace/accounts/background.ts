import { defineMachine, defineSchedule } from '../../platform/registry/background.js';
import { Account } from '../identity/entities.js';
import { log } from '../../platform/runtime/logger.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { PENDING_STATES, SIGNUP_APPROVAL_MACHINE } from './registration-states.js';
import { startApprovalWorkflow } from './registration.js';
import { LOCAL_TASK_ARN, readSignupApprovalAsl } from './signup-approval-machine.js';
import { sweepExpiredRegistrations } from './sweep.js';
import { runSignupApprovalTask, type SignupApprovalTask } from './workflow-tasks.js';

/**
 * The signup-approval machine (statemachines/signup-approval.asl.json): waits for the confirmation,
 * the terms and an administrator's decision on task tokens, so its starters also answer them.
 */
export const signupApprovalMachine = defineMachine<SignupApprovalTask>({
  name: 'signup_approval_task',
  tag: 'accounts',
  machine: SIGNUP_APPROVAL_MACHINE,
  asl: readSignupApprovalAsl,
  taskArnVariable: 'SignupApprovalTaskArn',
  localTaskArn: LOCAL_TASK_ARN,
  task: runSignupApprovalTask,
  signals: true,
  timeout: 30,
  resources: ['platformTable:write', `workflow:${SIGNUP_APPROVAL_MACHINE}`],
  // Local executions live in memory: a restarted runtime starts again the workflow of every pending registration from its stored status.
  local: { onStart: resumePendingApprovals },
});

/** Deletes pending registrations past their 24 h / 7 day deadline (the backstop of the workflow's timeouts). */
export const registrationSweep = defineSchedule({
  name: 'registration_sweep',
  tag: 'accounts',
  every: { minutes: 15 },
  handler: (deps) => sweepExpiredRegistrations(deps, { maxItems: 2000 }),
  timeout: 300,
  resources: ['platformTable:write'],
  local: { everyMs: (local) => local.registrationSweepMs },
});

export async function resumePendingApprovals(deps: Deps) {
  let resumed = 0;
  for (const state of PENDING_STATES) {
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const out = await deps.platform.query<{ accountId: string; registrationState?: string }>({
        ...Account.query('byRegistrationState', { registrationState: state }),
        limit: 100,
        cursor,
      });
      for (const item of out.items) if (item.registrationState === state) (await startApprovalWorkflow(deps, item.accountId, state), resumed++);
      if (!(cursor = out.cursor)) break;
    }
  }
  if (resumed) log.info('signup-approval workflows resumed from stored status', { resumed });
  return resumed;
}

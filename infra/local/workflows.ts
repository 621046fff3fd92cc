import { LocalWorkflows, substitute } from '../../shared/adapters/workflows/local-workflows.js';
import { PENDING_STATES, SIGNUP_APPROVAL_MACHINE } from '../../shared/accounts/registration-states.js';
import { startApprovalWorkflow } from '../../shared/accounts/registration.js';
import { LOCAL_TASK_ARN, readSignupApprovalAsl } from '../../shared/accounts/signup-approval-machine.js';
import { runSignupApprovalTask, type SignupApprovalTask } from '../../shared/accounts/workflow-tasks.js';
import { sweepExpiredRegistrations } from '../../shared/accounts/sweep.js';
import { log } from '../../shared/runtime/logger.js';
import type { Deps } from '../../shared/runtime/deps.js';
import type { BackgroundService } from './background.js';
import { Account } from '../../shared/identity/entities.js';

/** The local stand-in for Step Functions: the same ASL files, task states mapped to the same task code. */
export function createLocalWorkflows(deps: Deps, opts: { tickMs?: number } = {}) {
  const workflows = new LocalWorkflows(deps.clock, opts);
  workflows.register(SIGNUP_APPROVAL_MACHINE, {
    definition: substitute(readSignupApprovalAsl(), { SignupApprovalTaskArn: LOCAL_TASK_ARN }),
    task: (payload) => runSignupApprovalTask(deps, payload as unknown as SignupApprovalTask),
  });
  return workflows;
}

/**
 * Background service: installs the runner as `deps.workflows`, then restarts the workflow of every
 * pending registration from its stored status (executions are in memory and do not survive a restart).
 */
export async function startLocalWorkflowService(deps: Deps): Promise<BackgroundService> {
  const workflows = createLocalWorkflows(deps, { tickMs: deps.config.local.workflowTickMs });
  deps.workflows = workflows;
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
  return {
    name: 'local-workflows',
    async stop() {
      if (deps.workflows === workflows) deps.workflows = undefined;
      await workflows.stop();
    },
  };
}

/** Background service: the registration expiry sweep (EventBridge Scheduler in AWS), every 30 s by default. */
export async function startRegistrationSweepService(deps: Deps): Promise<BackgroundService> {
  const every = deps.config.local.registrationSweepMs;
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= sweepExpiredRegistrations(deps)
      .catch((e) => log.warn('registration sweep failed', { error: (e as Error).name, message: (e as Error).message }))
      .finally(() => (running = undefined));
  }, every);
  timer.unref();
  return {
    name: 'registration-sweep',
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

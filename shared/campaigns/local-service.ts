import { LocalWorkflows, substitute } from '../adapters/workflows/local-workflows.js';
import type { Deps } from '../runtime/deps.js';
import { log } from '../runtime/logger.js';
import { LOCAL_CAMPAIGN_STEP_ARN, readCampaignRecipientsAsl } from './machine.js';
import { CAMPAIGN_MACHINE, runCampaignStep, type StepInput } from './prepare.js';
import { runConveyor } from './conveyor.js';

/**
 * Campaigns in the embedded runtime: the campaign-recipients ASL on the local workflow runner (its
 * Task states call the same step code as the Lambda), and the conveyor at start (it resumes the
 * preparations a previous runtime instance was running: their executions died with it) and every
 * 2 × LOCAL_WORKFLOW_TICK_MS (default 2 s; EventBridge every minute in AWS).
 */
export async function startCampaignService(deps: Deps) {
  if (deps.workflows instanceof LocalWorkflows) {
    deps.workflows.register(CAMPAIGN_MACHINE, {
      definition: substitute(readCampaignRecipientsAsl(), { CampaignStepArn: LOCAL_CAMPAIGN_STEP_ARN }),
      task: (payload) => runCampaignStep(deps, payload as unknown as StepInput),
    });
  }
  let running: Promise<unknown> | undefined;
  const convey = () =>
    (running ??= runConveyor(deps)
      .catch((e) => log.warn('campaign conveyor failed', { message: (e as Error).message }))
      .finally(() => (running = undefined)));
  void convey();
  const timer = setInterval(convey, 2 * deps.config.local.workflowTickMs);
  timer.unref();
  return {
    name: 'campaigns',
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

import { runCampaignStep, type StepInput } from '../../shared/campaigns/prepare.js';
import { awsDeps } from '../../shared/runtime/aws-deps.js';
import { getDeps, setDepsFactory } from '../../shared/runtime/deps.js';

setDepsFactory(() => awsDeps());

/** Task function of statemachines/campaign-recipients.asl.json (prepare / finish); the local runner calls runCampaignStep directly. Not an API operation. */
export async function handler(event: StepInput) {
  return runCampaignStep(await getDeps(), event);
}

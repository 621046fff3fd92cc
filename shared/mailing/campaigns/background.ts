import { defineMachine, defineSchedule } from '../../platform/registry/background.js';
import { runConveyor } from './conveyor.js';
import { LOCAL_CAMPAIGN_STEP_ARN, readCampaignRecipientsAsl } from './machine.js';
import { CAMPAIGN_MACHINE } from './prepare.js';
import { runCampaignStep, type StepInput } from './prepare-step.js';

/**
 * The campaign-recipients machine (statemachines/campaign-recipients.asl.json): one execution per
 * preparation, prepare / finish steps of ≤ 25 recipients (AI calls ≤ 20 s each, 5 iterations at most).
 */
export const campaignMachine = defineMachine<StepInput>({
  name: 'campaign_step',
  tag: 'campaigns',
  machine: CAMPAIGN_MACHINE,
  asl: readCampaignRecipientsAsl,
  taskArnVariable: 'CampaignStepArn',
  localTaskArn: LOCAL_CAMPAIGN_STEP_ARN,
  task: runCampaignStep,
  timeout: 900,
  resources: ['tenantTables', 'platformTable:write'],
});

/**
 * The conveyor: engine pauses mirrored into campaigns, AI recovery of DEGRADED campaigns. Locally also
 * at start: it resumes the preparations a previous runtime was running (their executions died with it).
 */
export const campaignConveyor = defineSchedule({
  name: 'campaign_conveyor',
  tag: 'campaigns',
  every: { minutes: 1 },
  handler: runConveyor,
  timeout: 300,
  resources: ['tenantTables', 'platformTable:write', `workflow:${CAMPAIGN_MACHINE}`],
  local: { everyMs: (local) => local.campaignConveyorMs, atStart: true },
});

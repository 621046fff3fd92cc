import { ArnFormat, Duration, type Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { workflowArnVariable } from '../../shared/adapters/workflows/sfn-workflows.js';
import { readCampaignRecipientsAsl } from '../../shared/campaigns/machine.js';
import { CAMPAIGN_MACHINE } from '../../shared/campaigns/prepare.js';
import type { StackContext } from './stack.js';

/** Operations that start a preparation run (directly, or through an AI recovery). */
const STARTERS = ['campaigns_preparations_start', 'CampaignsController_resume', 'CampaignsController_retryAiFailures'];

/**
 * Campaigns on AWS: the Standard state machine from statemachines/campaign-recipients.asl.json (one
 * execution per preparation, 25 recipients per step: see docs/campaigns.md for the cost) with its step
 * Lambda, and the conveyor Lambda every minute (engine pauses → campaign PAUSED, AI recovery).
 */
export function campaigns(stack: Stack & { operationFunction(id: string): NodejsFunction }, ctx: StackContext) {
  const name = `${ctx.tablePrefix}campaign-recipients`;
  const arn = stack.formatArn({ service: 'states', resource: 'stateMachine', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
  const variable = workflowArnVariable(CAMPAIGN_MACHINE);
  const start = new PolicyStatement({ effect: Effect.ALLOW, actions: ['states:StartExecution'], resources: [arn] });

  // A step renders and audits ≤ 25 recipients (AI calls ≤ 20 s each, 5 iterations at most).
  const step = ctx.lambda('CampaignStep', 'functions/campaigns/campaign_step.ts', {
    timeout: Duration.minutes(15),
    resources: ['tenantTables', 'platformTable:write'],
  });
  const conveyor = ctx.lambda('CampaignConveyor', 'functions/campaigns/campaign_conveyor.ts', {
    timeout: Duration.minutes(5),
    environment: { [variable]: arn },
    resources: ['tenantTables', 'platformTable:write'],
  });
  conveyor.addToRolePolicy(start);
  new Rule(stack, 'CampaignConveyorSchedule', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(conveyor)] });

  const machine = new StateMachine(stack, 'CampaignRecipients', {
    stateMachineName: name,
    stateMachineType: StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromString(readCampaignRecipientsAsl()),
    definitionSubstitutions: { CampaignStepArn: step.functionArn },
    logs: { destination: new LogGroup(stack, 'CampaignRecipientsLogs', { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ERROR },
    tracingEnabled: true,
  });
  step.grantInvoke(machine);
  for (const id of STARTERS) {
    const fn = stack.operationFunction(id);
    fn.addEnvironment(variable, arn);
    fn.addToRolePolicy(start);
  }
  return { machine, step, conveyor };
}

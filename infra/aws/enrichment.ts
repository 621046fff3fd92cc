import { ArnFormat, Duration, type Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { workflowArnVariable } from '../../shared/adapters/workflows/sfn-workflows.js';
import { readSiteEnrichmentAsl } from '../../shared/enrichment/machine.js';
import { CRAWL_QUEUE, ENRICHMENT_MACHINE } from '../../shared/enrichment/settings.js';
import type { StackContext } from './stack.js';

/** Operations that start a run of the site-enrichment machine. */
const STARTERS = ['site_enrichment_tasks_create', 'icp_scrape_start', 'site_enrichment_tasks_resume', 'site_enrichment_tasks_retry'];

/**
 * Site enrichment on AWS: the Standard state machine from statemachines/site-enrichment.asl.json with
 * its step Lambda, the `crawls` queue (+ DLQ) and its worker (host visits and scoring items), and the
 * watchdog/raw-sweep Lambda every minute. The worker runs the browser path with the stack's one
 * Chromium layer (infra/aws/chromium.ts, shared with the creatives PDF worker): x86_64, CHROMIUM_PACK_DIR.
 */
export function enrichment(stack: Stack & { operationFunction(id: string): NodejsFunction }, ctx: StackContext) {
  const name = `${ctx.tablePrefix}site-enrichment`;
  const arn = stack.formatArn({ service: 'states', resource: 'stateMachine', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
  const variable = workflowArnVariable(ENRICHMENT_MACHINE);
  const start = new PolicyStatement({ effect: Effect.ALLOW, actions: ['states:StartExecution'], resources: [arn] });

  const dlq = new Queue(stack, 'CrawlsDlq', { retentionPeriod: Duration.days(14), enforceSSL: true });
  // Visibility > worker timeout (a host: robots + two pages, each ≤ 120 s, with retries).
  const queue = new Queue(stack, 'CrawlsQueue', {
    visibilityTimeout: Duration.minutes(16),
    deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
    enforceSSL: true,
  });
  ctx.grants.provideQueue(CRAWL_QUEUE, queue);

  const step = ctx.lambda('SiteEnrichmentStep', 'functions/enrichment/site_enrichment_step.ts', {
    timeout: Duration.minutes(5),
    resources: ['tenantTables', 'platformTable:write', `queue:${CRAWL_QUEUE}`],
  });
  const worker = ctx.lambda('CrawlWorker', 'functions/enrichment/crawl_worker.ts', {
    timeout: Duration.minutes(15),
    chromium: true, // the browser path: @sparticuz/chromium from the shared layer (infra/aws/chromium.ts): x86_64, >= 1600 MB
    resources: ['tenantTables', 'files'], // files: saveScreenshot JPEGs
  });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 5, reportBatchItemFailures: true }));
  const watchdog = ctx.lambda('SiteEnrichmentWatchdog', 'functions/enrichment/site_enrichment_watchdog.ts', {
    timeout: Duration.minutes(5),
    environment: { [variable]: arn },
    resources: ['tenantTables', 'platformTable:write'],
  });
  watchdog.addToRolePolicy(start);
  new Rule(stack, 'SiteEnrichmentWatchdogSchedule', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(watchdog)] });

  const machine = new StateMachine(stack, 'SiteEnrichment', {
    stateMachineName: name,
    stateMachineType: StateMachineType.STANDARD,
    definitionBody: DefinitionBody.fromString(readSiteEnrichmentAsl()),
    definitionSubstitutions: { SiteEnrichmentTaskArn: step.functionArn },
    logs: { destination: new LogGroup(stack, 'SiteEnrichmentLogs', { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ERROR },
    tracingEnabled: true,
  });
  step.grantInvoke(machine);
  for (const id of STARTERS) {
    const fn = stack.operationFunction(id);
    fn.addEnvironment(variable, arn);
    fn.addToRolePolicy(start);
  }
  return { machine, queue, dlq, worker, watchdog };
}

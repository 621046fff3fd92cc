import { CfnParameter, Duration, type Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { queueUrlEnvName } from '../../shared/adapters/queue/sqs-queue.js';
import { WEBHOOK_QUEUE } from '../../shared/webhooks/keys.js';
import type { StackContext } from './stack.js';

/** Operations that call the company registry (DaData) and get its endpoint and key. */
const REGISTRY_OPERATIONS = ['connectors_registry_name'];

/**
 * Webhook deliveries in AWS: the `webhooks` SQS queue (with a DLQ) fed by the outbox nudge of every
 * function that commits events, consumed by one worker Lambda (partial batch failures), plus the
 * EventBridge sweep every minute (pending events, overdue deliveries). Also wires the registry
 * connector's endpoint and key.
 */
export function webhooks(stack: Stack & { functions: Map<string, NodejsFunction> }, ctx: Pick<StackContext, 'lambda'>) {
  const dlq = new Queue(stack, 'WebhooksDlq', { retentionPeriod: Duration.days(14) });
  // Visibility > worker timeout (an attempt is at most 10 s, a batch of 10 in parallel).
  const queue = new Queue(stack, 'WebhooksQueue', { visibilityTimeout: Duration.seconds(90), deadLetterQueue: { queue: dlq, maxReceiveCount: 5 } });
  const worker = ctx.lambda('WebhooksWorker', 'functions/webhooks/webhooks_worker.ts', { timeout: Duration.seconds(60), resources: ['tenantTables'] });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
  const sweep = ctx.lambda('WebhooksSweep', 'functions/webhooks/webhooks_sweep.ts', { timeout: Duration.seconds(120) });
  new Rule(stack, 'WebhooksSweepSchedule', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(sweep)] });

  // Any function may commit outbox events (leads, connectors, MCP tools): all of them can nudge.
  for (const fn of stack.node.findAll().filter((c): c is NodejsFunction => c instanceof NodejsFunction)) {
    fn.addEnvironment(queueUrlEnvName(WEBHOOK_QUEUE), queue.queueUrl);
    queue.grantSendMessages(fn);
  }

  const registryUrl = new CfnParameter(stack, 'RegistryBaseUrl', { type: 'String', default: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs', description: 'Company registry (DaData suggestions API) base URL' });
  const registryKey = new CfnParameter(stack, 'RegistryApiKey', { type: 'String', noEcho: true, default: '', description: 'DaData API key; empty disables the registry lookup (503)' });
  for (const id of REGISTRY_OPERATIONS) {
    const fn = stack.functions.get(id);
    fn?.addEnvironment('REGISTRY_BASE_URL', registryUrl.valueAsString);
    fn?.addEnvironment('REGISTRY_API_KEY', registryKey.valueAsString);
  }
  return { queue, dlq, worker, sweep };
}

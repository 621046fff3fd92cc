import { CfnParameter, Duration, type Stack } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { WEBHOOK_QUEUE } from '../../shared/webhooks/queue.js';
import type { StackContext } from './stack.js';

/** Operations that call the company registry (DaData) and get its endpoint and key. */
const REGISTRY_OPERATIONS = ['connectors_registry_name'];

/**
 * Webhook deliveries in AWS: the `webhooks` SQS queue (with a DLQ) fed by the outbox nudge of every
 * function that commits events, consumed by one worker Lambda (partial batch failures), plus the
 * EventBridge sweep every minute (pending events, overdue deliveries). Also wires the registry
 * connector's endpoint and key.
 */
export function webhooks(stack: Stack & { operationFunction(id: string): NodejsFunction }, ctx: Pick<StackContext, 'lambda' | 'grants'>) {
  const dlq = new Queue(stack, 'WebhooksDlq', { retentionPeriod: Duration.days(14), enforceSSL: true });
  // Visibility > worker timeout (an attempt is at most 10 s, a batch of 10 in parallel).
  const queue = new Queue(stack, 'WebhooksQueue', {
    visibilityTimeout: Duration.seconds(90),
    deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
    enforceSSL: true,
  });
  // Functions that commit outbox events declare `queue:webhooks` (their nudge); the worker re-queues attempts, the sweep fans out.
  ctx.grants.provideQueue(WEBHOOK_QUEUE, queue);
  const worker = ctx.lambda('WebhooksWorker', 'functions/webhooks/webhooks_worker.ts', {
    timeout: Duration.seconds(60),
    resources: ['tenantTables', `queue:${WEBHOOK_QUEUE}`],
  });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
  const sweep = ctx.lambda('WebhooksSweep', 'functions/webhooks/webhooks_sweep.ts', {
    timeout: Duration.seconds(120),
    resources: ['tenantTables', `queue:${WEBHOOK_QUEUE}`],
  });
  new Rule(stack, 'WebhooksSweepSchedule', { schedule: Schedule.rate(Duration.minutes(1)), targets: [new LambdaFunction(sweep)] });

  const registryUrl = new CfnParameter(stack, 'RegistryBaseUrl', {
    type: 'String',
    default: 'https://suggestions.dadata.ru/suggestions/api/4_1/rs',
    description: 'Company registry (DaData suggestions API) base URL',
  });
  const registryKey = new CfnParameter(stack, 'RegistryApiKey', {
    type: 'String',
    noEcho: true,
    default: '',
    description: 'DaData API key; empty disables the registry lookup (503)',
  });
  for (const id of REGISTRY_OPERATIONS) {
    const fn = stack.operationFunction(id);
    fn.addEnvironment('REGISTRY_BASE_URL', registryUrl.valueAsString);
    fn.addEnvironment('REGISTRY_API_KEY', registryKey.valueAsString);
  }
  return { queue, dlq, worker, sweep };
}

import { Duration, type Stack } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { IMPORT_QUEUE } from '../../shared/imports/jobs.js';
import type { StackContext } from './stack.js';

/** Import jobs in AWS: the `imports` queue (DLQ) and its worker (15 minutes: a 10,000-row import with room). */
export function imports(stack: Stack, ctx: Pick<StackContext, 'lambda' | 'grants'>) {
  const dlq = new Queue(stack, 'ImportsDlq', { retentionPeriod: Duration.days(14), enforceSSL: true });
  const queue = new Queue(stack, 'ImportsQueue', {
    visibilityTimeout: Duration.minutes(16),
    deadLetterQueue: { queue: dlq, maxReceiveCount: 3 },
    enforceSSL: true,
  });
  ctx.grants.provideQueue(IMPORT_QUEUE, queue);
  const worker = ctx.lambda('ImportsWorker', 'functions/companies/companies_import_worker.ts', {
    timeout: Duration.minutes(15),
    memorySize: 1024,
    resources: ['tenantTables'],
  });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true }));
  return { queue, worker };
}

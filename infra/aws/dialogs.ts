import { Duration, type Stack } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { INBOX_QUEUE } from '../../shared/dialogs/queue.js';
import { SEND_QUEUE } from '../../shared/sending/queue.js';
import type { StackContext } from './stack.js';

/** Concurrent inbox workers: bounds the IMAP connections open at once. */
export const INBOX_WORKER_CONCURRENCY = 5;

/**
 * Dialogs in AWS: EventBridge Scheduler every 2 minutes → the fan-out Lambda → the `inbox` SQS queue
 * (DLQ after 5 receives) → the inbox worker (mailbox syncs over IMAP, sequence steps to the send queue),
 * with a reserved concurrency. Grants come from the declared resources.
 */
export function dialogs(stack: Stack, ctx: Pick<StackContext, 'lambda' | 'grants'>) {
  const dlq = new Queue(stack, 'InboxDlq', { retentionPeriod: Duration.days(14), enforceSSL: true });
  const queue = new Queue(stack, 'InboxQueue', {
    visibilityTimeout: Duration.seconds(360),
    deadLetterQueue: { queue: dlq, maxReceiveCount: 5 },
    enforceSSL: true,
  });
  ctx.grants.provideQueue(INBOX_QUEUE, queue);
  const worker = ctx.lambda('InboxWorker', 'functions/dialogs/inbox_worker.ts', {
    timeout: Duration.seconds(300),
    memorySize: 1024,
    // platformTable:write: sync's AI classification of a reply is charged (ai_generation, the platform ledger).
    resources: ['tenantTables', 'platformTable:write', 'tenantMail', 'files', 'queue:webhooks', `queue:${SEND_QUEUE}`],
  });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: INBOX_WORKER_CONCURRENCY }));
  (worker.node.defaultChild as CfnFunction).reservedConcurrentExecutions = INBOX_WORKER_CONCURRENCY;
  const fanout = ctx.lambda('InboxSchedule', 'functions/dialogs/inbox_schedule.ts', {
    timeout: Duration.seconds(120),
    resources: ['tenantTables', `queue:${INBOX_QUEUE}`],
  });
  const role = new Role(stack, 'InboxScheduleRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
  role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fanout.functionArn] }));
  new CfnSchedule(stack, 'InboxSyncSchedule', {
    scheduleExpression: 'rate(2 minutes)',
    flexibleTimeWindow: { mode: 'OFF' },
    target: { arn: fanout.functionArn, roleArn: role.roleArn },
  });
  return { queue, dlq, worker, fanout };
}

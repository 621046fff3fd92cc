import { Duration, type Stack } from 'aws-cdk-lib';
import { CfnSchedule } from 'aws-cdk-lib/aws-scheduler';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { SEND_QUEUE } from '../../shared/sending/queue.js';
import type { StackContext } from './stack.js';

/** Concurrent send workers: with batch size 1 this is the bound on open SMTP transactions. */
export const SEND_WORKER_CONCURRENCY = 10;

/**
 * Mailing delivery in AWS: the `sends` SQS queue (DLQ after 8 receives) fed by tasks_start/resume/
 * cancel and the worker itself (delayed re-queues: window, pacing, backoff), one worker Lambda with a
 * reserved concurrency (bounds SMTP connections per account and in total), and the lease sweep on
 * EventBridge Scheduler every minute. Grants come from each function's declared resources.
 */
export function sending(stack: Stack, ctx: Pick<StackContext, 'lambda' | 'grants'>) {
  const dlq = new Queue(stack, 'SendsDlq', { retentionPeriod: Duration.days(14), enforceSSL: true });
  // Visibility > worker timeout (lease 120 s is inside it; one send is at most ~70 s of SMTP timeouts).
  const queue = new Queue(stack, 'SendsQueue', {
    visibilityTimeout: Duration.seconds(180),
    deadLetterQueue: { queue: dlq, maxReceiveCount: 8 },
    enforceSSL: true,
  });
  ctx.grants.provideQueue(SEND_QUEUE, queue);
  const resources = ['tenantTables', 'platformTable:write', 'tenantMail', `queue:${SEND_QUEUE}`] as const;
  const worker = ctx.lambda('SendsWorker', 'functions/tasks/sends_worker.ts', { timeout: Duration.seconds(150), memorySize: 512, resources });
  worker.addEventSource(new SqsEventSource(queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: SEND_WORKER_CONCURRENCY }));
  const cfn = worker.node.defaultChild as CfnFunction;
  cfn.reservedConcurrentExecutions = SEND_WORKER_CONCURRENCY;
  const sweep = ctx.lambda('SendsSweep', 'functions/tasks/sends_sweep.ts', {
    timeout: Duration.seconds(120),
    resources: ['tenantTables', `queue:${SEND_QUEUE}`],
  });
  const schedulerRole = new Role(stack, 'SendsSweepSchedulerRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
  schedulerRole.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [sweep.functionArn] }));
  new CfnSchedule(stack, 'SendsSweepSchedule', {
    scheduleExpression: 'rate(1 minute)',
    flexibleTimeWindow: { mode: 'OFF' },
    target: { arn: sweep.functionArn, roleArn: schedulerRole.roleArn },
  });
  return { queue, dlq, worker, sweep };
}

import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { PDF_QUEUE } from '../../shared/creatives/pdf/generations.js';
import { PLACEMENT_QUEUE } from '../../shared/creatives/placement.js';
import type { StackContext } from './stack.js';

/**
 * Creatives in AWS: the tenant file bucket (`files`: generated PDFs under <tenantId>/, expired by a
 * lifecycle rule after 2 days; the app deletes earlier), the `creative-pdfs` and `creative-placement`
 * queues (DLQs) and their worker Lambda, which prints PDFs with @sparticuz/chromium from the shared
 * Chromium layer (infra/aws/chromium.ts: x86_64, CHROMIUM_PACK_DIR=/opt); functions that
 * declare `files` get FILES_BUCKET and use the S3 FileStore (shared/adapters/files/s3-files.ts).
 */
export function creatives(stack: Stack, ctx: Pick<StackContext, 'lambda' | 'grants'>) {
  const bucket = new Bucket(stack, 'TenantFiles', {
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    lifecycleRules: [{ expiration: Duration.days(2) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  ctx.grants.provide('files', (fn) => {
    // Objects only, three actions (grantReadWrite would add s3:*Object* wildcards and bucket listing).
    fn.addToRolePolicy(
      new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [bucket.arnForObjects('*')] }),
    );
    fn.addEnvironment('FILES_BUCKET', bucket.bucketName);
  });
  const queues = [PDF_QUEUE, PLACEMENT_QUEUE].map((name) => {
    const id = name === PDF_QUEUE ? 'CreativePdfs' : 'CreativePlacement';
    const dlq = new Queue(stack, `${id}Dlq`, { retentionPeriod: Duration.days(14), enforceSSL: true });
    // Visibility > worker timeout: a placement test watches seeds for up to 15 minutes.
    const queue = new Queue(stack, `${id}Queue`, {
      visibilityTimeout: Duration.minutes(16),
      deadLetterQueue: { queue: dlq, maxReceiveCount: 3 },
      enforceSSL: true,
    });
    ctx.grants.provideQueue(name, queue);
    return queue;
  });
  const worker = ctx.lambda('CreativesWorker', 'functions/creatives/creatives_queue_worker.ts', {
    timeout: Duration.minutes(15),
    memorySize: 2048,
    resources: ['tenantTables', 'files'],
    chromium: true, // the PDF printer: @sparticuz/chromium from the shared layer (infra/aws/chromium.ts)
  });
  for (const q of queues) worker.addEventSource(new SqsEventSource(q, { batchSize: 1, reportBatchItemFailures: true }));
  return { bucket, queues, worker };
}

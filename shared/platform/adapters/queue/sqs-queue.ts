import type { SQSClient, SQSClientConfig } from '@aws-sdk/client-sqs';
import type { QueueMessage, WorkQueue } from '../../ports/queue.js';
import type { Config } from '../../runtime/config.js';
import { onFirstUse } from '../on-first-use.js';

/** SQS allows at most 15 minutes of delay; longer waits are re-sent by the worker (see shared/workspace/webhooks/deliveries.ts). */
export const SQS_MAX_DELAY_SECONDS = 900;

/** Env variable holding a logical queue's URL: `webhooks` → `QUEUE_URL_WEBHOOKS`. */
export const queueUrlEnvName = (queue: string) => `QUEUE_URL_${queue.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/**
 * The WorkQueue port over SQS standard queues (one queue, with its DLQ, per logical name). The SQS client
 * module is loaded on the first send (onFirstUse); given a client config, the client is built then.
 */
export class SqsWorkQueue implements WorkQueue {
  private readonly sqs = onFirstUse(async () => {
    const sdk = await import('@aws-sdk/client-sqs');
    return { sdk, client: 'send' in this.client ? this.client : new sdk.SQSClient(this.client) };
  });

  constructor(
    private readonly client: SQSClient | SQSClientConfig,
    private readonly urlOf: (queue: string) => string | undefined,
  ) {}

  async send(queue: string, body: unknown, options: { delaySeconds?: number; dedupeId?: string } = {}) {
    const url = this.urlOf(queue);
    if (!url) throw new Error(`queue ${queue} is not configured (${queueUrlEnvName(queue)})`);
    // Standard queues ignore dedupe ids; consumers are idempotent instead.
    const delay = Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(options.delaySeconds ?? 0)));
    const { sdk, client } = await this.sqs();
    await client.send(new sdk.SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(body), DelaySeconds: delay || undefined }));
  }
}

/** The queues of `config.aws.queueUrls` (QUEUE_URL_<NAME>, set by the CDK stack for declared `queue:<name>` resources). */
export function sqsQueueFromConfig(config: Pick<Config, 'aws'>) {
  const endpoint = config.aws.endpoints.sqs;
  return new SqsWorkQueue(
    { region: config.aws.region, ...(endpoint ? { endpoint } : {}) },
    (q) => config.aws.queueUrls[queueUrlEnvName(q).slice('QUEUE_URL_'.length).toLowerCase()],
  );
}

/** SQS records as the port's messages (ApproximateReceiveCount is the attempt). */
export interface SqsRecordLike {
  messageId: string;
  body: string;
  attributes?: { ApproximateReceiveCount?: string };
}
export const messageFromSqs = (r: SqsRecordLike): QueueMessage => ({
  id: r.messageId,
  body: JSON.parse(r.body),
  attempt: Number(r.attributes?.ApproximateReceiveCount ?? 1),
});

import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { messageFromSqs, queueUrlEnvName, SqsWorkQueue } from '../../shared/platform/adapters/queue/sqs-queue.js';

// SQS is AWS-only: mocked with aws-sdk-client-mock (the local runtime uses the durable local queue instead).
const sqs = mockClient(SQSClient);
beforeEach(() => sqs.reset());

describe('SqsWorkQueue', () => {
  const url = 'https://sqs.eu-west-1.amazonaws.com/123456789012/svc-prod-webhooks';
  const queue = new SqsWorkQueue(new SQSClient({ region: 'eu-west-1' }), (q) => ({ [queueUrlEnvName('webhooks')]: url })[queueUrlEnvName(q)]);

  it('sends JSON bodies to the queue URL from QUEUE_URL_<NAME>', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm1' });
    await queue.send('webhooks', { type: 'dispatch', tenantId: 't1' });
    const input = sqs.commandCalls(SendMessageCommand)[0].args[0].input;
    expect(input).toEqual({ QueueUrl: url, MessageBody: '{"type":"dispatch","tenantId":"t1"}', DelaySeconds: undefined });
    expect(queueUrlEnvName('webhooks')).toBe('QUEUE_URL_WEBHOOKS');
  });

  it('caps delays at the SQS maximum of 15 minutes (the worker re-sends longer waits)', async () => {
    sqs.on(SendMessageCommand).resolves({});
    await queue.send('webhooks', {}, { delaySeconds: 7200 });
    await queue.send('webhooks', {}, { delaySeconds: 9.2 });
    expect(sqs.commandCalls(SendMessageCommand).map((c) => c.args[0].input.DelaySeconds)).toEqual([900, 10]);
  });

  it('fails clearly for an unconfigured queue and reads SQS records back', async () => {
    await expect(queue.send('crawls', {})).rejects.toThrow(/QUEUE_URL_CRAWLS/);
    expect(messageFromSqs({ messageId: 'x', body: '{"a":1}', attributes: { ApproximateReceiveCount: '3' } })).toEqual({ id: 'x', body: { a: 1 }, attempt: 3 });
  });
});

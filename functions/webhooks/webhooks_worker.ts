import { handleWebhookMessage } from '../../shared/webhooks/dispatcher.js';
import type { WebhookMessage } from '../../shared/webhooks/queue.js';
import { sqsWorker } from '../sqs-worker.js';

/**
 * SQS consumer of the `webhooks` queue (not an API operation): dispatch nudges, delivery attempts and
 * per-tenant sweeps. Idempotent per message; failures are reported per record (partial batch response),
 * so one bad message is retried alone and ends in the DLQ after the queue's maxReceiveCount.
 */
export const handler = sqsWorker<WebhookMessage>('webhook message', handleWebhookMessage, { parallel: true });

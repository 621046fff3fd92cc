import type { SendMessage } from '../../shared/sending/queue.js';
import { handleSendMessage } from '../../shared/sending/sweep.js';
import { sqsWorker } from '../sqs-worker.js';

/**
 * SQS consumer of the `sends` queue (not an API operation): task builds, single sends and per-tenant
 * lease sweeps. Each message is idempotent (the send item's status decides); failures are reported
 * per record, so one bad message is retried alone and ends in the DLQ. Its reserved concurrency
 * bounds the SMTP connections (infra/aws/sending.ts).
 */
export const handler = sqsWorker<SendMessage>('send message', handleSendMessage, { parallel: true });

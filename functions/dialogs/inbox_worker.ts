import { handleInboxMessage, type InboxMessage } from '../../shared/dialogs/queue.js';
import { sqsWorker } from '../sqs-worker.js';

/**
 * SQS consumer of the `inbox` queue (not an API operation): mailbox syncs (IMAP, bounded per message,
 * one run per mailbox at a time by a lease on its cursor) and sequence runs. Failures are reported per
 * record and end in the DLQ after repeated receives.
 */
export const handler = sqsWorker<InboxMessage>('inbox message', handleInboxMessage);

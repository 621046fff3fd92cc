import { runWipe, type WipeMessage } from '../../shared/settings/wipe.js';
import { sqsWorker } from '../sqs-worker.js';

/** SQS consumer of the `workspace-wipe` queue (not an API operation): drops and recreates one tenant table. */
export const handler = sqsWorker<WipeMessage>('workspace wipe', runWipe);

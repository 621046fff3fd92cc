import { defineWorker } from '../../platform/registry/background.js';
import { WIPE_QUEUE, runWipe, type WipeMessage } from './wipe.js';

/**
 * The `workspace-wipe` consumer: drops and recreates one tenant table (DynamoDB does both
 * asynchronously). Visibility 6 min > the 5 min timeout; two wipes at once (SQS's least
 * MaximumConcurrency; they touch different tables).
 */
export const wipeWorker = defineWorker<WipeMessage>({
  name: 'settings_wipe_worker',
  tag: 'settings',
  queue: WIPE_QUEUE,
  handler: runWipe,
  visibility: 360,
  maxReceives: 3,
  batchSize: 1,
  concurrency: 2,
  timeout: 300,
  resources: ['tableAdmin', 'platformTable:write'],
});

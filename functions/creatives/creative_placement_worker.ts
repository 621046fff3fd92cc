import { creativePlacementWorker } from '../../shared/creatives/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `creativePlacementWorker` (shared/creatives/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(creativePlacementWorker);

import { importWorker } from '../../shared/imports/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `importWorker` (shared/imports/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(importWorker);

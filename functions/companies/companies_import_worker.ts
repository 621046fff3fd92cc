import { importWorker } from '../../shared/crm/imports/background.js';
import { sqsWorker } from '../background-handlers.js';

/** Lambda entry of the declaration `importWorker` (shared/crm/imports/background.ts): its settings, queue and grants are there. Not an API operation. */
export const handler = sqsWorker(importWorker);

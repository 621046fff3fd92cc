import { runImportJob, type ImportJobMessage } from '../../shared/imports/jobs.js';
import { sqsWorker } from '../sqs-worker.js';

/**
 * SQS consumer of the `imports` queue (not an API operation): runs or resumes one import job. The job
 * records its own failure; a throw here is an infrastructure fault, retried (resuming at the last chunk).
 */
export const handler = sqsWorker<ImportJobMessage>('import job message', runImportJob);

import type { Deps } from '../../shared/runtime/deps.js';
import { startWebhookWorker } from './webhook-worker.js';
import { startPdfWorker } from './pdf-worker.js';
import { startLocalWorkflowService, startRegistrationSweepService } from './workflows.js';

export interface BackgroundService {
  name: string;
  stop(): Promise<void>;
}

/**
 * What EventBridge schedules, SQS event sources and Step Functions do in AWS, run in-process by the
 * local runtime (queue workers, expiry sweeps). Each entry starts one service.
 */
export const backgroundServices: ((deps: Deps) => Promise<BackgroundService>)[] = [];

// Step Functions stand-in (signup approval) and the registration expiry sweep.
backgroundServices.push(startLocalWorkflowService, startRegistrationSweepService);

// Webhook queue consumer (dispatch + deliveries) and its periodic sweep.
backgroundServices.push(startWebhookWorker);

// Creative PDF queue consumer (Chromium) and the expired-file sweep.
backgroundServices.push(startPdfWorker);

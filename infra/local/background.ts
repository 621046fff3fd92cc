import { startWipeWorker } from './wipe-worker.js';
import { startMailSandboxService } from './mail-sandbox/sandbox.js';
import type { Deps } from '../../shared/runtime/deps.js';
import { startWebhookWorker } from './webhook-worker.js';
import { startSendWorker } from './send-worker.js';
import { startCreativeWorkers } from './creative-workers.js';
import { startImportWorker } from './import-worker.js';
import { startLocalWorkflowService, startRegistrationSweepService } from './workflows.js';
import { startEnrichmentWorker } from './enrichment-worker.js';
import { startDialogsWorker } from './dialogs-worker.js';
import { startCampaignService } from '../../shared/campaigns/local-service.js';

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

// Send queue consumer (mailing tasks: build + send) and its lease sweep.
backgroundServices.push(startSendWorker);

// Creative queue consumers (PDFs in Chromium, inbox-placement tests) and the expired-file sweep.
backgroundServices.push(startCreativeWorkers);

// Local mail sandbox: SMTP + IMAP on loopback for sender mailboxes (GET /_local/mailbox).
backgroundServices.push(startMailSandboxService);

// Workspace wipe (SettingsController_deleteAllData) queue consumer.
backgroundServices.push(startWipeWorker);

// Import jobs (company import job form: Prefer: respond-async or more than 500 rows).
backgroundServices.push(startImportWorker);

// Site enrichment: the site-enrichment ASL on the local runner, the crawls queue consumer, restart scan, stall watchdog, RawFetch sweep.
backgroundServices.push(startEnrichmentWorker);

// Campaigns: the campaign-recipients ASL on the local runner and the conveyor (balance pauses, AI recovery).
backgroundServices.push(startCampaignService);

// Dialogs: the inbox sync of every mailbox and the sequence scheduler (due follow-up steps).
backgroundServices.push(startDialogsWorker);

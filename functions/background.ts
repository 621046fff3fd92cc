import { registrationSweep, signupApprovalMachine } from '../shared/accounts/background.js';
import { campaignConveyor, campaignMachine } from '../shared/campaigns/background.js';
import { creativePdfsWorker, creativePlacementWorker } from '../shared/creatives/background.js';
import { inboxSchedule, inboxWorker, sequenceSchedule } from '../shared/dialogs/background.js';
import { crawlWorker, siteEnrichmentMachine, siteEnrichmentWatchdog } from '../shared/enrichment/background.js';
import { importWorker } from '../shared/imports/background.js';
import { dataMigrations } from './data-migrations.js';
import type { BackgroundDefinition, MachineDefinition, OnceDefinition, ScheduleDefinition, WorkerDefinition } from '../shared/registry/background.js';
import { sendsSweep, sendsWorker } from '../shared/sending/background.js';
import { wipeWorker } from '../shared/settings/background.js';
import { webhooksSweep, webhooksWorker } from '../shared/webhooks/background.js';

/**
 * Every queue consumer, schedule, state machine and once-per-deploy job, declared beside the domain code it runs. The CDK
 * app (infra/aws/background.ts) and the embedded runtime (infra/local/background.ts) build their
 * wiring from this list only. Machines come first: the local runtime registers them before anything
 * can start an execution.
 */
export const background: BackgroundDefinition[] = [
  signupApprovalMachine,
  campaignMachine,
  siteEnrichmentMachine,
  webhooksWorker,
  webhooksSweep,
  sendsWorker,
  sendsSweep,
  creativePdfsWorker,
  creativePlacementWorker,
  wipeWorker,
  importWorker,
  crawlWorker,
  siteEnrichmentWatchdog,
  registrationSweep,
  campaignConveyor,
  inboxWorker,
  inboxSchedule,
  sequenceSchedule,
  dataMigrations,
];

export const workers = background.filter((d): d is WorkerDefinition => d.kind === 'worker');
export const schedules = background.filter((d): d is ScheduleDefinition => d.kind === 'schedule');
export const machines = background.filter((d): d is MachineDefinition => d.kind === 'machine');
export const onceJobs = background.filter((d): d is OnceDefinition => d.kind === 'once');

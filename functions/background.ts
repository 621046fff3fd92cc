import { registrationSweep, signupApprovalMachine } from '../shared/workspace/accounts/background.js';
import { campaignConveyor, campaignMachine } from '../shared/mailing/campaigns/background.js';
import { creativePdfsWorker, creativePlacementWorker } from '../shared/mailing/creatives/background.js';
import { inboxSchedule, inboxWorker, sequenceSchedule } from '../shared/mailing/dialogs/background.js';
import { dialogSend } from '../shared/mailing/dialogs/send-worker.js';
import { crawlWorker, siteEnrichmentMachine, siteEnrichmentWatchdog } from '../shared/research/enrichment/background.js';
import { importWorker } from '../shared/crm/imports/background.js';
import { dataMigrations } from './data-migrations.js';
import type {
  BackgroundDefinition,
  CallableDefinition,
  MachineDefinition,
  OnceDefinition,
  ScheduleDefinition,
  WorkerDefinition,
} from '../shared/platform/registry/background.js';
import { mailboxProbe } from '../shared/mailing/senders/background.js';
import { contentRulesCallable } from '../shared/mailing/content-check/background.js';
import { sendsSweep, sendsWorker } from '../shared/mailing/sending/background.js';
import { wipeWorker } from '../shared/workspace/settings/background.js';
import { webhooksSweep, webhooksWorker } from '../shared/workspace/webhooks/background.js';

/**
 * Every queue consumer, schedule, state machine, once-per-deploy job and callable function, declared beside the domain code it runs. The CDK
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
  mailboxProbe,
  dialogSend,
  contentRulesCallable,
];

export const workers = background.filter((d): d is WorkerDefinition => d.kind === 'worker');
export const schedules = background.filter((d): d is ScheduleDefinition => d.kind === 'schedule');
export const machines = background.filter((d): d is MachineDefinition => d.kind === 'machine');
export const onceJobs = background.filter((d): d is OnceDefinition => d.kind === 'once');
export const callables = background.filter((d): d is CallableDefinition => d.kind === 'callable');

import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as create } from './CampaignsController_create.js';
import { operation as get } from './CampaignsController_get.js';
import { operation as list } from './CampaignsController_list.js';
import { operation as update } from './CampaignsController_update.js';
import { operation as del } from './CampaignsController_delete.js';
import { operation as pause } from './CampaignsController_pause.js';
import { operation as resume } from './CampaignsController_resume.js';
import { operation as pour } from './CampaignsController_pour.js';
import { operation as screen } from './CampaignsController_screen.js';
import { operation as recipients } from './campaigns_recipients_list.js';
import { operation as confirm } from './campaigns_confirm_recipients.js';
import { operation as prepStart } from './campaigns_preparations_start.js';
import { operation as prepStatus } from './campaigns_preparations_status.js';
import { operation as submit } from './campaigns_submit_rendered_emails.js';
import { operation as readiness } from './CampaignsController_sendReadiness.js';
import { operation as send } from './CampaignsController_send.js';
import { operation as testCreate } from './campaigns_test_task_create.js';
import { operation as testStatus } from './campaigns_test_task_status.js';
import { operation as metrics } from './CampaignsController_metrics.js';
import { operation as metricsSeries } from './campaigns_metrics_series.js';
import { operation as activity } from './CampaignsController_activity.js';
import { operation as geoRisk } from './CampaignsController_geoRisk.js';
import { operation as retryAi } from './CampaignsController_retryAiFailures.js';
import { operation as opStatus } from './campaigns_operational_status.js';

/** Operations of campaigns (spec I): lifecycle, recipients, PLATFORM/BYOC preparation, sending and operations (the campaign outbox is dialogs_outbox_*). */
export const campaignOperations: AnyOperation[] = [
  create,
  get,
  list,
  update,
  del,
  pause,
  resume,
  pour,
  screen,
  recipients,
  confirm,
  prepStart,
  prepStatus,
  submit,
  readiness,
  send,
  testCreate,
  testStatus,
  metrics,
  metricsSeries,
  activity,
  geoRisk,
  retryAi,
  opStatus,
];

import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as create } from './tasks_create.js';
import { operation as get } from './tasks_get.js';
import { operation as list } from './tasks_list.js';
import { operation as start } from './tasks_start.js';
import { operation as pause } from './tasks_pause.js';
import { operation as resume } from './tasks_resume.js';
import { operation as cancel } from './tasks_cancel.js';
import { operation as items } from './tasks_items.js';
import { operation as stepsAdd } from './tasks_steps_add.js';
import { operation as scoringStats } from './tasks_scoring_stats.js';
import { operation as scoringStepEvents } from './tasks_scoring_step_events.js';
import { operation as sendSeries } from './tasks_send_series.js';
import { operation as guardrailsPreview } from './tasks_guardrails_preview.js';

/** Operations of the tasks domain: mailing tasks, and scoring tasks (created through tasks_create too; their steps and stats). */
export const taskOperations: AnyOperation[] = [
  create,
  get,
  list,
  start,
  pause,
  resume,
  cancel,
  items,
  stepsAdd,
  scoringStats,
  scoringStepEvents,
  sendSeries,
  guardrailsPreview,
];

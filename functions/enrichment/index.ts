import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as create } from './site_enrichment_tasks_create.js';
import { operation as legacyStart } from './icp_scrape_start.js';
import { operation as list } from './site_enrichment_tasks_list.js';
import { operation as get } from './site_enrichment_tasks_get.js';
import { operation as events } from './site_enrichment_tasks_events.js';
import { operation as preview } from './site_enrichment_tasks_preview.js';
import { operation as stats } from './site_enrichment_tasks_stats.js';
import { operation as reasonSummary } from './site_enrichment_tasks_reason_summary.js';
import { operation as items } from './site_enrichment_tasks_items.js';
import { operation as raw } from './site_enrichment_tasks_raw.js';
import { operation as screenshot } from './site_enrichment_tasks_screenshot.js';
import { operation as detectForms } from './site_enrichment_detect_forms.js';
import { operation as pause } from './site_enrichment_tasks_pause.js';
import { operation as resume } from './site_enrichment_tasks_resume.js';
import { operation as cancel } from './site_enrichment_tasks_cancel.js';
import { operation as retry } from './site_enrichment_tasks_retry.js';

/** Site enrichment operations (spec group J): one file per operation. */
export const enrichmentOperations: AnyOperation[] = [
  create,
  legacyStart,
  list,
  get,
  events,
  preview,
  stats,
  reasonSummary,
  items,
  raw,
  screenshot,
  detectForms,
  pause,
  resume,
  cancel,
  retry,
];

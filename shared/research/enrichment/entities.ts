import { defineEntity } from '../../platform/data/entity.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { PageSnapshot } from './crawl/crawl-site.js';

/**
 * Site enrichment entities (tenant table unless noted).
 *
 * - task:   SETASK#<taskId> / SETASK               gsi1: SETASKS / <createdAt>#<taskId> (newest first)
 * - item:   SETASK#<taskId> / ITEM#<companyId>     one per company: PENDING → OK | DOWN | NO_SITE, reasonCode
 * - host:   SETASK#<taskId> / HOST#<host>          one per normalised host per task: the unit of a visit
 *                                                  (companyIds share its result), PENDING → OK | DOWN | NO_SITE
 * - event:  SETASK#<taskId> / EVENT#<seq 10 digits> the transition log (seq from the task's eventSeq counter)
 * - slot:   SETASK#<taskId> / SLOT#<n>             a leased browser-page slot (n < pageConcurrency): bounds the task's Chromium pages
 * - list:   SELIST#<listId> / PREFS                the remembered domainField of a company list
 * - raw:    SERAW#<companyId> / <createdAt>#<page>#<taskId>   RawFetch rows (12 h; gsi1: SERAWEXP / <expiresAt>#… for the hourly sweep)
 * - active (platform table): SEACTIVE / <tenantId>#<taskId>   RUNNING tasks, for the watchdog and the restart scan
 */
export const EnrichmentTask = defineEntity({
  entity: 'site_enrichment_task',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'SETASK#${taskId}', sk: 'SETASK' },
    byCreated: { index: 'gsi1', pk: 'SETASKS', sk: '${createdAt}#${taskId}' },
  },
});

export const EnrichmentItem = defineEntity({
  entity: 'site_enrichment_item',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SETASK#${taskId}', sk: 'ITEM#${companyId}' } },
});

export const EnrichmentHost = defineEntity({
  entity: 'site_enrichment_host',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SETASK#${taskId}', sk: 'HOST#${host}' } },
});

export const EnrichmentEvent = defineEntity({
  entity: 'site_enrichment_event',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SETASK#${taskId}', sk: 'EVENT#${seq}' } },
});

export const PageSlot = defineEntity({
  entity: 'site_enrichment_page_slot',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SETASK#${taskId}', sk: 'SLOT#${slot}' } },
});

export const EnrichmentListPrefs = defineEntity({
  entity: 'site_enrichment_list_prefs',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'SELIST#${listId}', sk: 'PREFS' } },
});

/** The domain field last used for a company list (its prefs row). Here, not in create.ts: reading tasks does not bundle target parsing. */
export async function rememberedDomainField(table: TableStore, listId: string) {
  return (await table.get<{ domainField?: string }>(EnrichmentListPrefs.key({ listId })))?.domainField;
}

export const RawFetch = defineEntity({
  entity: 'site_enrichment_raw',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'SERAW#${companyId}', sk: '${createdAt}#${page}#${taskId}' },
    byExpiry: { index: 'gsi1', pk: 'SERAWEXP', sk: '${expiresAt}#${companyId}#${page}#${taskId}' },
  },
});

export const ActiveEnrichment = defineEntity({
  entity: 'site_enrichment_active',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'SEACTIVE', sk: '${tenantId}#${taskId}' } },
});

export const seqKey = (seq: number) => String(seq).padStart(10, '0');

export const TASK_STATUSES = ['QUEUED', 'RUNNING', 'PAUSED', 'CANCELLED', 'DONE', 'FAILED', 'PARTIAL'] as const;
export type EnrichmentStatus = (typeof TASK_STATUSES)[number];
export const TERMINAL: EnrichmentStatus[] = ['CANCELLED', 'DONE', 'FAILED', 'PARTIAL'];
export const ITEM_STATUSES = ['OK', 'DOWN', 'NO_SITE'] as const;
export type ItemStatus = 'PENDING' | (typeof ITEM_STATUSES)[number];

export interface TaskOptions {
  visitPages: 'home' | 'home+contacts';
  timeoutMs: number;
  maxAttempts: number;
  loadImages: boolean;
  pageConcurrency: number;
  saveScreenshot: boolean;
  domainField: string;
}

/** Counters are top-level numbers so workers ADD to them atomically. */
export const COUNTERS = [
  'total',
  'withDomain',
  'processed',
  'ok',
  'down',
  'noSite',
  'uniqueDomains',
  'domainsProcessed',
  'domainsOk',
  'domainsDown',
  'emailsAdded',
  'phonesAdded',
  'socialAdded',
  'titleFound',
  'byFetch',
  'byBrowser',
  'durationMsSum',
  'durationMsSq',
] as const;
export type Counter = (typeof COUNTERS)[number];

export interface TaskRecord extends Record<Counter, number> {
  taskId: string;
  status: EnrichmentStatus;
  source: 'companyIds' | 'listId';
  listId?: string | null;
  scoringTaskId?: string | null;
  ownerUserId?: string | null;
  legacy?: boolean;
  options: TaskOptions;
  runId: string;
  eventSeq: number;
  resumeAttempts: number;
  runStartedAt?: number;
  runProcessedAtStart?: number;
  lastProgressAt?: number;
  createdAt: string;
  updatedAt: string;
  finishedAt?: string | null;
}

export interface ItemRecord {
  taskId: string;
  companyId: string;
  host: string | null;
  url: string | null;
  status: ItemStatus;
  reasonCode: string | null;
  method?: 'fetch' | 'browser' | null;
  title?: string | null;
  description?: string | null;
  sourceUrls?: string[];
  counts?: { emails: number; phones: number; social: number };
  added?: { emails: number; phones: number; social: number; forms: number };
  /** saveScreenshot: the home page's stored JPEG (GET /api/site-enrichment/tasks/{id}/screenshots/{fileId}), 12 h. */
  screenshot?: { fileId: string; sourceUrl: string; bytes: number; expiresAt: string } | null;
  processedAt?: string | null;
}

/** A RawFetch row: what the crawler read of one page of an OK site (the snapshot, its text capped as rawText), kept 12 h. */
export interface RawRecord extends Omit<PageSnapshot, 'text'> {
  companyId: string;
  taskId: string;
  rawText: string;
  truncated: boolean;
  rawChars: number;
  /** The home page's screenshot (saveScreenshot tasks). */
  screenshotFileId?: string;
  createdAt: string;
  expiresAt: string;
}

export interface HostRecord {
  taskId: string;
  host: string;
  url: string;
  companyIds: string[];
  /**
   * Those of companyIds whose site's hostname is `www.<host>`: the worker applies the suffix list to each
   * company's own hostname. Absent on a host an earlier version created, which applied the list itself.
   */
  wwwCompanyIds?: string[];
  /** NO_SITE: every company's hostname is a public suffix; the host is not visited. */
  status: 'PENDING' | 'OK' | 'DOWN' | 'NO_SITE';
  runId: string;
  attempts: number;
}

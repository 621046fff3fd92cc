import { CompanyEntity } from '../companies/entities.js';
import { log } from '../runtime/logger.js';
import { ConditionFailed, type TableStore } from '../ports/table-store.js';
import type { Deps } from '../runtime/deps.js';
import { crawlSite, type Found, type SiteResult } from './crawl/crawl-site.js';
import { EnrichmentHost, EnrichmentItem, EnrichmentTask, RawFetch, type HostRecord, type TaskRecord } from './entities.js';
import { appendEvent } from './events.js';
import type { CrawlMessage } from './run.js';
import { scoreCompany, type ScoreMessage } from '../scoring/run.js';
import { fetchOptions, RAW_TEXT_MAX, RAW_TTL_MS } from './settings.js';

type Stored = { value: string; sourceUrl: string; collectedAt: string };
type SiteContacts = { emails: Stored[]; phones: Stored[]; social: Stored[] };

/**
 * Merges what a crawl found into company.customFields.site_contacts (de-duplicated by value against what
 * the card has; each new entry carries sourceUrl and collectedAt) plus site_title / site_description,
 * and fills an empty card description. Optimistic on the card's version; idempotent (a repeat adds 0).
 */
async function mergeIntoCard(table: TableStore, companyId: string, r: SiteResult, at: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const card = await table.get<Record<string, any>>(CompanyEntity.key({ companyId }));
    if (!card || card.entity !== 'company') return { emails: 0, phones: 0, social: 0 };
    const cf = { ...(card.customFields ?? {}) };
    const prev: SiteContacts = { emails: [], phones: [], social: [], ...(cf.site_contacts ?? {}) };
    const added = { emails: 0, phones: 0, social: 0 };
    const merge = (kind: keyof SiteContacts, found: Found[]) => {
      const have = new Set(prev[kind].map((x) => x.value));
      const fresh = found.filter((f) => !have.has(f.value)).map((f) => ({ value: f.value, sourceUrl: f.sourceUrl, collectedAt: at }));
      added[kind] = fresh.length;
      return [...prev[kind], ...fresh].slice(0, 200);
    };
    cf.site_contacts = { emails: merge('emails', r.emails), phones: merge('phones', r.phones), social: merge('social', r.social) };
    if (r.title) cf.site_title = r.title;
    if (r.description) cf.site_description = r.description;
    const set: Record<string, unknown> = { customFields: cf, updatedAt: at, version: (card.version ?? 1) + 1 };
    if (!card.description && r.description) set.description = r.description;
    try {
      await table.update(CompanyEntity.key({ companyId }), {
        set,
        condition: { expression: '#v = :v', names: { '#v': 'version' }, values: { ':v': card.version ?? 1 } },
      });
      return added;
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
  }
  return { emails: 0, phones: 0, social: 0 };
}

/** One company's share of a host visit: claimed once (PENDING → final), so a redelivered message never processes it twice. */
async function applyToCompany(deps: Deps, table: TableStore, task: TaskRecord, companyId: string, r: SiteResult) {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const ok = r.status === 'OK';
  const added = ok ? await mergeIntoCard(table, companyId, r, at) : undefined;
  const sourceUrls = r.pages.map((p) => p.finalUrl);
  try {
    await table.update(EnrichmentItem.key({ taskId: task.taskId, companyId }), {
      set: {
        status: r.status,
        reasonCode: r.reasonCode,
        method: r.method,
        title: r.title,
        description: r.description,
        sourceUrls,
        counts: ok ? r.counts : null,
        added: added ? { ...added, forms: r.forms } : null,
        processedAt: at,
      },
      condition: { expression: '#s = :p', names: { '#s': 'status' }, values: { ':p': 'PENDING' } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return;
    throw e;
  }
  await table.update(EnrichmentTask.key({ taskId: task.taskId }), {
    add: {
      processed: 1,
      ok: ok ? 1 : 0,
      down: ok ? 0 : 1,
      emailsAdded: added?.emails ?? 0,
      phonesAdded: added?.phones ?? 0,
      socialAdded: added?.social ?? 0,
      titleFound: ok && r.title ? 1 : 0,
      byFetch: r.method === 'fetch' ? 1 : 0,
      byBrowser: r.method === 'browser' ? 1 : 0,
    },
    set: { lastProgressAt: now },
  });
  if (ok) await appendEvent(table, task.taskId, 'item_ok', { sourceUrls, counts: r.counts, added: { ...added, forms: r.forms } }, now, { companyId });
  else await appendEvent(table, task.taskId, 'item_down', null, now, { companyId, reasonCode: r.reasonCode });
  if (ok && deps.config.enrichment.rawSnapshots) {
    for (const p of r.pages) {
      const expiresAt = new Date(now + RAW_TTL_MS).toISOString();
      await table.put(
        RawFetch.item(
          { companyId, createdAt: at, page: p.page, taskId: task.taskId, expiresAt },
          {
            companyId,
            taskId: task.taskId,
            page: p.page,
            url: p.url,
            finalUrl: p.finalUrl,
            httpStatus: p.httpStatus,
            method: p.method,
            durationMs: p.durationMs,
            rawText: p.text.slice(0, RAW_TEXT_MAX),
            truncated: p.text.length > RAW_TEXT_MAX,
            rawChars: p.text.length,
            createdAt: at,
            expiresAt,
            ttl: Math.floor((now + RAW_TTL_MS) / 1000),
          },
        ),
      );
    }
  }
}

/** The `crawls` queue consumer: one message = one normalised host of one run, visited once. */
export async function handleCrawlMessage(deps: Deps, msg: CrawlMessage | ScoreMessage) {
  if (msg.type === 'score') return scoreCompany(deps, msg); // scoring items share the crawl workers
  const table = deps.tenantTable(msg.tenantId);
  const task = await table.get<TaskRecord>(EnrichmentTask.key({ taskId: msg.taskId }));
  if (!task || task.status !== 'RUNNING' || task.runId !== msg.runId) return; // paused, cancelled or superseded run
  const host = await table.get<HostRecord>(EnrichmentHost.key({ taskId: msg.taskId, host: msg.host }));
  if (!host || host.status !== 'PENDING' || host.runId !== msg.runId) return;
  const s = deps.config.enrichment;
  const o = task.options;
  const result = await crawlSite(host.url, {
    ...fetchOptions(deps, o.timeoutMs),
    visitPages: o.visitPages,
    maxAttempts: o.maxAttempts,
    loadImages: o.loadImages,
    saveScreenshot: false,
    politenessMs: s.politenessMs,
    browser: s.browser,
    chromiumPath: deps.config.chromiumPath,
  });
  const now = deps.clock.now();
  try {
    await table.update(EnrichmentHost.key({ taskId: msg.taskId, host: msg.host }), {
      set: { status: result.status, reasonCode: result.reasonCode, method: result.method, visitedAt: new Date(now).toISOString() },
      add: { attempts: 1 },
      condition: { expression: '#s = :p AND runId = :run', names: { '#s': 'status' }, values: { ':p': 'PENDING', ':run': msg.runId } },
    });
  } catch (e) {
    if (e instanceof ConditionFailed) return; // another delivery of this message finished it
    throw e;
  }
  // The visit is done: its result is copied to every card sharing the host, even if the task was paused meanwhile.
  for (const companyId of host.companyIds) await applyToCompany(deps, table, task, companyId, result);
  await table.update(EnrichmentTask.key({ taskId: msg.taskId }), {
    add: {
      domainsProcessed: 1,
      domainsOk: result.status === 'OK' ? 1 : 0,
      domainsDown: result.status === 'OK' ? 0 : 1,
      durationMsSum: result.durationMs,
      durationMsSq: Math.round((result.durationMs / 1000) ** 2 * 1000),
    },
    set: { lastProgressAt: now },
  });
  log.debug?.('site visited', { taskId: msg.taskId, host: msg.host, status: result.status, reasonCode: result.reasonCode });
}

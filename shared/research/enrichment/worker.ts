import { CompanyEntity } from '../../crm/companies/entities.js';
import { log } from '../../platform/runtime/logger.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { crawlSite, type Found, type SiteResult } from './crawl/crawl-site.js';
import { EnrichmentHost, EnrichmentItem, EnrichmentTask, RawFetch, type HostRecord, type TaskRecord } from './entities.js';
import { appendEvent } from './events.js';
import { checkRun, type CrawlMessage } from './run.js';
import { scoreCompany, type ScoreMessage } from '../scoring/run.js';
import { pageGate } from './page-slots.js';
import { settleSuffixSites, type HostVisit } from './suffix-sites.js';
import { storeScreenshot, type ScreenshotRef } from './screenshots.js';
import { fetchOptions, RAW_TEXT_MAX, RAW_TTL_MS } from './settings.js';

type Stored = { value: string; sourceUrl: string; collectedAt: string };
type SiteContacts = { emails: Stored[]; phones: Stored[]; social: Stored[] };

/**
 * Merges what a crawl found into company.customFields.site_contacts (de-duplicated by value against what
 * the card has; each new entry carries sourceUrl and collectedAt) plus site_title / site_description,
 * and fills an empty card description. Optimistic on the card's version; idempotent (a repeat adds 0).
 * `read`: the card as the message's batch read it (a change since then fails the version check and reads again).
 */
async function mergeIntoCard(table: TableStore, companyId: string, r: SiteResult, at: string, read?: Record<string, any>) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const card = attempt === 0 && read ? read : await table.get<Record<string, any>>(CompanyEntity.key({ companyId }));
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

/**
 * One company's share of a host visit: its item is claimed (PENDING → final) in the same transaction as
 * the task's counters and its item_ok / item_down event, so a redelivered message or a resumed run never
 * processes it twice, and a crash never leaves a claimed item without its counters or event. Answers the
 * company's RawFetch rows (none when it was claimed before), written by the caller in one batch.
 */
async function applyToCompany(
  deps: Deps,
  table: TableStore,
  task: TaskRecord,
  companyId: string,
  r: SiteResult,
  shot: ScreenshotRef | undefined,
  card: Record<string, any> | undefined,
  visit?: HostVisit,
): Promise<Item[]> {
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const ok = r.status === 'OK';
  // Merged before the claim: a crash in between merges again after the restart (idempotent: adds 0).
  const added = ok ? await mergeIntoCard(table, companyId, r, at, card) : undefined;
  const sourceUrls = r.pages.map((p) => p.finalUrl);
  const claim = {
    update: EnrichmentItem.key({ taskId: task.taskId, companyId }),
    spec: {
      set: {
        status: r.status,
        reasonCode: r.reasonCode,
        method: r.method,
        title: r.title,
        description: r.description,
        sourceUrls,
        counts: ok ? r.counts : null,
        added: added ? { ...added, forms: r.forms } : null,
        screenshot: shot ?? null,
        processedAt: at,
      },
      condition: { expression: '#s = :p', names: { '#s': 'status' }, values: { ':p': 'PENDING' } },
    },
  };
  const counters = {
    processed: 1,
    ok: ok ? 1 : 0,
    down: ok ? 0 : 1,
    emailsAdded: added?.emails ?? 0,
    phonesAdded: added?.phones ?? 0,
    socialAdded: added?.social ?? 0,
    titleFound: ok && r.title ? 1 : 0,
    byFetch: r.method === 'fetch' ? 1 : 0,
    byBrowser: r.method === 'browser' ? 1 : 0,
  };
  const withEvent = {
    ops: visit ? [claim, visit.mark] : [claim],
    taskAdd: visit ? { ...counters, ...visit.counters } : counters,
    taskSet: { lastProgressAt: now },
  };
  const seq = ok
    ? await appendEvent(table, task.taskId, 'item_ok', { sourceUrls, counts: r.counts, added: { ...added, forms: r.forms } }, now, { companyId }, withEvent)
    : await appendEvent(table, task.taskId, 'item_down', null, now, { companyId, reasonCode: r.reasonCode }, withEvent);
  if (seq === undefined) return []; // claimed before (redelivery, or a run resumed after a crash)
  if (shot) await appendEvent(table, task.taskId, 'item_screenshot', { fileId: shot.fileId, sourceUrl: shot.sourceUrl }, now, { companyId });
  if (!ok || !deps.config.enrichment.rawSnapshots) return [];
  const expiresAt = new Date(now + RAW_TTL_MS).toISOString();
  return r.pages.map((p) =>
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
        ...(shot && p.page === 'home' ? { screenshotFileId: shot.fileId } : {}),
        createdAt: at,
        expiresAt,
        ttl: Math.floor((now + RAW_TTL_MS) / 1000),
      },
    ),
  );
}

/**
 * The `crawls` queue consumer: one message = up to HOSTS_PER_MESSAGE normalised hosts of one run, each
 * visited once, at the same time (a queue message, a task read and a host read per host were most of a
 * page's cost next to the visit). A host that fails fails the message after its siblings are done: the
 * redelivery skips the hosts already visited (no longer PENDING) and visits only the rest. After the
 * claims, the task is finished at once if this message processed its last company (the workflow's
 * Check would only see it at its next poll).
 */
export async function handleCrawlMessage(deps: Deps, msg: CrawlMessage | ScoreMessage) {
  if (msg.type === 'score') return scoreCompany(deps, msg); // scoring items share the crawl workers
  const table = deps.tenantTable(msg.tenantId);
  const task = await table.get<TaskRecord>(EnrichmentTask.key({ taskId: msg.taskId }));
  if (!task || task.status !== 'RUNNING' || task.runId !== msg.runId) return; // paused, cancelled or superseded run
  const names = msg.hosts ?? (msg.host ? [msg.host] : []); // `host`: a message queued by a version that sent one host each
  const hosts = await table.batchGet<HostRecord>(names.map((host) => EnrichmentHost.key({ taskId: msg.taskId, host })));
  const pending = hosts.filter((h) => h.status === 'PENDING' && h.runId === msg.runId);
  // The cards of the message's companies in one read (not one per company); merged after each visit.
  const cards = new Map<string, Record<string, any>>();
  for (const c of await table.batchGet<Record<string, any>>(pending.flatMap((h) => h.companyIds.map((companyId) => CompanyEntity.key({ companyId })))))
    if (c.entity === 'company') cards.set(c.id as string, c);
  const visits = await Promise.allSettled(pending.map((h) => visitHost(deps, msg.tenantId, table, task, h, cards)));
  // Raw rows after the claims, as before (a crash in between loses them, never a claim): one batch per message.
  await table.batchPut(visits.flatMap((v) => (v.status === 'fulfilled' ? v.value : [])));
  await checkRun(deps, { tenantId: msg.tenantId, taskId: msg.taskId, runId: msg.runId }); // the workflow's own Check, run now (also on a redelivery: the first delivery may have died before it)
  const failed = visits.find((v): v is PromiseRejectedResult => v.status === 'rejected');
  if (failed) throw failed.reason;
}

/** One host of the message: crawled once, its result applied to every company with that host; answers the RawFetch rows to write. */
async function visitHost(deps: Deps, tenantId: string, table: TableStore, task: TaskRecord, host: HostRecord, cards: Map<string, Record<string, any>>) {
  const ids = await settleSuffixSites(deps, table, task, host);
  if (!ids.length) return [];
  const s = deps.config.enrichment;
  const o = task.options;
  const result = await crawlSite(host.url, {
    ...fetchOptions(deps, o.timeoutMs),
    visitPages: o.visitPages,
    maxAttempts: o.maxAttempts,
    loadImages: o.loadImages,
    saveScreenshot: o.saveScreenshot === true,
    politenessMs: s.politenessMs,
    browser: s.browser,
    chromiumPath: deps.config.chromiumPath,
    chromiumPackDir: deps.config.chromiumPackDir,
    withPage: pageGate(table, deps.clock, task.taskId, o.pageConcurrency ?? 2, o.timeoutMs + 30_000),
    parseBudgetMs: deps.config.htmlParse.budgetMs,
  });
  // The visit is done: its result is copied to every card sharing the host (even if the task was paused
  // meanwhile). The last company's claim also marks the host visited with the domain counters (one
  // transaction), so the task cannot finish before them. A crash before that leaves the host PENDING:
  // the resumed run visits it again and applies only the companies not yet claimed.
  const now = deps.clock.now();
  const visit: HostVisit = {
    mark: {
      update: EnrichmentHost.key({ taskId: task.taskId, host: host.host }),
      spec: {
        set: { status: result.status, reasonCode: result.reasonCode, method: result.method, visitedAt: new Date(now).toISOString() },
        add: { attempts: 1 },
        condition: { expression: '#s = :p AND runId = :run', names: { '#s': 'status' }, values: { ':p': 'PENDING', ':run': host.runId } },
      },
    },
    counters: {
      domainsProcessed: 1,
      domainsOk: result.status === 'OK' ? 1 : 0,
      domainsDown: result.status === 'OK' ? 0 : 1,
      durationMsSum: result.durationMs,
      durationMsSq: Math.round((result.durationMs / 1000) ** 2 * 1000),
    },
  };
  const home = result.pages.find((p) => p.page === 'home');
  const shot =
    result.status === 'OK' && result.screenshot && home ? await storeScreenshot(deps, tenantId, task.taskId, result.screenshot, home.finalUrl) : undefined;
  const raw: Item[] = [];
  for (const [i, companyId] of ids.entries())
    raw.push(...(await applyToCompany(deps, table, task, companyId, result, shot, cards.get(companyId), i === ids.length - 1 ? visit : undefined)));
  log.debug?.('site visited', { taskId: task.taskId, host: host.host, status: result.status, reasonCode: result.reasonCode });
  return raw;
}

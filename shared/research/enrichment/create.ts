import * as z from 'zod';
import { CompanyEntity } from '../../crm/companies/entities.js';
import { getCompanyList, listCompanyIds } from '../../crm/company-lists/company-lists.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import type { Item, TableStore } from '../../platform/ports/table-store.js';
import { requireTenant, type OperationContext } from '../../platform/runtime/context.js';
import { getScoringTask } from '../scoring/tasks.js';
import { COUNTERS, EnrichmentHost, EnrichmentItem, EnrichmentListPrefs, EnrichmentTask, rememberedDomainField, type TaskOptions } from './entities.js';
import { appendEvent } from './events.js';
import { startRun } from './run.js';
import { siteValue, targetOf } from './targets.js';

const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^#]+$/, 'must not contain #');

/** site_enrichment_tasks_create body: every bound of the spec's table. */
export const createShape = {
  companyIds: z.array(id).min(1).max(500).optional().describe('Companies to enrich (max 500); alternative to listId'),
  listId: id.optional().describe('A STATIC company list (SMART → 400); no cap'),
  domainField: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('website (default: website, else domain), domain, or a company custom field key; remembered on the list'),
  limit: z.number().int().min(1).max(500).optional().describe('At most this many companies (max 500)'),
  timeoutMs: z.number().int().min(1000).max(120000).optional().describe('Per page deadline, 1000-120000 ms (default 15000)'),
  maxAttempts: z.number().int().min(1).max(5).optional().describe('Attempts per page on transient failures (max 5, default 2)'),
  loadImages: z.boolean().optional().describe('Browser path loads images (default false)'),
  pageConcurrency: z
    .number()
    .int()
    .min(1)
    .max(4)
    .optional()
    .describe('Chromium pages of this task at once, across all workers, 1-4 (default 2); the fetch path is not limited by it'),
  saveScreenshot: z.boolean().optional().describe('One bounded, non-full-page screenshot of the home page (default false)'),
  visitPages: z.enum(['home', 'home+contacts']).optional().describe('home (default) or home+contacts: one more page, never a third'),
  scoringTaskId: id
    .optional()
    .describe(
      'An existing scoring Task (methodId 22) to link (a filter of the tasks list); it does not run the scoring: POST /tasks/{id}/scoring-results/retry does',
    ),
};
export const createBody = z.strictObject(createShape);
export const legacyBody = z.strictObject({ ...createShape, limit: z.number().int().min(1).max(200).optional().describe('Default 50, cap 200') });
export type CreateBody = z.infer<typeof createBody>;

/** The companies of the request: from companyIds (404 for an unknown one) or a STATIC list. */
async function selection(table: TableStore, body: CreateBody, cap: number) {
  if (!body.companyIds === !body.listId) throw badRequest(['exactly one of companyIds or listId is required']);
  let ids: string[];
  if (body.listId) {
    const list = await getCompanyList(table, body.listId);
    if (list.type !== 'STATIC')
      throw badRequest(['listId must be a STATIC company list (SMART lists are not supported)'], { code: 'smart_list_not_supported' });
    const got = await listCompanyIds(table, body.listId, { max: cap });
    ids = got.companyIds ?? [];
  } else ids = [...new Set(body.companyIds!)].slice(0, cap);
  const companies = new Map<string, Item>();
  for (let i = 0; i < ids.length; i += 100) {
    for (const c of await table.batchGet(ids.slice(i, i + 100).map((x) => CompanyEntity.key({ companyId: x }))))
      if (c.entity === 'company') companies.set(c.id as string, c);
  }
  if (body.companyIds && companies.size !== ids.length) throw notFound('Company');
  return ids.filter((x) => companies.has(x)).map((x) => companies.get(x)!);
}

/**
 * Creates a task (QUEUED) with one item per company and one host record per normalised host, then
 * starts its workflow. Companies without a usable site value are NO_SITE at once; one whose hostname is
 * itself a public suffix is found NO_SITE by the crawl worker (targets.ts). Answers 202 {taskId, queued}.
 */
export async function createEnrichmentTask(ctx: OperationContext, body: CreateBody, opts: { legacy?: boolean } = {}) {
  const tenant = requireTenant(ctx);
  const table = tenant.table;
  if (body.scoringTaskId) await getScoringTask(table, body.scoringTaskId);
  const cap = body.limit ?? (opts.legacy ? 50 : body.listId ? 100_000 : 500);
  const companies = await selection(table, body, cap);
  const domainField = body.domainField ?? (body.listId ? await rememberedDomainField(table, body.listId) : undefined) ?? 'website';
  if (body.listId && body.domainField)
    await table.put(EnrichmentListPrefs.item({ listId: body.listId }, { listId: body.listId, domainField: body.domainField }));
  const now = ctx.deps.clock.now();
  const at = new Date(now).toISOString();
  const taskId = newId(now);
  const runId = newId(now);
  const options: TaskOptions = {
    visitPages: body.visitPages ?? 'home',
    timeoutMs: body.timeoutMs ?? 15_000,
    maxAttempts: body.maxAttempts ?? 2,
    loadImages: body.loadImages ?? false,
    pageConcurrency: body.pageConcurrency ?? 2,
    saveScreenshot: body.saveScreenshot ?? false,
    domainField,
  };
  const hosts = new Map<string, { url: string; companyIds: string[]; wwwCompanyIds: string[] }>();
  const items: Item[] = [];
  const noSite: string[] = [];
  for (const c of companies) {
    const t = targetOf(siteValue(c, domainField));
    const companyId = c.id as string;
    if (t.ok) {
      const h = hosts.get(t.host) ?? hosts.set(t.host, { url: t.url, companyIds: [], wwwCompanyIds: [] }).get(t.host)!;
      h.companyIds.push(companyId);
      if (t.hostname !== t.host) h.wwwCompanyIds.push(companyId);
    } else noSite.push(companyId);
    items.push(
      EnrichmentItem.item(
        { taskId, companyId },
        {
          taskId,
          companyId,
          host: t.ok ? t.host : null,
          url: t.ok ? t.url : null,
          status: t.ok ? 'PENDING' : 'NO_SITE',
          reasonCode: t.ok ? null : t.reasonCode,
          processedAt: t.ok ? null : at,
        },
      ),
    );
  }
  const counters = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<string, number>;
  Object.assign(counters, {
    total: companies.length,
    withDomain: companies.length - noSite.length,
    processed: noSite.length,
    noSite: noSite.length,
    uniqueDomains: hosts.size,
  });
  await table.put(
    EnrichmentTask.item(
      { taskId, createdAt: at },
      {
        taskId,
        status: 'QUEUED',
        source: body.listId ? 'listId' : 'companyIds',
        listId: body.listId ?? null,
        scoringTaskId: body.scoringTaskId ?? null,
        ownerUserId: ctx.principal?.userId ?? null,
        legacy: Boolean(opts.legacy),
        options,
        runId,
        eventSeq: 0,
        resumeAttempts: 0,
        ...counters,
        createdAt: at,
        updatedAt: at,
        finishedAt: null,
      },
    ),
    EnrichmentTask.notExists,
  );
  const hostItems = [...hosts].map(([host, h]) =>
    EnrichmentHost.item(
      { taskId, host },
      {
        taskId,
        host,
        url: h.url,
        companyIds: h.companyIds,
        wwwCompanyIds: h.wwwCompanyIds,
        status: 'PENDING',
        runId,
        attempts: 0,
      },
    ),
  );
  const all = [...items, ...hostItems];
  for (let i = 0; i < all.length; i += 25) await table.batchPut(all.slice(i, i + 25));
  await appendEvent(table, taskId, 'create', null, now);
  for (const companyId of noSite) await appendEvent(table, taskId, 'item_no_site', null, now, { companyId });
  await startRun(ctx.deps, tenant.tenantId, taskId, runId);
  return { taskId, queued: companies.length };
}

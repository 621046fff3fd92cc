import * as z from 'zod';
import { TASK_STATUSES } from '../../shared/research/enrichment/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

export const taskIdPath = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^#]+$/),
});

const at = (what: string) => z.string().describe(`${what} (ISO 8601)`);

/** A task as its operations answer it (shared/research/enrichment/views.ts `taskView`). */
export const taskOutput = checkedOutput(
  z.looseObject({
    id: z.string().describe('Task id (the same as taskId)'),
    taskId: z.string().describe('Task id'),
    status: z.enum(TASK_STATUSES).describe('QUEUED, RUNNING, PAUSED, CANCELLED, DONE, FAILED or PARTIAL'),
    listId: z.string().nullable().describe('The company list crawled (null when started with companyIds)'),
    scoringTaskId: z.string().nullable().describe('The scoring task it serves (null when none)'),
    options: z
      .looseObject({
        visitPages: z.enum(['home', 'home+contacts']).describe('Pages visited per site'),
        timeoutMs: z.number().describe('Time budget of one page'),
        maxAttempts: z.number().describe('Attempts per site before it is DOWN'),
        loadImages: z.boolean(),
        pageConcurrency: z.number().describe('Browser pages the task may hold at once'),
        saveScreenshot: z.boolean().describe('Whether the home page is screenshotted'),
        domainField: z.string().describe('The company field the domain is read from'),
      })
      .describe('The options it runs with'),
    counters: z.looseObject({ total: z.number(), processed: z.number(), ok: z.number(), down: z.number(), noSite: z.number() }).describe('Company counters'),
    resumeAttempts: z.number().describe('Times the task was resumed after its run stalled'),
    createdAt: at('Created'),
    updatedAt: at('Last change'),
    finishedAt: z.string().nullable().describe('When it ended (ISO 8601; null while not terminal)'),
  }),
);
export const createOutput = z.looseObject({ taskId: z.string().describe('The new task'), queued: z.number().describe('Companies queued') });
export const guideStats = (id: string) => ({
  next: 'site_enrichment_tasks_stats',
  why: 'Progress, funnel and pace of the crawl.',
  check: `GET /api/site-enrichment/tasks/${id}/stats`,
});

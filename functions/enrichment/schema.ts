import * as z from 'zod';

export const taskIdPath = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^#]+$/),
});

export const taskOutput = z.looseObject({
  taskId: z.string().describe('Task id'),
  status: z.string().describe('QUEUED, RUNNING, PAUSED, CANCELLED, DONE, FAILED or PARTIAL'),
  counters: z.looseObject({ total: z.number(), processed: z.number(), ok: z.number(), down: z.number(), noSite: z.number() }).describe('Company counters'),
});
export const createOutput = z.looseObject({ taskId: z.string().describe('The new task'), queued: z.number().describe('Companies queued') });
export const guideStats = (id: string) => ({
  next: 'site_enrichment_tasks_stats',
  why: 'Progress, funnel and pace of the crawl.',
  check: `GET /api/site-enrichment/tasks/${id}/stats`,
});

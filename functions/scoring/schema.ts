import * as z from 'zod';

export const scoringTaskPath = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[^#]+$/),
});
export const resultsOutput = z.looseObject({
  data: z.array(
    z.looseObject({
      companyId: z.string(),
      outcome: z.string().describe('ACTIVE, SCORED_BELOW_THRESHOLD or UNAVAILABLE'),
      reasonCode: z.string(),
      stepResults: z.record(z.string(), z.unknown()),
      contradictoryFields: z.array(z.string()),
    }),
  ),
  total: z.number(),
});
export const guideResults = (id: string) => ({ next: 'tasks_scoring_stats', why: 'Outcomes of the scoring run.', check: `GET /api/tasks/${id}/scoring-stats` });

import * as z from 'zod';
import { checkedOutput } from '../../platform/registry/output-check.js';
import { ITEM_STATUSES, SKIP_REASONS, Task, TASK_COUNTERS, type TaskCounter } from './entities.js';

export const taskIdPath = z.strictObject({ id: z.string().min(1).max(64) });

/** POST /api/tasks: one body for every method; which fields are required depends on methodId. */
export const taskCreateBody = z.strictObject({
  methodId: z.number().int().describe('2 = mailing, 22 = scoring'),
  description: z
    .string()
    .min(1)
    .max(2000)
    .optional()
    .describe('Required for methodId 2 (400 `description is required for methodId 2` without it); optional for methodId 22 (default: name, else "Scoring")'),
  creativeId: z.string().min(1).max(64).optional().describe('Required for methodId 2: the creative to send'),
  accountId: z.string().min(1).max(64).optional().describe('Required for methodId 2: the sender email account'),
  contactListId: z.string().min(1).max(64).optional().describe('Required for methodId 2: the recipients'),
  companyListId: z.string().min(1).max(64).optional().describe('Required for methodId 22: the companies to score; refused for methodId 2'),
  tracking: z.boolean().optional().describe('Open and click tracking for this task (default true)'),
  name: z.string().min(1).max(200).optional(),
  steps: z.array(z.unknown()).max(50).optional(),
  options: z.record(z.string(), z.unknown()).optional(),
});
export type TaskCreateBody = z.infer<typeof taskCreateBody>;

/** A task as answered: its attributes, its id, and its progress counters. */
export const taskOutput = checkedOutput(
  z.looseObject({
    id: z.string().describe('Task id'),
    ...Task.output.shape,
    counters: z
      .looseObject(Object.fromEntries(TASK_COUNTERS.map((c) => [c, z.number()])) as Record<TaskCounter, z.ZodNumber>)
      .describe('Progress: total, queued, sent, bounced, failed, skipped, cancelled, deferred, opens, uniqueOpens, clicks, uniqueClicks, unsubscribed, replied'),
  }),
);

export const taskListOutput = checkedOutput(
  z.looseObject({
    data: z.array(taskOutput).describe('Tasks, newest first'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

export const itemsQuery = {
  status: z.enum(ITEM_STATUSES).optional().describe('Item status filter'),
  reason: z.enum(SKIP_REASONS).or(z.string().max(64)).optional().describe('Skip or failure reason filter'),
};

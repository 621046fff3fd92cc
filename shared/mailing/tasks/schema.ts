import * as z from 'zod';
import { ITEM_STATUSES, SKIP_REASONS, TASK_STATUSES } from './entities.js';

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

export const taskOutput = z.looseObject({
  id: z.string().describe('Task id'),
  methodId: z.number().describe('2 = mailing, 22 = scoring'),
  description: z.string().optional(),
  status: z.enum(TASK_STATUSES).or(z.string()).describe('DRAFT, ACTIVE, PAUSED, COMPLETED, FAILED, CANCELLED'),
  approvalStatus: z
    .string()
    .optional()
    .describe('PENDING or APPROVED (mailing tasks). An edit of the approved creative makes it PENDING at once (approvalResetReason creative_changed)'),
  approvalResetReason: z.string().nullable().optional().describe('Why an approval was reset: creative_changed (approve again, then start or resume)'),
  pauseReason: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Why a task is PAUSED: manual, insufficient_balance, creative_changed, physical_address_missing, sender_<reason> (sender_bounce_rate_exceeded: the mailbox passed the bounce-rate threshold, resume it first), campaign_paused',
    ),
  counters: z
    .record(z.string(), z.number())
    .optional()
    .describe('Progress: total, queued, sent, bounced, failed, skipped, opens, uniqueOpens, clicks, uniqueClicks, unsubscribed'),
});

export const taskListOutput = z.looseObject({
  data: z.array(taskOutput).describe('Tasks, newest first'),
  nextCursor: z.string().nullable().describe('Cursor of the next page'),
});

export const itemsQuery = {
  status: z.enum(ITEM_STATUSES).optional().describe('Item status filter'),
  reason: z.enum(SKIP_REASONS).or(z.string().max(64)).optional().describe('Skip or failure reason filter'),
};

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
      .describe(
        'Progress: total, queued, sent, bounced, failed, skipped, cancelled, deferred, opens, uniqueOpens, clicks, uniqueClicks, unsubscribed, replied',
      ),
  }),
);

export const taskListOutput = checkedOutput(
  z.looseObject({
    data: z.array(taskOutput).describe('Tasks, newest first'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

/** One send item as answered (the item entity is undeclared: the send engine writes it). */
export const taskItemOutput = checkedOutput(
  z.looseObject({
    contactId: z.string().describe('Contact id'),
    email: z.string().nullable().describe('The address it is sent to (null when the contact has none)'),
    status: z.enum(ITEM_STATUSES).describe('QUEUED, SENDING, SENT, BOUNCED, FAILED, SKIPPED or CANCELLED'),
    reason: z
      .string()
      .nullable()
      .describe(`Skip reason (${SKIP_REASONS.join(', ')}) or failure reason; null when none`),
    messageId: z.string().nullable().describe('Message-ID stored before the SMTP transaction'),
    attempts: z.number().describe('Send attempts so far'),
    smtp: z
      .looseObject({ outcome: z.string(), code: z.number().describe('SMTP reply code (0: no reply)'), response: z.string() })
      .nullable()
      .describe('The last SMTP answer (null before the first attempt)'),
    sentAt: z.string().nullable().describe('ISO 8601 time the server accepted it'),
    slotAt: z.number().nullable().describe('Clock time (ms) of the mailbox slot this send took (pacing)'),
    openedAt: z.string().nullable().describe('First open (tracking)'),
    clickedAt: z.string().nullable().describe('First click (tracking)'),
    recovered: z.boolean().describe('Its lease was lost once and recovered'),
    updatedAt: z.string(),
  }),
);

export const taskItemsOutput = checkedOutput(
  z.looseObject({
    data: z.array(taskItemOutput).describe('The items of this page'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

export const itemsQuery = {
  status: z.enum(ITEM_STATUSES).optional().describe('Item status filter'),
  reason: z.enum(SKIP_REASONS).or(z.string().max(64)).optional().describe('Skip or failure reason filter'),
};

import * as z from 'zod';
import { SKIP_OUTCOMES } from '../../shared/mailing/campaigns/outbox.js';
import { ITEM_STATUSES } from '../../shared/mailing/tasks/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { outboxTaskOutput } from '../campaigns/outputs.js';

// Apart from outputs.ts: the thread and send operations need not bundle the campaign outbox.

/** A campaign's outbox (dialogs_outbox_history): its send items as outbox tasks. */
export const outboxHistoryOutput = checkedOutput(
  z.looseObject({
    campaignId: z.string(),
    data: z.array(
      outboxTaskOutput.extend({
        taskId: z.string().describe("The campaign's send task"),
        contactId: z.string(),
        email: z.string().nullable().describe('The recipient address'),
        status: z.enum(ITEM_STATUSES),
        messageId: z.string().nullable().describe('Message-ID of the email, once one was composed'),
        history: z.array(
          z.looseObject({
            at: z.string().describe('ISO 8601 time'),
            event: z.string().describe('queued, smtp_started, lease_recovered, deferred, then the final status in lower case'),
            detail: z.unknown().optional().describe("The relay's answer or the reason, when any"),
          }),
        ),
      }),
    ),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

const outboxId = z.string().describe('<taskId>~<contactId>');
export const outboxSkipPreviewOutput = checkedOutput(
  z.looseObject({
    snapshot: z.string().describe('What dialogs_outbox_skip takes'),
    count: z.number().describe('Sends the skip would take out'),
    wouldSkip: z.array(z.looseObject({ id: outboxId, email: z.string().nullable(), status: z.string().describe('QUEUED') })),
    notSkippable: z.array(z.looseObject({ id: outboxId, status: z.string().describe('The send item status, or NOT_FOUND') })),
    expiresAt: z.string().describe('ISO 8601 time the snapshot expires'),
  }),
);

export const outboxSkipOutput = checkedOutput(
  z.looseObject({
    snapshot: z.string(),
    skipped: z.number().describe('Sends skipped by this call'),
    results: z.array(
      z.looseObject({
        id: outboxId,
        outcome: z.enum(SKIP_OUTCOMES).describe(SKIP_OUTCOMES.join(', ')),
        status: z.string().optional().describe('already_skipped / not_skippable: the send item status now (absent when it is gone)'),
      }),
    ),
    nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next up to 10; null when the snapshot is done'),
  }),
);

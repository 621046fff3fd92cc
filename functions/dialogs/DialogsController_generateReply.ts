import * as z from 'zod';
import { draftReply } from '../../shared/mailing/dialogs/draft.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { draftOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'DialogsController_generateReply',
  method: 'POST',
  path: '/api/dialogs/{id}/draft',
  tag: 'dialogs',
  summary: 'Draft a reply (never sent)',
  description:
    "A draft {subject, text, html} from the thread and the linked brief (body briefId, else the brief of the creative the thread answers). Nothing is sent: pass the draft to reply. Uses the AI provider when one is configured, else a template per the dialog's class. Paid: ai_generation, only when the AI provider wrote the draft (method ai); 402 insufficient_balance before the provider is asked.",
  access: 'tenant',
  billing: 'ai_generation',
  scope: 'crm:write',
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({
      briefId: z.string().min(1).max(64).optional(),
      instructions: z.string().max(2000).optional().describe('What the reply should do'),
    }),
  },
  output: draftOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, body }, ctx) => draftReply(ctx.deps, requireTenant(ctx), path.id, body),
  guidance: (r) => ({
    next: 'DialogsController_reply',
    why: 'Review the draft, then send it with DialogsController_reply (scope dialogs:write).',
    check: `POST /api/dialogs/${r.dialogId}/reply`,
  }),
});
export const handler = lambdaHandler(operation);

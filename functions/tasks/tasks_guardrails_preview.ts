import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { PREVIEW_MAX, previewGuardrails } from '../../shared/mailing/sending/guardrails-preview.js';
import { SKIP_REASONS } from '../../shared/mailing/tasks/entities.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'tasks_guardrails_preview',
  method: 'POST',
  path: '/api/tasks/guardrails-preview',
  tag: 'tasks',
  summary: 'Dry run: how many contacts of a list a mailing task would skip, and why',
  description: `Body {contactListId}. Applies start's guardrails in their order (contact gone, no email channel, suppressed, stop-listed, invalid or role address, already contacted within the re-contact period or twice in the list) and counts the outcome; nothing is written, no marker claimed. Screens the first ${PREVIEW_MAX.toLocaleString('en')} members (sampled: true beyond). Cost: about 4 BatchGet reads per member. The counts can change before start (suppressions, other tasks). 404 for an unknown list.`,
  access: 'tenant',
  scope: 'tasks:read',
  input: { body: z.strictObject({ contactListId: z.string().min(1).max(64).describe('The contact list a task would send to') }) },
  output: z.looseObject({
    contactListId: z.string(),
    total: z.number().describe('Members of the list'),
    screened: z.number().describe('Members screened (total, or the first members when sampled)'),
    sampled: z.boolean().describe('True when the list is larger than one preview screens'),
    wouldSend: z.number().describe('Members that would get an email'),
    skipped: z.number().describe('Members that would be skipped'),
    byReason: z.record(z.enum(SKIP_REASONS), z.number()).describe('Skipped members by reason (every reason present, 0 when none)'),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => previewGuardrails(ctx.deps, requireTenant(ctx).table, body.contactListId),
  guidance: (r) => ({
    next: 'tasks_create',
    why: `${r.wouldSend} of ${r.screened} would be sent; ${r.skipped} skipped.`,
    check: `POST /api/tasks {"methodId":2,"contactListId":"${r.contactListId}",...}`,
  }),
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { createSequence } from '../../shared/mailing/sequences/sequences.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { sequenceOutput } from './outputs.js';

const step = z.strictObject({
  delayDays: z.number().int().min(0).max(90).describe('Business days (Mon–Fri) after the previous step; for step 1, after enrolment'),
  creativeId: z.string().min(1).max(64).optional(),
  subject: z.string().trim().min(1).max(998).optional().describe('Inline template (step 1); later steps reply as Re: <first subject>'),
  bodyHtml: z.string().min(1).max(200_000).optional().describe('Inline template ({{var}} and spintax, like creatives)'),
});

export const operation = defineOperation({
  operationId: 'sequences_create',
  method: 'POST',
  path: '/api/sequences',
  tag: 'sequences',
  summary: 'Define a follow-up sequence',
  description:
    'Body {name, steps:[{delayDays, creativeId | subject + bodyHtml}] (1-10, in order), accountId? (default mailbox), tracking?}. ' +
    'Steps after the first go out as replies in the same thread through the send engine (same window, pacing, caps, footer); a reply, bounce or unsubscribe stops them. 201.',
  access: 'tenant',
  scope: 'tasks:write',
  input: {
    body: z.strictObject({
      name: z.string().trim().min(1).max(200),
      steps: z.array(step).min(1).max(10),
      accountId: z.string().min(1).max(64).optional(),
      tracking: z.boolean().optional(),
    }),
  },
  output: sequenceOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ body }, ctx) => createSequence(ctx.deps, requireTenant(ctx).table, body),
  guidance: (s) => ({ next: 'SequencesController_enroll', why: `Sequence ${s.id} defined: enrol contacts or a task's non-responders.` }),
});
export const handler = lambdaHandler(operation);

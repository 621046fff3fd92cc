import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { queueMessage } from '../../shared/workspace/identity/messages.js';
import { requirePrincipal } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { v1_messages_sendOutput } from './outputs.js';

const MessageBody = z
  .strictObject({
    to: z.string().max(254).pipe(z.email()),
    subject: z.string().trim().min(1).max(998),
    text: z.string().min(1).max(100_000).optional(),
    html: z.string().min(1).max(500_000).optional(),
  })
  .refine((b) => b.text !== undefined || b.html !== undefined, { message: 'text or html should not be empty', path: ['text'] });

export const operation = defineOperation({
  operationId: 'v1_messages_send',
  method: 'POST',
  path: '/v1/messages',
  tag: 'identity',
  summary: 'Queue one outbound message (sandbox)',
  description:
    'Body {to, subject, text | html} (at least one of text and html; no other properties). The message is stored with status queued_for_moderation and counts against the monthly quota ' +
    '(500 for sandbox keys, resets 00:00 UTC on the 1st). When the quota is spent the answer is 402 {error:"quota_exceeded"}. Answers 202 with the message id and the quota left.',
  output: v1_messages_sendOutput,
  resources: ['platformTable:write'],
  access: 'sandbox',
  input: { body: MessageBody },
  successStatus: 202,
  hints: { readOnly: false, destructive: false, idempotent: false },
  handler: async ({ body }, ctx) => queueMessage(ctx.deps, requirePrincipal(ctx).accountId!, body),
  guidance: (r) => ({ next: 'v1_me', why: `${r.quota.remaining} messages left this month; the message waits for moderation.` }),
});

export const handler = lambdaHandler(operation);

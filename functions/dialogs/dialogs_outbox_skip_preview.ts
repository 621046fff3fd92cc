import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { skipPreview, SKIP_MAX } from '../../shared/mailing/campaigns/outbox.js';
import { lambdaHandler } from '../lambda.js';
import { outboxSkipPreviewOutput } from './outbox-outputs.js';

const outboxId = z
  .string()
  .min(3)
  .max(130)
  .regex(/^[A-Za-z0-9_-]+~[A-Za-z0-9_-]+$/, 'must be an outbox task id <taskId>~<contactId>');
export const operation = defineOperation({
  operationId: 'dialogs_outbox_skip_preview',
  method: 'POST',
  path: '/api/dialogs/outbox/skip-preview',
  tag: 'dialogs',
  summary: 'Dry run: which queued sends a skip would take out',
  description: `Body {taskIds[] (1..${SKIP_MAX}), excludeIds[]}: ids from dialogs_outbox_history. Only QUEUED sends can be skipped. Answers a snapshot for dialogs_outbox_skip; changes nothing else.`,
  access: 'tenant',
  scope: 'tasks:read',
  input: { body: z.strictObject({ taskIds: z.array(outboxId).min(1).max(SKIP_MAX), excludeIds: z.array(outboxId).max(SKIP_MAX).default([]) }) },
  output: outboxSkipPreviewOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ body }, ctx) => skipPreview(ctx.deps, requireTenant(ctx).tenantId, body),
  guidance: (r) => ({
    next: 'dialogs_outbox_skip',
    why: `${r.count} would be skipped.`,
    check: `POST /api/dialogs/outbox/skip {"snapshot":"${r.snapshot}","reason":"..."}`,
  }),
});
export const handler = lambdaHandler(operation);

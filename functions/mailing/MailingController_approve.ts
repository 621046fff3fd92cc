import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getCreativeItem } from '../../shared/mailing/creatives/creatives.js';
import { keepApprovedRevision } from '../../shared/mailing/creatives/revisions.js';
import { taskOutput } from '../../shared/mailing/tasks/schema.js';
import { approveTask, approverOf, getTaskItem } from '../../shared/mailing/tasks/tasks.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'MailingController_approve',
  method: 'POST',
  path: '/api/mailing/{taskId}/approve',
  tag: 'mailing',
  summary: 'Approve a mailing task',
  description:
    "Body {note}. Records who approved (user or key) and the creative version approved, and keeps that version's subject and body (the approvals queue diffs an edit against it); an edit of that creative afterwards resets the approval: the task reads approvalStatus PENDING (approvalResetReason creative_changed) at once, start answers 409 approval_stale, and an ACTIVE task pauses (pauseReason creative_changed) before it sends unapproved copy; approve again, then start or resume. An agent holding mailing:write may approve its own task. Repeating it is harmless.",
  access: 'tenant',
  scope: 'mailing:write',
  input: { path: z.strictObject({ taskId: z.string().min(1).max(64) }), body: z.strictObject({ note: z.string().max(2000).describe('Why it is approved') }) },
  output: taskOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const tenant = requireTenant(ctx);
    const task = await getTaskItem(tenant.table, path.taskId);
    const creative = task.creativeId ? await getCreativeItem(tenant.table, task.creativeId) : null;
    const now = ctx.deps.clock.now();
    const version = creative ? ((creative.contentVersion as number) ?? 1) : null;
    const approved = await approveTask(
      tenant.table,
      path.taskId,
      { by: approverOf(ctx.principal, ctx.request.channel), note: body.note, at: new Date(now).toISOString(), creativeVersion: version },
      now,
    );
    // Kept after the approval is written: a refused approval (409) keeps nothing.
    if (creative) await keepApprovedRevision(tenant.table, creative, now);
    return approved;
  },
  guidance: (t) => ({ next: 'tasks_start', why: 'Approved: start delivery.', check: `POST /api/tasks/${t.id}/start` }),
});
export const handler = lambdaHandler(operation);

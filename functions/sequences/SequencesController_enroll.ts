import * as z from 'zod';
import { badRequest } from '../../shared/platform/errors.js';
import { enroll } from '../../shared/mailing/sequences/enroll.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { enrollOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'SequencesController_enroll',
  method: 'POST',
  path: '/api/sequences/{id}/enroll',
  tag: 'sequences',
  summary: 'Enrol contacts or non-responders into a sequence',
  description:
    "Body {contactIds[]} or {taskId | campaignId, afterDays} (that task's / campaign send task's recipients sent to at least afterDays ago without a reply: " +
    'their steps continue that thread from the mailbox that sent it), accountId? (mailbox override). Repeat-safe: contacts already enrolled are skipped ' +
    '(already_enrolled), as are suppressed ones. Steps due now go to the send engine at once.',
  access: 'tenant',
  scope: 'tasks:write',
  resources: ['queue:sends'],
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({
      contactIds: z.array(z.string().min(1).max(64)).min(1).max(500).optional(),
      taskId: z.string().min(1).max(64).optional(),
      campaignId: z.string().min(1).max(64).optional().describe("The campaign's send task (its id)"),
      afterDays: z.number().int().min(0).max(365).optional().describe('With taskId/campaignId: days since the email went unanswered (default 3)'),
      accountId: z.string().min(1).max(64).optional(),
    }),
  },
  output: enrollOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => {
    const taskId = body.taskId ?? body.campaignId;
    if (body.taskId && body.campaignId) throw badRequest(['give taskId or campaignId, not both']);
    if (!taskId && !body.contactIds) throw badRequest(['contactIds or taskId/campaignId is required']);
    return enroll(ctx.deps, requireTenant(ctx), path.id, {
      contactIds: body.contactIds,
      ...(taskId ? { nonResponders: { taskId, afterDays: body.afterDays ?? 3 } } : {}),
      accountId: body.accountId,
    });
  },
  guidance: (r) => ({ next: 'sequences_enrolments_list', why: `${r.enrolled} enrolled; follow their state per contact.` }),
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { createTestTask } from '../../shared/mailing/campaigns/test-task.js';
import { lambdaHandler } from '../lambda.js';
import { actorOf, campaignIdPath } from './schema.js';
import { testTaskOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'campaigns_test_task_create',
  method: 'POST',
  path: '/api/campaigns/{id}/test-tasks',
  tag: 'campaigns',
  summary: 'Owner-address TEST: one email of the campaign to your verified address',
  description:
    'Body {requestKey} (a stable UUID; the same key answers the same test). No recipient address is accepted: the server uses your verified owner address. ' +
    'Goes through the send engine with every gate (window, sender, balance, footer); enrols no audience row and does not activate the campaign.',
  access: 'tenant',
  scope: 'mailing:write',
  input: { path: campaignIdPath, body: z.strictObject({ requestKey: z.uuid() }) },
  output: testTaskOutput,
  successStatus: 201,
  resources: ['queue:sends'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) =>
    createTestTask(ctx.deps, requireTenant(ctx).tenantId, requirePrincipal(ctx).accountId, path.id, body.requestKey, actorOf(ctx)),
  guidance: (t) => ({
    next: 'campaigns_test_task_status',
    why: `Test ${t.decision.reasonCode}.`,
    check: `GET /api/campaigns/${t.campaignId}/test-tasks/${t.taskId}`,
  }),
});
export const handler = lambdaHandler(operation);

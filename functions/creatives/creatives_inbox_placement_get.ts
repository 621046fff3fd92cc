import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getPlacementTest } from '../../shared/mailing/creatives/placement.js';
import { lambdaHandler } from '../lambda.js';
import { placementOutput } from './CreativesController_startInboxPlacementTest.js';

export const operation = defineOperation({
  operationId: 'creatives_inbox_placement_get',
  method: 'GET',
  path: '/api/creatives/inbox-placement-tests/{testId}',
  tag: 'creatives',
  summary: 'Poll an inbox-placement test',
  description:
    'Per seed mailbox: provider and placement (pending, inbox, spam, missing, send_failed) with the folder it was found in; summary when DONE. 404 for unknown ids.',
  access: 'tenant',
  scope: 'creatives:read',
  input: {
    path: z.strictObject({
      testId: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[A-Za-z0-9_-]+$/, 'testId must be an id'),
    }),
  },
  output: placementOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getPlacementTest(ctx.deps, requireTenant(ctx).tenantId, path.testId) as Promise<z.infer<typeof placementOutput>>,
  guidance: (t) =>
    t.status === 'RUNNING'
      ? { next: 'creatives_inbox_placement_get', why: 'Still watching the seed mailboxes; poll again.' }
      : {
          next: 'DeliverabilityController_getMatrix',
          why: `Placement ${t.status}: the counts are in the deliverability matrix. On spam, change one variable at a time: relay, then creative, then volume.`,
        },
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { updateSetting } from '../../shared/workspace/settings/settings.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { autoApproveOutput } from './SettingsController_getAutoApprove.js';

export const operation = defineOperation({
  operationId: 'SettingsController_setAutoApprove',
  method: 'PUT',
  path: '/api/settings/auto-approve',
  tag: 'settings',
  summary: 'Turn workspace mailing auto-approve on or off (SUPER only)',
  description: 'Body {enabled}. true = the whole workspace sends without manual approval. 403 insufficient_role below SUPER.',
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: z.strictObject({ enabled: z.boolean() }) },
  output: autoApproveOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => ({
    enabled: await updateSetting(requireRole(ctx, 'SUPER').table, 'autoApprove', ctx.deps.clock.now(), () => body.enabled),
  }),
  guidance: (r) => ({
    next: r.enabled ? 'tasks_start' : 'tasks_create',
    why: r.enabled ? 'Tasks start without an approval step now.' : 'Tasks need an approval (mailing:write) before they start.',
  }),
});
export const handler = lambdaHandler(operation);

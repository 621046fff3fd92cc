import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { MinSendIntervalSchema, updateSetting } from '../../shared/workspace/settings/settings.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { minIntervalOutput } from './SettingsController_getMinSendInterval.js';

export const operation = defineOperation({
  operationId: 'SettingsController_setMinSendInterval',
  method: 'PUT',
  path: '/api/settings/min-send-interval',
  tag: 'settings',
  summary: 'Set the minimum seconds between two sends of one mailbox (ADMIN or SUPER)',
  description: 'Body {seconds}: integer 0..86400. 403 insufficient_role for MEMBER.',
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: z.strictObject({ seconds: MinSendIntervalSchema }) },
  output: minIntervalOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => ({
    seconds: await updateSetting(requireRole(ctx, 'ADMIN').table, 'minSendInterval', ctx.deps.clock.now(), () => body.seconds),
  }),
  guidance: () => ({ next: 'SettingsController_getSendWindow', why: "The window and the interval together bound each mailbox's pace." }),
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getMinSendInterval } from '../../shared/workspace/settings/settings.js';
import { lambdaHandler } from '../lambda.js';

export const minIntervalOutput = z.looseObject({ seconds: z.number().describe('Minimum seconds between two sends of one mailbox') });

export const operation = defineOperation({
  operationId: 'SettingsController_getMinSendInterval',
  method: 'GET',
  path: '/api/settings/min-send-interval',
  tag: 'settings',
  summary: 'Minimum seconds between two sends of one mailbox',
  description: 'The send engine spaces the messages of one sender mailbox by at least this many seconds (default 60).',
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: minIntervalOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => ({ seconds: await getMinSendInterval(requireTenant(ctx).table) }),
  guidance: () => ({ next: 'SettingsController_setMinSendInterval', why: 'Raise it for new or warming mailboxes.' }),
});
export const handler = lambdaHandler(operation);

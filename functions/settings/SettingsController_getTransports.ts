import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getTransports, TransportsSchema } from '../../shared/workspace/settings/settings.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'SettingsController_getTransports',
  method: 'GET',
  path: '/api/settings/transports',
  tag: 'settings',
  summary: 'Which transports the workspace sends through, in order',
  description:
    '{transports:[{kind, enabled}]} in order of preference; kinds: oauth (Google/Microsoft XOAUTH2 mailboxes), smtp (application-password mailboxes). Default: oauth, then smtp.',
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: TransportsSchema,
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => getTransports(requireTenant(ctx).table),
  guidance: () => ({ next: 'SettingsController_updateTransports', why: 'Reorder or disable a transport kind.' }),
});
export const handler = lambdaHandler(operation);

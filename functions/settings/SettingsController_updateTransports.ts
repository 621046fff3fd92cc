import { defineOperation } from '../../shared/platform/registry/operation.js';
import { TransportsSchema, updateSetting, type Transports } from '../../shared/workspace/settings/settings.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'SettingsController_updateTransports',
  method: 'PUT',
  path: '/api/settings/transports',
  tag: 'settings',
  summary: 'Set the transports and their order (ADMIN or SUPER)',
  description: 'Body {transports:[{kind: oauth|smtp, enabled}]}: the whole list in order of preference, each kind at most once.',
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: TransportsSchema },
  output: TransportsSchema,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => updateSetting<Transports>(requireRole(ctx, 'ADMIN').table, 'transports', ctx.deps.clock.now(), () => body),
  guidance: () => ({ next: 'EmailAccountsController_list', why: 'Check that a mailbox of the first enabled kind is connected.' }),
});
export const handler = lambdaHandler(operation);

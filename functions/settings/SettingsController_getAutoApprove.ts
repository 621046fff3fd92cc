import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getAutoApprove } from '../../shared/workspace/settings/settings.js';
import { lambdaHandler } from '../lambda.js';

export const autoApproveOutput = z.looseObject({ enabled: z.boolean().describe('true = the whole workspace sends without manual approval') });

export const operation = defineOperation({
  operationId: 'SettingsController_getAutoApprove',
  method: 'GET',
  path: '/api/settings/auto-approve',
  tag: 'settings',
  summary: 'Workspace mailing auto-approve',
  description: 'When enabled the whole workspace sends without manual approval (tasks skip the approval step). Default false.',
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: autoApproveOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => ({ enabled: await getAutoApprove(requireTenant(ctx).table) }),
  guidance: () => ({ next: null, why: 'Only a SUPER can change auto-approve.' }),
});
export const handler = lambdaHandler(operation);

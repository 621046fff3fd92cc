import { defineOperation } from '../../shared/platform/registry/operation.js';
import { CompanyProfileSchema, updateSetting, type CompanyProfile } from '../../shared/workspace/settings/settings.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { companyProfileOutput } from './SettingsController_getCompanyProfile.js';

export const operation = defineOperation({
  operationId: 'SettingsController_setCompanyProfile',
  method: 'PUT',
  path: '/api/settings/company-profile',
  tag: 'settings',
  summary: 'Set the sender identity and physical address (ADMIN or SUPER)',
  description: 'Body {companyName, physicalAddress, senderName?, website?}: printed in every email footer. Required before sending.',
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: CompanyProfileSchema },
  output: companyProfileOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => ({
    configured: true,
    profile: await updateSetting<CompanyProfile>(requireRole(ctx, 'ADMIN').table, 'companyProfile', ctx.deps.clock.now(), () => body),
  }),
  guidance: () => ({ next: 'EmailAccountsController_create', why: 'With the footer identity set, connect a sender mailbox.' }),
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getPhysicalAddress } from '../../shared/workspace/settings/settings.js';
import { lambdaHandler } from '../lambda.js';

export const companyProfileOutput = z.looseObject({
  configured: z.boolean().describe('false until set: the send engine refuses to start without it'),
  profile: z
    .looseObject({ companyName: z.string(), physicalAddress: z.string(), senderName: z.string().optional(), website: z.string().optional() })
    .nullable(),
});

export const operation = defineOperation({
  operationId: 'SettingsController_getCompanyProfile',
  method: 'GET',
  path: '/api/settings/company-profile',
  tag: 'settings',
  summary: 'Sender identity and physical address for the compliance footer',
  description: 'Every email carries a real sender identity and a physical address (spec compliance rules). {configured, profile}.',
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: companyProfileOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => {
    const profile = await getPhysicalAddress(requireTenant(ctx).table);
    return { configured: profile !== null, profile };
  },
  guidance: (r) => ({
    next: r.configured ? null : 'SettingsController_setCompanyProfile',
    why: r.configured ? 'The footer identity is set.' : 'Set it before the first send.',
  }),
});
export const handler = lambdaHandler(operation);

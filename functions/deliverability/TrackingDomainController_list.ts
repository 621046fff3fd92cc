import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listTrackingDomains } from '../../shared/mailing/tracking-domains/tracking-domains.js';
import { lambdaHandler } from '../lambda.js';
import { trackingDomainOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'TrackingDomainController_list',
  method: 'GET',
  path: '/api/tracking-domains',
  tag: 'deliverability',
  summary: 'List tracking domains',
  description: 'All tracking domains of the workspace (max 20) with status and the CNAME each needs.',
  access: 'tenant',
  scope: 'accounts:read',
  input: {},
  output: z.looseObject({ data: z.array(trackingDomainOutput) }),
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => listTrackingDomains(requireTenant(ctx).table),
  guidance: (r) => ({
    next: r.data.some((d) => d.status === 'ACTIVE') ? null : 'TrackingDomainController_create',
    why: 'The spec advises an ACTIVE tracking domain before sending.',
  }),
});
export const handler = lambdaHandler(operation);

import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { setDefaultTrackingDomain } from '../../shared/mailing/tracking-domains/tracking-domains.js';
import { lambdaHandler } from '../lambda.js';
import { trackingDomainOutput, trackingDomainPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'TrackingDomainController_setDefault',
  method: 'POST',
  path: '/api/tracking-domains/{id}/default',
  tag: 'deliverability',
  summary: 'Make an ACTIVE tracking domain the workspace default',
  description: 'The open pixel and click redirects of new sends use the default domain. 409 tracking_domain_not_active unless ACTIVE.',
  access: 'tenant',
  scope: 'accounts:write',
  input: { path: trackingDomainPath },
  output: trackingDomainOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => setDefaultTrackingDomain(ctx.deps, requireTenant(ctx).table, path.id),
  guidance: () => ({ next: 'DeliverabilityController_getMatrix', why: 'Watch placement per provider as sends go out.' }),
});
export const handler = lambdaHandler(operation);

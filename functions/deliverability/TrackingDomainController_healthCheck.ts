import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { healthCheckTrackingDomain } from '../../shared/mailing/tracking-domains/tracking-domains.js';
import { lambdaHandler } from '../lambda.js';
import { trackingDomainOutput, trackingDomainPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'TrackingDomainController_healthCheck',
  method: 'POST',
  path: '/api/tracking-domains/{id}/health-check',
  tag: 'deliverability',
  summary: 'Check the tracking domain CNAME now',
  description:
    'Resolves the CNAME: pointing at the tracking host = ACTIVE; pointing elsewhere = FAILED (cname_mismatch); absent = stays PENDING before the first success, FAILED (cname_missing) after.',
  access: 'tenant',
  scope: 'accounts:write',
  input: { path: trackingDomainPath },
  output: trackingDomainOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => healthCheckTrackingDomain(ctx.deps, requireTenant(ctx).table, path.id),
  guidance: (d) =>
    d.status === 'ACTIVE'
      ? {
          next: d.isDefault ? null : 'TrackingDomainController_setDefault',
          why: 'The domain is ACTIVE; make it the default for opens and clicks.',
          check: `POST /api/tracking-domains/${d.id}/default`,
        }
      : {
          next: 'TrackingDomainController_healthCheck',
          why: `Not active yet (${d.reason ?? 'CNAME not found'}): set CNAME ${d.dns.name} -> ${d.dns.value} and check again.`,
        },
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createTrackingDomain } from '../../shared/mailing/tracking-domains/tracking-domains.js';
import { lambdaHandler } from '../lambda.js';
import { trackingDomainOutput } from './schema.js';

export const operation = defineOperation({
  operationId: 'TrackingDomainController_create',
  method: 'POST',
  path: '/api/tracking-domains',
  tag: 'deliverability',
  summary: 'Add a custom tracking domain; returns the CNAME to set',
  description:
    'Body {domain} (e.g. track.example.com). Answers the CNAME record to create (dns.name -> dns.value) with status PENDING. Repeating it for the same domain answers the same item. Max 20 per workspace.',
  access: 'tenant',
  scope: 'accounts:write',
  input: {
    body: z.strictObject({
      domain: z
        .string()
        .trim()
        .toLowerCase()
        .max(253)
        .regex(/^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\.?$/, 'must be a host name like track.example.com'),
    }),
  },
  output: trackingDomainOutput,
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => createTrackingDomain(ctx.deps, requireTenant(ctx).table, body.domain),
  guidance: (d) => ({
    next: 'TrackingDomainController_healthCheck',
    why: `Create CNAME ${d.dns.name} -> ${d.dns.value}, then run the health check.`,
    check: `POST /api/tracking-domains/${d.id}/health-check`,
  }),
});
export const handler = lambdaHandler(operation);

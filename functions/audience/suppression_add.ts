import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { suppress } from '../../shared/crm/audience/suppression.js';
import { lambdaHandler } from '../lambda.js';
import { suppression_addOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'suppression_add',
  method: 'POST',
  path: '/api/suppression',
  tag: 'audience',
  summary: 'Suppress an address or a whole domain',
  description:
    'Body {email} or {domain} (exactly one), source? (unsubscribe | bounce | complaint | manual; default manual), note?. A domain entry also covers its subdomains. ' +
    'Suppressed addresses are never mailed. 201 with the entry; 200 with created:false when it is already suppressed. ' +
    'Erasure (delete me) goes through DsarController_create, which keeps only the hash.',
  output: suppression_addOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    body: z.strictObject({
      email: z.string().trim().min(3).max(254).optional(),
      domain: z.string().trim().min(3).max(253).optional(),
      source: z.enum(['unsubscribe', 'bounce', 'complaint', 'manual']).default('manual'),
      note: z.string().trim().min(1).max(500).optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const entry = await suppress(requireTenant(ctx).table, body, ctx.deps.clock.now());
    return entry.created ? entry : respond(200, entry);
  },
  guidance: () => ({ next: 'suppression_list', why: 'The entry is active at once for every send.' }),
});

export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { addToStopList } from '../../shared/crm/audience/stoplist.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { stoplist_addOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'stoplist_add',
  method: 'POST',
  path: '/api/stop-list',
  tag: 'audience',
  summary: 'Never contact a domain or a company',
  description:
    'Body {domain} or {companyId} (exactly one), note?. A domain covers its subdomains; a company must be one of this workspace (404). ' +
    '201 with the entry; 200 with created:false when it is already listed.',
  output: stoplist_addOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    body: z.strictObject({
      domain: z.string().trim().min(3).max(253).optional(),
      companyId: idSchema.optional(),
      note: z.string().trim().min(1).max(500).optional(),
    }),
  },
  successStatus: 201,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) => {
    const entry = await addToStopList(requireTenant(ctx).table, body, ctx.deps.clock.now());
    return entry.created ? entry : respond(200, entry);
  },
  guidance: () => ({ next: 'stoplist_list', why: 'Campaign screening skips stop-listed domains and companies.' }),
});

export const handler = lambdaHandler(operation);

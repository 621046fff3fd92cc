import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { credit, MAX_CREDIT } from '../../shared/workspace/billing/billing.js';
import { ADMIN_ACCESS_NOTE, adminActor } from '../../shared/workspace/accounts/admin-access.js';
import { lambdaHandler } from '../lambda.js';
import { admin_tenants_creditOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'admin_tenants_credit',
  method: 'POST',
  path: '/admin/api/tenants/{id}/credit',
  tag: 'admin',
  summary: 'Credit a tenant balance (the only top-up path)',
  description:
    `Body {amount, note}: amount in currency units (> 0, up to ${MAX_CREDIT}), note up to 500 characters. Appends a credit entry to the ledger ` +
    `(actor recorded) and answers it with balance_after. Unknown tenant 404. ${ADMIN_ACCESS_NOTE}`,
  output: admin_tenants_creditOutput,
  resources: ['platformTable:write'],
  access: 'admin',
  mcp: false,
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    body: z.strictObject({ amount: z.number().positive().max(MAX_CREDIT), note: z.string().min(1).max(500) }),
  },
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => credit(ctx.deps, path.id, body.amount, body.note, adminActor(ctx)),
});

export const handler = lambdaHandler(operation);

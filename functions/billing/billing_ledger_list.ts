import { z } from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { listLedger } from '../../shared/billing/ledger.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'billing_ledger_list',
  method: 'GET',
  path: '/api/billing/ledger',
  tag: 'billing',
  summary: 'Billing ledger of the workspace (newest first)',
  description:
    'Append-only ledger: {data:[{id, seq, type (charge | credit), operation, quantity, amount (negative for charges), balanceAfter, currency, note, actor, refId, createdAt}], cursor}. ' +
    'Pass the returned cursor to read the next page (limit 1-100, default 50); cursor null means the end.',
  access: 'tenant',
  scope: 'workspace:read',
  input: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().min(1).max(2000).optional(),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listLedger(ctx.deps, requireTenant(ctx).tenantId, { limit: query.limit, cursor: query.cursor }),
  guidance: (r) => (r.cursor ? { next: 'billing_ledger_list', why: 'More entries: call again with cursor.' } : { next: null, why: 'End of the ledger.' }),
});

export const handler = lambdaHandler(operation);

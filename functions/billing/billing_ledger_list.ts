import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listLedger } from '../../shared/workspace/billing/ledger.js';
import { lambdaHandler } from '../lambda.js';
import { billing_ledger_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'billing_ledger_list',
  method: 'GET',
  path: '/api/billing/ledger',
  tag: 'billing',
  summary: 'Billing ledger of the workspace (newest first)',
  description:
    'Append-only ledger: {data:[{id, seq, type (charge | credit), operation, quantity, amount (negative for charges), balanceAfter, currency, note, actor, refId, createdAt}], nextCursor}. ' +
    'Pass the returned cursor to read the next page (pageSize 1-100, default 50); nextCursor null means the end.',
  output: billing_ledger_listOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: {
    query: z.strictObject({
      ...pageQuery(),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => listLedger(ctx.deps, requireTenant(ctx).tenantId, toPage(query)),
  guidance: (r) =>
    r.nextCursor ? { next: 'billing_ledger_list', why: 'More entries: call again with cursor = nextCursor.' } : { next: null, why: 'End of the ledger.' },
});

export const handler = lambdaHandler(operation);

import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { readBalance } from '../../shared/workspace/billing/ledger.js';
import { topUpUrl } from '../../shared/workspace/billing/billing.js';
import { PRICES } from '../../shared/workspace/billing/prices.js';
import { lambdaHandler } from '../lambda.js';
import { billing_balance_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'billing_balance_get',
  method: 'GET',
  path: '/api/billing/balance',
  tag: 'billing',
  summary: 'Balance of the workspace',
  description:
    `Returns {tenantId, balance, currency, updatedAt, topUpUrl}. Paid operations (${Object.keys(PRICES).join(', ')}) ` +
    'debit it and carry `_billing {operation, cost, currency, balance_after}`; when it does not cover a call the answer is 402 insufficient_balance. ' +
    'There is no top-up API: topUpUrl is the dashboard page showing the balance, the ledger and how a top-up is applied.',
  output: billing_balance_getOutput,
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => {
    const tenant = requireTenant(ctx);
    return { tenantId: tenant.tenantId, ...(await readBalance(ctx.deps, tenant.tenantId)), topUpUrl: topUpUrl(ctx.deps, tenant.tenantId) };
  },
  guidance: (r) =>
    r.balance > 0
      ? { next: 'billing_ledger_list', why: 'The ledger shows what was charged and credited.' }
      : { next: null, why: 'The balance is empty: paid operations answer 402 until it is topped up in the dashboard.', check: r.topUpUrl },
});

export const handler = lambdaHandler(operation);

import * as z from 'zod';

/** Success answers of the billing operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const billing_balance_getOutput = z.looseObject({
  tenantId: z.string().describe('Workspace (tenant) id: the `tenant_id` argument / X-Tenant-Id header'),
  balance: z.number(),
  currency: z.string(),
  updatedAt: z.string().nullable().describe('ISO 8601 time of the last change; null before the first credit'),
  topUpUrl: z.string(),
});

export const billing_ledger_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        seq: z.number(),
        type: z.string(),
        operation: z.string(),
        quantity: z.number(),
        amount: z.number(),
        balanceAfter: z.number(),
        currency: z.string(),
        note: z.string().nullable(),
        actor: z.string().nullable(),
        refId: z.string().nullable(),
        createdAt: z.string().describe('ISO 8601 time of creation'),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

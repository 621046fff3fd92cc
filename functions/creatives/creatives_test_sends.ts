import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listTestSends } from '../../shared/mailing/creatives/test-sends.js';
import { lambdaHandler } from '../lambda.js';
import { testSendOutput } from './creatives_test_send.js';
import { creativeIdParam, pageQuery } from './params.js';

export const operation = defineOperation({
  operationId: 'creatives_test_sends',
  method: 'GET',
  path: '/api/creatives/{id}/test-sends',
  tag: 'creatives',
  summary: 'Test sends of a creative with their SMTP answers',
  description: 'Newest first: to, sender account, outcome, smtpCode, smtpResponse, messageId. Query pageSize (1-100), cursor.',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: creativeIdParam, query: z.strictObject(pageQuery) },
  output: z.looseObject({ data: z.array(testSendOutput), pageSize: z.number(), nextCursor: z.string().nullable() }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listTestSends(ctx.deps, requireTenant(ctx).tenantId, path.id, query),
  guidance: (p) => ({ next: 'creatives_test_send', why: `${p.data.length} test sends listed.` }),
});
export const handler = lambdaHandler(operation);

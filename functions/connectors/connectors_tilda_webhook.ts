import * as z from 'zod';
import { handleTildaSubmission, isTildaTest, parseFormPayload } from '../../shared/crm/connectors/tilda.js';
import { resolveConnectorToken } from '../../shared/crm/connectors/tokens.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { lambdaHandler } from '../lambda.js';
import { connectors_tilda_webhookOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'connectors_tilda_webhook',
  method: 'POST',
  path: '/api/connectors/tilda/webhook',
  tag: 'connectors',
  summary: 'Tilda form webhook (inbound)',
  description:
    'Called by Tilda, not by agents: no bearer; the `token` query parameter (from connectors_tokens_create) identifies the workspace. Unknown or revoked token → 401 {statusCode:401, message:"Invalid credentials"}. Body form-encoded or JSON with Name, Email, Phone (also Company, Position, Comments), formid, formname, tranid. `test=test` (Tilda\'s connection check) answers 200 without writing. Otherwise a Contact (reused by email; source kind form) plus a Lead (source form) are created; a repeated tranid returns the first result.',
  output: connectors_tilda_webhookOutput,
  access: 'public',
  mcp: false,
  rawBody: true,
  maxBodyBytes: 64 * 1024,
  resources: ['tenantTables', 'queue:webhooks'],
  input: { query: z.object({ token: z.string().max(200).optional() }) },
  hints: { idempotent: true },
  handler: async ({ query, body }, ctx) => {
    const tenant = await resolveConnectorToken(ctx.deps, 'tilda', query.token);
    const fields = parseFormPayload(String(body ?? ''), ctx.request.headers['content-type']);
    if (isTildaTest(fields)) return { ok: true, test: true };
    return handleTildaSubmission(ctx.deps, tenant, fields);
  },
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { publicPageHeaders, unsubscribe, unsubscribedPage } from '../../shared/mailing/sending/unsubscribe.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'mailing_unsubscribe',
  method: 'POST',
  path: '/u/{token}',
  tag: 'mailing',
  summary: 'One-click unsubscribe (RFC 8058)',
  description:
    "The List-Unsubscribe URL: a POST (body List-Unsubscribe=One-Click, or the confirmation page's button) suppresses the address at once. Idempotent: always 200 for a valid token. Bad token: 404.",
  access: 'public',
  mcp: false,
  contentType: 'text/html',
  rawBody: true,
  maxBodyBytes: 4096,
  input: { path: z.strictObject({ token: z.string().min(1).max(4096) }) },
  resources: ['tenantTables'],
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path }, ctx) => {
    const r = await unsubscribe(ctx.deps, path.token);
    return respond(200, unsubscribedPage(r.email), publicPageHeaders());
  },
});
export const handler = lambdaHandler(operation);

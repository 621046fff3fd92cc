import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { publicPageHeaders, unsubscribePage } from '../../shared/mailing/sending/unsubscribe.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'mailing_unsubscribe_page',
  method: 'GET',
  path: '/u/{token}',
  tag: 'mailing',
  summary: 'Unsubscribe confirmation page (link in every email)',
  description: 'A small HTML page asking to confirm; its button POSTs to the same URL. Nothing changes on GET (link scanners prefetch). Bad token: 404.',
  access: 'public',
  mcp: false,
  contentType: 'text/html',
  input: { path: z.strictObject({ token: z.string().min(1).max(4096) }) },
  resources: ['tenantTables'],
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const action = `${ctx.deps.config.publicBaseUrl}/u/${path.token}`;
    return respond(200, unsubscribePage(ctx.deps, path.token, action), publicPageHeaders(action));
  },
});
export const handler = lambdaHandler(operation);

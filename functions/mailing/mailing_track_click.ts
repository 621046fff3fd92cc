import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { recordClick } from '../../shared/mailing/sending/tracking.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'mailing_track_click',
  method: 'GET',
  path: '/t/c/{token}',
  tag: 'mailing',
  summary: 'Click-tracking redirect',
  description:
    "Counts a click (total, and unique once per recipient) and answers 302 to the link's signed target. The target is inside the signed token, so no open redirect: a bad token is 404.",
  access: 'public',
  mcp: false,
  contentType: 'text/html',
  successStatus: 302,
  input: { path: z.strictObject({ token: z.string().min(1).max(4096) }) },
  resources: ['tenantTables'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path }, ctx) => respond(302, null, { location: await recordClick(ctx.deps, path.token) }),
});
export const handler = lambdaHandler(operation);

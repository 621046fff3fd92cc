import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { PIXEL_GIF, recordOpen } from '../../shared/mailing/sending/tracking.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'mailing_track_open',
  method: 'GET',
  path: '/t/o/{token}',
  tag: 'mailing',
  summary: 'Open-tracking pixel',
  description: 'A 1×1 GIF; a valid signed token counts an open of the task (total, and unique once per recipient). Any token gets the image.',
  access: 'public',
  mcp: false,
  contentType: 'image/gif',
  input: { path: z.strictObject({ token: z.string().min(1).max(4096) }) },
  resources: ['tenantTables'],
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path }, ctx) => {
    await recordOpen(ctx.deps, path.token);
    return respond(200, PIXEL_GIF, { 'content-type': 'image/gif' });
  },
});
export const handler = lambdaHandler(operation);

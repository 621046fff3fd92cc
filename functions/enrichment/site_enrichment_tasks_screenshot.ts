import * as z from 'zod';
import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getTaskRecord } from '../../shared/research/enrichment/run.js';
import { getScreenshot } from '../../shared/research/enrichment/screenshots.js';
import { lambdaHandler } from '../lambda.js';
import { taskIdPath } from './schema.js';

export const operation = defineOperation({
  operationId: 'site_enrichment_tasks_screenshot',
  method: 'GET',
  path: '/api/site-enrichment/tasks/{id}/screenshots/{fileId}',
  tag: 'enrichment',
  summary: 'The home-page screenshot of a saveScreenshot task',
  description:
    'The JPEG (1280×800 viewport, not full page, at most 512 KB) whose fileId an item (`screenshot.fileId`), its raw row (`screenshotFileId`) or the `item_screenshot` event names. Kept 12 h; unknown, expired or another task: 404.',
  access: 'tenant',
  scope: 'crm:read',
  mcp: false,
  contentType: 'image/jpeg',
  resources: ['files'],
  input: { path: taskIdPath.extend({ fileId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const tenant = requireTenant(ctx);
    await getTaskRecord(tenant.table, path.id);
    const file = await getScreenshot(ctx.deps, tenant.tenantId, path.id, path.fileId);
    return respond(200, file.bytes, { 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=3600' });
  },
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { getWipeJob } from '../../shared/workspace/settings/wipe.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { wipeJobOutput } from './SettingsController_deleteAllData.js';

export const operation = defineOperation({
  operationId: 'SettingsController_deleteAllDataStatus',
  method: 'GET',
  path: '/api/settings/delete-all-data/{jobId}',
  tag: 'settings',
  summary: 'Progress of a workspace wipe (SUPER only)',
  description: "queued → running → completed (or failed with error). 404 for another workspace's job.",
  access: 'tenant',
  scope: 'workspace:read',
  input: { path: z.strictObject({ jobId: z.string().min(1).max(64) }) },
  output: wipeJobOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getWipeJob(ctx.deps, requireRole(ctx, 'SUPER').tenantId, path.jobId),
  guidance: (j) =>
    j.status === 'completed'
      ? { next: 'companies_create', why: 'The workspace is empty; the default pipeline was recreated.' }
      : { next: 'SettingsController_deleteAllDataStatus', why: `Wipe ${j.status}.`, check: `GET ${j.statusUrl}` },
});
export const handler = lambdaHandler(operation);

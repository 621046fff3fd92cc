import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { WIPE_CONFIRMATION, WIPE_QUEUE, startWipe } from '../../shared/workspace/settings/wipe.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';

export const wipeJobOutput = z.looseObject({
  jobId: z.string(),
  tenantId: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  statusUrl: z.string().describe('Poll this until completed'),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  kept: z.array(z.string()).describe('What the wipe never touches'),
});

export const operation = defineOperation({
  operationId: 'SettingsController_deleteAllData',
  method: 'POST',
  path: '/api/settings/delete-all-data',
  tag: 'settings',
  summary: 'Irreversibly wipe all workspace data (SUPER only)',
  description: `Body {confirmation: '${WIPE_CONFIRMATION}'}. Answers 202 with a job at once; the workspace's data table (companies, contacts, lists, leads, mailboxes, settings, everything) is then dropped and recreated. The account, memberships, keys, balance and ledger stay. 400 confirmation_required otherwise; 403 below SUPER.`,
  access: 'tenant',
  scope: 'workspace:write',
  resources: ['platformTable:write', `queue:${WIPE_QUEUE}`],
  input: { body: z.strictObject({ confirmation: z.string().max(64).describe(`Exactly '${WIPE_CONFIRMATION}'`) }) },
  output: wipeJobOutput,
  successStatus: 202,
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ body }, ctx) => {
    const tenant = requireRole(ctx, 'SUPER');
    return startWipe(ctx.deps, { tenantId: tenant.tenantId, userId: ctx.principal?.userId ?? '' }, body.confirmation);
  },
  guidance: (j) => ({
    next: 'SettingsController_deleteAllDataStatus',
    why: 'The wipe runs in the background; poll until completed.',
    check: `GET ${j.statusUrl}`,
  }),
});
export const handler = lambdaHandler(operation);

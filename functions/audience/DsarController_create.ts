import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { createDsar, DSAR_TYPES } from '../../shared/crm/audience/dsar.js';
import { lambdaHandler } from '../lambda.js';
import { DsarController_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'DsarController_create',
  method: 'POST',
  path: '/api/dsar',
  tag: 'audience',
  summary: 'Data-subject request: where did you get my address, or delete me',
  description:
    'Body {type: source | erasure, email, note?}, processed at once (201 with the record). source: where every contact holding the address came from. ' +
    'erasure: suppresses the address (by hash, never lifted), then deletes every contact holding it with channels, leads and list memberships.',
  output: DsarController_createOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: { body: z.strictObject({ type: z.enum(DSAR_TYPES), email: z.string().trim().min(3).max(254), note: z.string().trim().min(1).max(1000).optional() }) },
  successStatus: 201,
  hints: { readOnly: false, destructive: true, idempotent: false },
  handler: async ({ body }, ctx) => createDsar(ctx.deps, requireTenant(ctx).table, body),
  guidance: (d) => ({
    next: 'dsar_list',
    why: d.type === 'erasure' ? 'The address is suppressed and its data erased; answer the person.' : 'Answer the person with the recorded sources.',
  }),
});

export const handler = lambdaHandler(operation);

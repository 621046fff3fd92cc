import * as z from 'zod';
import { getSequenceRecord, sequenceView } from '../../shared/mailing/sequences/sequences.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { sequenceOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'sequences_get',
  method: 'GET',
  path: '/api/sequences/{id}',
  tag: 'sequences',
  summary: 'Get one sequence',
  description: 'Steps and enrolment count. 404 when absent.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: z.strictObject({ id: z.string().min(1).max(64) }) },
  output: sequenceOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => sequenceView(await getSequenceRecord(requireTenant(ctx).table, path.id)),
});
export const handler = lambdaHandler(operation);

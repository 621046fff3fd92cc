import * as z from 'zod';
import { enrolmentView, getEnrolmentRecord, getSequenceRecord } from '../../shared/mailing/sequences/sequences.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { enrolmentOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'sequences_enrolments_get',
  method: 'GET',
  path: '/api/sequences/{id}/enrolments/{contactId}',
  tag: 'sequences',
  summary: "Get one contact's enrolment",
  description: 'State, steps, thread and history of one enrolment. 404 when absent.',
  access: 'tenant',
  scope: 'tasks:read',
  input: { path: z.strictObject({ id: z.string().min(1).max(64), contactId: z.string().min(1).max(64) }) },
  output: enrolmentOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    await getSequenceRecord(table, path.id);
    return enrolmentView(await getEnrolmentRecord(table, path.id, path.contactId));
  },
});
export const handler = lambdaHandler(operation);

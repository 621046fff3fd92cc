import * as z from 'zod';
import { pageQuery, toPage } from '../../shared/platform/http/paging.js';
import { ENROLMENT_STATUSES } from '../../shared/mailing/sequences/entities.js';
import { listEnrolments } from '../../shared/mailing/sequences/sequences.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { enrolmentListOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'sequences_enrolments_list',
  method: 'GET',
  path: '/api/sequences/{id}/enrolments',
  tag: 'sequences',
  summary: 'List the enrolments of a sequence',
  description: `Per contact: status (${ENROLMENT_STATUSES.join(', ')}), steps queued, next step and when, why it stopped. Query status, pageSize, cursor.`,
  access: 'tenant',
  scope: 'tasks:read',
  input: {
    path: z.strictObject({ id: z.string().min(1).max(64) }),
    query: z.strictObject({ ...pageQuery(), status: z.enum(ENROLMENT_STATUSES).optional() }),
  },
  output: enrolmentListOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path, query }, ctx) => listEnrolments(requireTenant(ctx).table, path.id, toPage(query)),
});
export const handler = lambdaHandler(operation);

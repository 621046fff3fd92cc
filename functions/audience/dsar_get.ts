import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getDsar } from '../../shared/crm/audience/dsar.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { lambdaHandler } from '../lambda.js';
import { dsar_getOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'dsar_get',
  method: 'GET',
  path: '/api/dsar/{id}',
  tag: 'audience',
  summary: 'Get one data-subject request',
  description: 'The record {id, type, status, emailHash, emailMasked, result, createdAt, completedAt}. 404 when it is not in this workspace.',
  output: dsar_getOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: { path: z.strictObject({ id: idSchema }) },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => getDsar(requireTenant(ctx).table, path.id),
  guidance: () => ({ next: null, why: 'The request is recorded.' }),
});

export const handler = lambdaHandler(operation);

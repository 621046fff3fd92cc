import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { setInterest } from '../../shared/crm/leads/leads.js';
import { idSchema } from '../../shared/crm/leads/schemas.js';
import { INTEREST_LEVELS } from '../../shared/crm/leads/types.js';
import { lambdaHandler } from '../lambda.js';
import { LeadsController_setInterestOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'LeadsController_setInterest',
  method: 'POST',
  path: '/api/leads/{id}/interest',
  tag: 'leads',
  summary: 'Set the interest level of a lead',
  description: `Body {interest: ${INTEREST_LEVELS.join(' | ')}, note?}. Recorded on the lead's timeline. 404 for a lead not in this workspace. Returns the lead.`,
  output: LeadsController_setInterestOutput,
  access: 'tenant',
  scope: 'crm:write',
  input: {
    path: z.strictObject({ id: idSchema }),
    body: z.strictObject({ interest: z.enum(INTEREST_LEVELS), note: z.string().trim().min(1).max(2000).optional() }),
  },
  hints: { readOnly: false, idempotent: true },
  handler: async ({ path, body }, ctx) => setInterest(ctx.deps, requireTenant(ctx), path.id, body.interest, body.note),
  guidance: (l) => ({ next: 'LeadsController_move', why: `Interest is ${l.interest}; move the lead when it progresses.` }),
});

export const handler = lambdaHandler(operation);

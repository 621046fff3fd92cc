import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requirePrincipal, requireTenant } from '../../shared/platform/runtime/context.js';
import { badRequest } from '../../shared/platform/errors.js';
import { addMemory } from '../../shared/mailing/briefs/briefs.js';
import { MEMORY_KINDS } from '../../shared/mailing/briefs/schema.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam } from './shared.js';

export const operation = defineOperation({
  operationId: 'BriefMemoryController_create',
  method: 'POST',
  path: '/api/briefs/{id}/memory',
  tag: 'briefs',
  summary: 'Add a memory entry to a brief',
  description:
    'Body {kind: DECISION|OBSERVATION|QUESTION|REJECTED (rejected proposal)|NOISE (noise finding), text, why?, path?}. `why` is required for DECISION and REJECTED (400).',
  access: 'tenant',
  scope: 'creatives:write',
  input: {
    path: briefIdParam,
    body: z.strictObject({
      kind: z.enum(MEMORY_KINDS),
      text: z.string().trim().min(1).max(5000),
      why: z.string().trim().min(1).max(5000).optional(),
      path: z.string().max(300).optional(),
    }),
  },
  output: z.looseObject({
    id: z.string(),
    briefId: z.string(),
    kind: z.enum(MEMORY_KINDS),
    text: z.string(),
    why: z.string().nullable(),
    path: z.string().nullable(),
    by: z.string().describe('The user who wrote the entry'),
    createdAt: z.string(),
  }),
  successStatus: 201,
  hints: { readOnly: false, idempotent: false },
  handler: async ({ path, body }, ctx) => {
    if ((body.kind === 'DECISION' || body.kind === 'REJECTED') && !body.why) throw badRequest([`why should not be empty for ${body.kind}`]);
    return addMemory(requireTenant(ctx).table, path.id, body, ctx.deps.clock.now(), requirePrincipal(ctx).userId ?? 'unknown');
  },
  guidance: (m) => ({ next: m.kind === 'QUESTION' ? 'briefs_expert' : 'briefs_get', why: `${m.kind} recorded.` }),
});
export const handler = lambdaHandler(operation);

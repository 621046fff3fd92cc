import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { getBrief, listMemory } from '../../shared/mailing/briefs/briefs.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam, briefOutput } from './shared.js';

export const operation = defineOperation({
  operationId: 'briefs_get',
  method: 'GET',
  path: '/api/briefs/{id}',
  tag: 'briefs',
  summary: 'Get a brief with its memory',
  description: 'The brief (content, variables, locks, revision) and its newest 100 memory entries. 404 for an unknown id.',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: briefIdParam },
  output: briefOutput.extend({ memory: z.array(z.looseObject({ id: z.string(), kind: z.string(), text: z.string(), why: z.string().nullable() })) }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    const brief = await getBrief(table, path.id);
    return { ...brief, memory: (await listMemory(table, path.id)) as { id: string; kind: string; text: string; why: string | null }[] };
  },
  guidance: (b) => ({ next: 'briefs_expert', why: `Revision ${b.revision}; review it for gaps.` }),
});
export const handler = lambdaHandler(operation);

import * as z from 'zod';
import { defineOperation } from '../../shared/registry/operation.js';
import { requireTenant } from '../../shared/runtime/context.js';
import { getBrief, listMemory } from '../../shared/briefs/briefs.js';
import { reviewBrief } from '../../shared/briefs/expert.js';
import { lambdaHandler } from '../lambda.js';
import { briefIdParam } from './shared.js';

export const operation = defineOperation({
  operationId: 'briefs_expert',
  method: 'POST',
  path: '/api/briefs/{id}/expert',
  tag: 'briefs',
  summary: 'Review a brief: what is missing or contradictory',
  description:
    'Structured findings {path, kind: missing|contradiction|weak|open_question, severity, message, suggestion}; open QUESTION memory entries are listed too. Read-only.',
  access: 'tenant',
  scope: 'creatives:read',
  input: { path: briefIdParam },
  output: z.looseObject({
    briefId: z.string(),
    revision: z.number(),
    ready: z.boolean().describe('True when no high-severity finding remains'),
    findings: z.array(
      z.looseObject({ path: z.string(), kind: z.string(), severity: z.enum(['high', 'medium', 'low']), message: z.string(), suggestion: z.string() }),
    ),
  }),
  hints: { readOnly: true, idempotent: true },
  handler: async ({ path }, ctx) => {
    const table = requireTenant(ctx).table;
    const brief = await getBrief(table, path.id);
    const findings = reviewBrief(brief, (await listMemory(table, path.id)) as { kind: string; text: string; path?: unknown }[]);
    return { briefId: brief.id, revision: brief.revision, ready: !findings.some((f) => f.severity === 'high'), findings };
  },
  guidance: (r) =>
    r.ready
      ? { next: 'creatives_create', why: 'The brief is complete enough; write the creative with briefId.' }
      : { next: 'BriefsController_updateContent', why: `${r.findings.length} findings; fix the high-severity ones first.` },
});
export const handler = lambdaHandler(operation);

import { defineOperation } from '../../shared/platform/registry/operation.js';
import { profileOf } from '../../shared/workspace/identity/profile.js';
import { requirePrincipal } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { v1_meOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'v1_me',
  method: 'GET',
  path: '/v1/me',
  tag: 'identity',
  summary: 'Profile and quota of the calling key',
  description:
    'Returns flow, email, scope (sandbox | pending | approved), moderation_status and the monthly quota {monthly, used, remaining, resets_at}. ' +
    'Works for every issued key, including one whose full-account registration is still pending (then `state` tells the registration step).',
  output: v1_meOutput,
  access: 'identity',
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => profileOf(ctx.deps, requirePrincipal(ctx)),
  guidance: (p) =>
    p.scope === 'pending'
      ? { next: null, why: `Registration is ${p.state}: follow the emailed links; an admin approves last.` }
      : p.quota.remaining === 0
        ? { next: null, why: `Quota spent until ${p.quota.resets_at}.` }
        : { next: p.scope === 'sandbox' ? 'v1_messages_send' : 'pipelines_list', why: 'The key works; continue with the outreach order.' },
});

export const handler = lambdaHandler(operation);

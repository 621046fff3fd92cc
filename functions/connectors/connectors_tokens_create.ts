import * as z from 'zod';
import { createConnectorToken } from '../../shared/crm/connectors/tokens.js';
import { FORM_CONNECTORS } from '../../shared/crm/connectors/entities.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { lambdaHandler } from '../lambda.js';
import { connectors_tokens_createOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'connectors_tokens_create',
  method: 'POST',
  path: '/api/connectors/tokens',
  tag: 'connectors',
  summary: 'Issue a form-builder connector token',
  description:
    'Body {connector: "tilda", name?}. Answers 201 with `token` (svc_ct_…, shown only now; stored as a SHA-256 hash) and `webhookUrl` — paste it into Tilda (Site settings → Forms → Webhook). Each submission becomes a Contact (source kind form) plus a Lead in the default pipeline. Revoke with connectors_tokens_revoke.',
  output: connectors_tokens_createOutput,
  resources: ['platformTable:write'],
  access: 'tenant',
  scope: 'webhooks:write',
  input: { body: z.strictObject({ connector: z.enum(FORM_CONNECTORS), name: z.string().trim().min(1).max(100).optional() }) },
  successStatus: 201,
  hints: { idempotent: false },
  handler: async ({ body }, ctx) => createConnectorToken(ctx.deps, requireTenant(ctx), body),
  guidance: () => ({ next: 'connectors_tokens_list', why: 'Keep the token safe; it is not shown again. The list shows when it was last used.' }),
});
export const handler = lambdaHandler(operation);

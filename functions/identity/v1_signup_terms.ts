import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { getDocument } from '../../shared/workspace/legal/documents-service.js';
import { wantsHtml } from '../../shared/workspace/accounts/link-response.js';
import { linkPage } from '../../shared/workspace/accounts/mail.js';
import { lambdaHandler } from '../lambda.js';
import { v1_signup_termsOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'v1_signup_terms',
  method: 'GET',
  path: '/v1/signup/terms',
  tag: 'identity',
  summary: 'The Terms of Service a full-account registration accepts',
  description:
    'Public (a pending registration has no /api access): the current `terms` document {key, title, version, effectiveDate, summary, body (Markdown), format}. ' +
    'Opening the emailed terms-acceptance link accepts exactly this version. Browsers get a page.',
  output: v1_signup_termsOutput,
  access: 'public',
  mcp: false,
  input: {},
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => {
    const doc = getDocument('terms');
    if (!wantsHtml(ctx)) return doc;
    return respond(200, linkPage(`${doc.title} (version ${doc.version})`, [doc.summary, ...doc.body.split(/\n{2,}/)]), {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  },
});

export const handler = lambdaHandler(operation);

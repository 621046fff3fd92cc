import { defineOperation, respond } from '../../shared/platform/registry/operation.js';
import { logout } from '../../shared/workspace/accounts-register/login.js';
import { lambdaHandler } from '../lambda.js';

export const operation = defineOperation({
  operationId: 'auth_logout',
  method: 'POST',
  path: '/api/auth/logout',
  tag: 'auth',
  summary: 'Log out (end the session, clear the cookie)',
  description: 'Ends the session of the svc_session cookie, if any, and clears the cookie. Always 204; API keys are not affected.',
  resources: ['platformTable:write'],
  access: 'public',
  mcp: false,
  input: {},
  successStatus: 204,
  hints: { readOnly: false, idempotent: true },
  handler: async (_input, ctx) => {
    const { cookie } = await logout(ctx.deps, ctx.request.cookies);
    return respond(204, null, {}, [cookie]);
  },
});

export const handler = lambdaHandler(operation);

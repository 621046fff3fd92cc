import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CONSOLE_HTML, CONSOLE_JS } from './console-assets.js';
import { BILLING_HTML, BILLING_JS } from './billing-assets.js';

const SECURITY = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

const HTML = 'text/html';
const SCRIPT = 'text/javascript';
const PAGES: Record<string, { type: string; body: string }> = {
  '/console': { type: HTML, body: CONSOLE_HTML },
  '/console/app.js': { type: SCRIPT, body: CONSOLE_JS },
  '/console/billing': { type: HTML, body: BILLING_HTML },
  '/console/billing.js': { type: SCRIPT, body: BILLING_JS },
};

/**
 * The console Lambda (its own function and routes `GET /console`, `GET /console/{proxy+}` in CDK; mounted
 * at /console locally). It only serves pages: the admin console (data through the admin API with the
 * admin's bearer) and the workspace billing page `/console/billing` (data through /api/billing/* with
 * the user's session or key). It holds no secret and logs nothing.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = (event.rawPath ?? '/console').replace(/\/+$/, '') || '/console';
  if (method !== 'GET' && method !== 'HEAD') return { statusCode: 405, headers: { ...SECURITY, allow: 'GET, HEAD' }, body: '' };
  const page = PAGES[path];
  if (page) return { statusCode: 200, headers: { ...SECURITY, 'content-type': `${page.type}; charset=utf-8` }, body: page.body };
  return {
    statusCode: 404,
    headers: { ...SECURITY, 'content-type': 'application/json' },
    body: JSON.stringify({ statusCode: 404, message: 'Not found', error: 'Not Found' }),
  };
}

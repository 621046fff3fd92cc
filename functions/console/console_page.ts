import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { CONSOLE_HTML, CONSOLE_JS } from './console-assets.js';

const SECURITY = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

/**
 * The console Lambda (its own function and routes `GET /console`, `GET /console/{proxy+}` in CDK; mounted
 * at /console locally). It only serves the page; all data goes through the admin API with the admin's
 * bearer, so the console holds no secret and logs nothing.
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = (event.rawPath ?? '/console').replace(/\/+$/, '') || '/console';
  if (method !== 'GET' && method !== 'HEAD') return { statusCode: 405, headers: { ...SECURITY, allow: 'GET, HEAD' }, body: '' };
  if (path === '/console') return { statusCode: 200, headers: { ...SECURITY, 'content-type': 'text/html; charset=utf-8' }, body: CONSOLE_HTML };
  if (path === '/console/app.js') return { statusCode: 200, headers: { ...SECURITY, 'content-type': 'text/javascript; charset=utf-8' }, body: CONSOLE_JS };
  return { statusCode: 404, headers: { ...SECURITY, 'content-type': 'application/json' }, body: JSON.stringify({ statusCode: 404, message: 'Not found', error: 'Not Found' }) };
}

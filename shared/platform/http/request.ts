import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RequestInfo } from '../runtime/context.js';
import type { Config } from '../runtime/config.js';

/** Reads what the pipeline needs from an API Gateway HTTP API v2 event. */
export function requestFromEvent(event: APIGatewayProxyEventV2, config: Config, channel: RequestInfo['channel'] = 'http'): RequestInfo {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(event.headers ?? {})) if (v !== undefined) headers[k.toLowerCase()] = v;
  const cookies: Record<string, string> = {};
  const cookieLines = event.cookies ?? (headers.cookie ? headers.cookie.split(';') : []);
  for (const c of cookieLines) {
    const i = c.indexOf('=');
    if (i <= 0) continue;
    const value = decodeCookieValue(c.slice(i + 1).trim());
    if (value !== undefined) cookies[c.slice(0, i).trim()] = value;
  }
  const rawBody = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  return {
    requestId: event.requestContext?.requestId ?? cryptoId(),
    method: event.requestContext?.http?.method ?? 'GET',
    path: event.rawPath ?? event.requestContext?.http?.path ?? '/',
    ip: clientAddress(event, headers, config),
    headers,
    cookies,
    rawBody,
    channel,
  };
}

function clientAddress(event: APIGatewayProxyEventV2, headers: Record<string, string>, config: Config) {
  if (config.trustProxy && headers['x-forwarded-for']) return headers['x-forwarded-for'].split(',')[0].trim();
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

/** A cookie value that is not valid percent-encoding is treated as absent (never a 500 for every route). */
function decodeCookieValue(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const cryptoId = () => globalThis.crypto.randomUUID();

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
    if (i > 0) cookies[c.slice(0, i).trim()] = decodeURIComponent(c.slice(i + 1).trim());
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

const cryptoId = () => globalThis.crypto.randomUUID();

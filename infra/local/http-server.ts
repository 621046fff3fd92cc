import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { storeOutageOutcome, toHttp } from '../../shared/platform/http/pipeline.js';
import type { Router } from './router.js';

/**
 * Turns HTTP requests into API Gateway HTTP API v2 events and writes the Lambda results back, so
 * the local runtime runs exactly the deployed handlers. Bodies over the route's cap get 413 before
 * any handler runs, as the edge proxy does.
 */
export function createLocalHttpServer(router: Router, opts: { onError?: (e: unknown) => void } = {}) {
  const server = http.createServer(async (req, res) => {
    try {
      const url = requestTarget(req.url);
      const method = (req.method ?? 'GET').toUpperCase();
      const found = url && router.match(method, url.pathname);
      if (!url || !found) {
        req.resume();
        return send(res, {
          statusCode: 404,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ statusCode: 404, message: `Cannot ${method} ${url?.pathname ?? '(invalid target)'}`, error: 'Not Found' }),
        });
      }
      const cap = found.route.maxBodyBytes;
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > cap) return tooLarge(req, res, cap);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size > cap) return tooLarge(req, res, cap);
        chunks.push(chunk as Buffer);
      }
      const event = toEvent(req, url, method, found.route.routeKey, found.params, Buffer.concat(chunks));
      send(res, await found.route.handler(event));
    } catch (e) {
      const outage = storeOutageOutcome(e);
      if (outage && !res.headersSent) return send(res, toHttp(outage));
      opts.onError?.(e);
      if (!res.headersSent)
        send(res, {
          statusCode: 500,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }),
        });
    }
  });
  // A client reuses an idle kept-alive socket until its own idle timeout (fetch/undici: 4 s, agents often
  // longer). A server that closes first (Node's default is 5 s, and a busy event loop blurs the gap)
  // races a request already written on that socket, which the client sees as ECONNRESET. The server
  // outlives every usual client timeout, as a load balancer does (60 s+); stop() closes them all.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * The request target is a path only: `new URL('//x/_local/outbox', base)` would read `x` as a host and
 * route `/_local/outbox`, so the path is appended to a fixed origin instead (`//x/…` stays a path and
 * matches no route). Anything but origin-form (`/…`) is answered 404.
 */
function requestTarget(target = '/'): URL | undefined {
  if (!target.startsWith('/')) return undefined;
  try {
    return new URL(`http://local${target}`);
  } catch {
    return undefined;
  }
}

function tooLarge(req: http.IncomingMessage, res: http.ServerResponse, cap: number) {
  send(res, {
    statusCode: 413,
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ statusCode: 413, message: `Request body exceeds ${cap} bytes`, error: 'Payload Too Large' }),
  });
  req.destroy();
}

function toEvent(
  req: http.IncomingMessage,
  url: URL,
  method: string,
  routeKey: string,
  pathParameters: Record<string, string>,
  body: Buffer,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && k !== 'cookie') headers[k] = Array.isArray(v) ? v.join(',') : v;
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies: req.headers.cookie
      ? req.headers.cookie
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean)
      : undefined,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: normalizeIp(req.socket.remoteAddress),
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    body: body.length ? body.toString('utf8') : undefined,
    isBase64Encoded: false,
  };
}

const normalizeIp = (ip?: string) => (ip?.startsWith('::ffff:') ? ip.slice(7) : (ip ?? 'unknown'));

function send(res: http.ServerResponse, r: APIGatewayProxyStructuredResultV2) {
  const headers: Record<string, string | string[]> = { ...(r.headers as Record<string, string>) };
  if (r.cookies?.length) headers['set-cookie'] = r.cookies;
  res.writeHead(r.statusCode ?? 200, headers);
  res.end(r.body === undefined ? undefined : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body);
}

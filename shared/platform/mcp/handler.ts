import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { INVALID_CREDENTIALS, isAppError } from '../errors.js';
import { v1Zone } from '../http/edge.js';
import { refuseForeignCookieWrite, SESSION_COOKIE } from '../http/cookie-origin.js';
import { storeOutageOutcome, toHttp } from '../http/pipeline.js';
import { requestFromEvent } from '../http/request.js';
import { limits } from '../limits/limits.js';
import { log } from '../runtime/logger.js';
import type { RequestInfo } from '../runtime/context.js';
import type { Deps } from '../runtime/deps.js';
import type { Principal } from '../runtime/principal.js';
import { createMcpServer } from './server.js';
import type { ToolCatalog } from './catalog.js';
import { TOOLSETS_HEADER, selectToolsets } from './toolsets.js';

export interface McpHandlerOptions {
  deps: () => Promise<Deps>;
  /** The tools: build-time entries and one operation loaded per call in AWS, the loaded registry locally. */
  catalog: ToolCatalog;
}

/**
 * The MCP endpoint as a Lambda handler over an API Gateway v2 / function URL event: the local runtime
 * mounts it at `/mcp`, AWS runs it behind its own function URL. Stateless Streamable HTTP with JSON
 * responses: POST only, a fresh server and transport per request.
 *
 * Credentials are checked once per MCP request. None at all: an anonymous caller, who sees and may
 * call only public tools (others answer the HTTP 401 body as a tool error), so an agent can discover
 * the service and sign up over MCP. Credentials that do not authenticate (malformed, unknown or
 * revoked key, stale session): HTTP 401 with the spec body for the whole MCP request, counted in the
 * /v1/* zone like every repeated 401, so a client fails fast and a key cannot be probed via tools/list.
 */
export function createMcpHandler(opts: McpHandlerOptions) {
  return async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const method = event.requestContext?.http?.method ?? 'POST';
    if (method !== 'POST') {
      return {
        statusCode: 405,
        headers: { allow: 'POST', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: stateless server, POST only.' }, id: null }),
      };
    }
    const deps = await opts.deps();
    const request = requestFromEvent(event, deps.config, 'mcp');
    try {
      refuseForeignCookieWrite(deps.config, request);
    } catch (e) {
      if (isAppError(e)) return toHttp({ status: e.status, body: e.body, headers: e.headers, cookies: [] });
      throw e;
    }
    let principal: Principal | undefined;
    if (hasCredentials(request)) {
      try {
        principal = await deps.access.authenticate(deps, request);
      } catch (e) {
        // The store cannot tell whether the key is valid: 503 with Retry-After, as every other entry answers.
        const outage = storeOutageOutcome(e);
        if (outage) return toHttp(outage);
        if (!isAppError(e) || e.status !== 401) throw e;
        try {
          await v1Zone(deps, request);
        } catch (limited) {
          if (isAppError(limited)) return toHttp({ status: limited.status, body: limited.body, headers: limited.headers, cookies: [] });
          const limitOutage = storeOutageOutcome(limited);
          if (limitOutage) return toHttp(limitOutage);
          throw limited;
        }
        return toHttp({ status: 401, body: { ...INVALID_CREDENTIALS }, headers: { 'www-authenticate': 'Bearer realm="svc"' }, cookies: [] });
      }
    }
    let toolsets: ReturnType<typeof selectToolsets>;
    try {
      toolsets = selectToolsets(new URLSearchParams(event.rawQueryString ?? '').get('toolsets') ?? undefined, request.headers[TOOLSETS_HEADER]);
    } catch (e) {
      if (isAppError(e)) return toHttp({ status: e.status, body: e.body, headers: e.headers, cookies: [] });
      throw e;
    }
    const server = createMcpServer(deps, opts.catalog, {
      event,
      principal,
      toolsets,
      guidance: request.headers['x-service-guidance']?.trim().toLowerCase() !== 'off',
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: limits().apiBodyBytes,
    });
    transport.onerror = (e) => log.error('mcp transport error', { message: e.message });
    try {
      await server.connect(transport);
      const res = await transport.handleRequest(toWebRequest(event, request));
      const text = await res.text();
      const headers: Record<string, string> = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
      res.headers.forEach((v, k) => (headers[k] = v));
      return { statusCode: res.status, headers, body: text === '' ? undefined : text };
    } finally {
      await transport.close().catch(() => undefined);
      await server.close().catch(() => undefined);
    }
  };
}

const hasCredentials = (r: RequestInfo) => r.headers.authorization !== undefined || Boolean(r.cookies[SESSION_COOKIE]);

function toWebRequest(event: APIGatewayProxyEventV2, request: RequestInfo) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) if (k !== 'content-length') headers.set(k, v);
  const url = `http://mcp.local${event.rawPath ?? '/'}${event.rawQueryString ? `?${event.rawQueryString}` : ''}`;
  return new Request(url, { method: 'POST', headers, body: request.rawBody });
}

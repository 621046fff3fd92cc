import type { AnyOperation } from './operation.js';
import { pathParams } from './operation.js';
import { jsonSchemaOf } from './json-schema.js';

const ERROR = { $ref: '#/components/schemas/Error' };

/** The `paths` of the OpenAPI document: the part derived from the registry (computed at build time for Lambda). */
export type OpenApiPaths = Record<string, Record<string, unknown>>;

/** OpenAPI 3.1 document derived from the registry; nothing in it is written by hand. */
export function buildOpenApi(operations: AnyOperation[], serverUrl: string) {
  return openApiDocument(openApiPaths(operations), serverUrl);
}

export function openApiPaths(operations: AnyOperation[]): OpenApiPaths {
  const paths: OpenApiPaths = {};
  for (const op of operations) {
    if (op.localOnly) continue;
    const parameters: unknown[] = [];
    const pathShape = op.input.path ? (jsonSchemaOf(op.input.path).properties as Record<string, unknown>) : {};
    for (const name of pathParams(op.path)) parameters.push({ name, in: 'path', required: true, schema: pathShape?.[name] ?? { type: 'string' } });
    if (op.input.query) {
      const q = jsonSchemaOf(op.input.query);
      const required = new Set((q.required as string[]) ?? []);
      for (const [name, schema] of Object.entries((q.properties as Record<string, unknown>) ?? {}))
        parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
    if (op.access === 'tenant')
      parameters.push({ name: 'X-Tenant-Id', in: 'header', required: false, schema: { type: 'string' }, description: 'Tenant to act in (default: your own).' });
    const responses: Record<string, unknown> = {
      [String(op.successStatus ?? 200)]: successResponse(op),
      '400': { description: 'Validation error', content: { 'application/json': { schema: ERROR } } },
    };
    if (op.access !== 'public')
      responses['401'] = { description: 'Invalid credentials', content: { 'application/json': { schema: { $ref: '#/components/schemas/Unauthorized' } } } };
    if (op.access === 'tenant') {
      responses['403'] = { description: 'Missing scope or account not active', content: { 'application/json': { schema: ERROR } } };
      responses['404'] = { description: 'Not found (including objects of other tenants)', content: { 'application/json': { schema: ERROR } } };
    }
    if (op.billing) responses['402'] = { description: 'insufficient_balance with topUpUrl', content: { 'application/json': { schema: ERROR } } };
    responses['429'] = { description: 'Rate limited' };
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      ...(op.access === 'public' ? { security: [] } : {}),
      ...(op.scope ? { 'x-scope': op.scope } : {}),
      'x-access': op.access,
      ...(op.billing ? { 'x-billing': op.billing } : {}),
      ...(op.mcp === false ? {} : { 'x-mcp-tool': `svc_${op.operationId}` }),
      ...(parameters.length ? { parameters } : {}),
      ...(op.input.body && !op.rawBody ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.input.body) } } } } : {}),
      responses,
    };
  }
  return paths;
}

/** The whole document from its registry-derived paths and the server URL (known only at run time). */
export function openApiDocument(paths: OpenApiPaths, serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'svc outbound CRM and mailing API',
      version: '1.0.0',
      description: 'Every operation is also an MCP tool `svc_<operationId>`; see /.well-known/agent-card.json.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'svc_pk_ API key' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'svc_session' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            statusCode: { type: 'integer' },
            message: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
            code: { type: 'string' },
          },
        },
        Unauthorized: {
          type: 'object',
          properties: { statusCode: { const: 401 }, message: { const: 'Invalid credentials' } },
          required: ['statusCode', 'message'],
        },
      },
    },
    paths,
  };
}

/** The success answer: the operation's output schema, or its declared non-JSON media type. */
function successResponse(op: AnyOperation) {
  if ((op.successStatus ?? 200) === 204) return { description: 'No content' };
  if (op.contentType) return { description: 'Success', content: { [op.contentType]: { schema: { type: 'string' } } } };
  return { description: 'Success', content: { 'application/json': { schema: op.output ? jsonSchemaOf(op.output, 'output') : { type: 'object' } } } };
}

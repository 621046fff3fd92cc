import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import { cachedToolDefinition, isMcpTool } from '../../shared/platform/mcp/tools.js';
import { client, startTestRuntime } from '../support/runtime.js';

/**
 * Output schemas reach the published contract: every operation that answers JSON documents its
 * success body (with properties) in GET /openapi.json, and its MCP tool carries the same shape as
 * outputSchema. That real answers match them is checked by every e2e suite (SVC_CONTRACT_CHECKS).
 */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

/** `required` keyword arrays anywhere in a schema (a property may itself be named "required"). */
const requiredLists = (v: unknown): unknown[] =>
  !v || typeof v !== 'object' ? [] : Object.entries(v).flatMap(([k, x]) => (k === 'required' && Array.isArray(x) ? [x] : requiredLists(x)));

const answersJson = (op: (typeof operations)[number]) => !op.localOnly && !op.contentType && (op.successStatus ?? 200) !== 204;

describe('output schemas in OpenAPI and MCP', () => {
  it('GET /openapi.json has a success schema with properties for every JSON-answering operation', async () => {
    const doc = (await client(rt.url).get('/openapi.json')).body;
    const missing: string[] = [];
    for (const op of operations.filter(answersJson)) {
      const entry = doc.paths[op.path][op.method.toLowerCase()];
      const schema = entry.responses[String(op.successStatus ?? 200)]?.content?.['application/json']?.schema;
      // A spec-mandated array answer (site_enrichment_tasks_reason_summary) documents its items' properties.
      const shape = schema?.type === 'array' ? schema.items : schema;
      if (!shape || Object.keys(shape.properties ?? {}).length === 0) missing.push(op.operationId);
    }
    expect(missing).toEqual([]);
  });

  it('documents a field description where the schema gives one, and no content for 204', async () => {
    const doc = (await client(rt.url).get('/openapi.json')).body;
    const list = doc.paths['/api/companies'].get.responses['200'].content['application/json'].schema;
    expect(list.properties.nextCursor.description).toMatch(/cursor/i);
    expect(doc.paths['/api/auth/logout'].post.responses['204']).toEqual({ description: 'No content' });
  });

  it('gives every MCP tool of a JSON-answering operation an object outputSchema that never requires a field', () => {
    for (const op of operations.filter((o) => answersJson(o) && isMcpTool(o))) {
      const out = cachedToolDefinition(op).outputSchema;
      expect(out?.type, op.operationId).toBe('object');
      expect(requiredLists(out), op.operationId).toEqual([]);
    }
  });
});

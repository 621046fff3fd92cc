import { existsSync } from 'node:fs';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { describe, expect, it } from 'vitest';
import { operationEntry, operations } from '../../functions/registry.js';
import { registryRouter } from '../../infra/local/runtime.js';
import { buildAgentCard } from '../../shared/platform/registry/agent-card.js';
import { buildOpenApi } from '../../shared/platform/registry/openapi.js';
import { pathParams } from '../../shared/platform/registry/operation.js';
import { SCOPES } from '../../shared/platform/registry/scopes.js';

const deployable = operations.filter((op) => !op.localOnly);
const samplePath = (path: string) => path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, n) => `sample-${n}`);

describe('operation registry contract', () => {
  it('has unique operationIds and unique method + path pairs', () => {
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(operations.length);
  });

  it('keeps each operation in functions/<tag>/<operationId>.ts, exporting the same definition and a Lambda handler', async () => {
    for (const op of operations) {
      const file = operationEntry(op);
      expect(existsSync(file), file).toBe(true);
      const mod = await import(/* @vite-ignore */ `../../${file}`);
      expect(mod.operation, file).toBe(op);
      expect(typeof mod.handler, file).toBe('function');
    }
  });

  it('keeps an operation named after a domain folder in that folder (dialogs_outbox_skip is not a campaigns file)', () => {
    const folders = new Set(operations.map((op) => op.tag));
    for (const op of operations) {
      const domain = [...folders].filter((f) => op.operationId.startsWith(`${f}_`)).sort((a, b) => b.length - a.length)[0];
      if (domain) expect(operationEntry(op), op.operationId).toBe(`functions/${domain}/${op.operationId}.ts`);
    }
  });

  it('gives every tenant operation a scope from the catalogue', () => {
    for (const op of operations.filter((o) => o.access === 'tenant')) expect(Object.keys(SCOPES), op.operationId).toContain(op.scope);
  });

  it('routes every operation locally, path parameters included', () => {
    const router = registryRouter({} as Deps);
    for (const op of operations) {
      const found = router.match(op.method, samplePath(op.path));
      expect(found?.route.routeKey, op.operationId).toBe(`${op.method} ${op.path}`);
      for (const p of pathParams(op.path)) expect(found!.params[p]).toBe(`sample-${p}`);
    }
  });

  it('puts exactly the deployable operations in OpenAPI 3.1, with their scope and MCP tool', () => {
    const doc = buildOpenApi(operations, 'http://x');
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, o]) => ({ key: `${m.toUpperCase()} ${path}`, o: o as Record<string, unknown> })),
    );
    expect(documented.map((d) => d.key).sort()).toEqual(deployable.map((op) => `${op.method} ${op.path}`).sort());
    for (const op of deployable) {
      const entry = (doc.paths[op.path] as Record<string, Record<string, unknown>>)[op.method.toLowerCase()];
      expect(entry.operationId).toBe(op.operationId);
      expect(entry['x-scope']).toBe(op.scope);
      for (const p of pathParams(op.path)) expect((entry.parameters as { name: string }[]).map((x) => x.name)).toContain(p);
    }
  });

  it('lists every /api/* capability with its scope in the agent card (version 1.0.0)', () => {
    const card = buildAgentCard(operations, 'http://x');
    expect(card.version).toBe('1.0.0');
    const api = deployable.filter((op) => op.path.startsWith('/api/'));
    expect(card.capabilities.map((c) => c.operationId).sort()).toEqual(api.map((op) => op.operationId).sort());
    for (const c of card.capabilities) expect(c.scope).toBe(operations.find((o) => o.operationId === c.operationId)!.scope ?? null);
  });

  it('serves the same documents over HTTP as it derives here', async () => {
    const { startTestRuntime, client } = await import('../support/runtime.js');
    const rt = await startTestRuntime();
    try {
      const http = client(rt.url);
      const [card, openapi] = await Promise.all([http.get('/.well-known/agent-card.json'), http.get('/openapi.json')]);
      expect(card.body).toEqual(JSON.parse(JSON.stringify(buildAgentCard(operations, rt.url))));
      expect(openapi.body).toEqual(JSON.parse(JSON.stringify(buildOpenApi(operations, rt.url))));
    } finally {
      await rt.stop();
    }
  });
});

import type { AnyOperation } from '../../shared/platform/registry/operation.js';

/**
 * The operation behind an MCP tool, loaded on the tool's first call. From source (the local runtime,
 * tests) it is the registry's. In the MCP function's bundle the build (infra/aws/mcp-bundle.ts)
 * replaces this module with one `import()` per operation file, so each operation, with the libraries
 * only it needs, is a chunk of its own that a cold start does not read.
 */
export async function loadOperation(operationId: string): Promise<AnyOperation | undefined> {
  const { operationById } = await import('../registry.js');
  return operationById.get(operationId);
}

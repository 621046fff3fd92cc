import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { operationEntry, operations } from '../../functions/registry.js';
import { toolEntry } from '../../shared/platform/mcp/catalog.js';
import { MCP_TOOLS_FILE } from '../../shared/platform/mcp/catalog-file.js';
import { isMcpTool } from '../../shared/platform/mcp/tools.js';
import { emitBesideBundle, lambdaEsbuildOptions } from './bundling.js';
import { mcpResources } from './mcp.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const MCP_ENTRY = 'functions/mcp/mcp.ts';
const OPERATION_MODULES = path.join(ROOT, 'functions/mcp/operation-modules.ts');

/**
 * The MCP function's build. Unlike an operation's Lambda (one file, CDK's NodejsFunction) it is split
 * (ESM, `splitting`): the entry and the chunks it imports statically are the MCP server, the pipeline
 * and the composition root, loaded at a cold start; each operation the function may run is a chunk
 * reached by one `import()` (the generated operation-modules.ts below), read at its first call, and
 * libraries shared by several operations are chunks of their own. Every file lands flat in `outdir`,
 * so `import.meta.url` of any chunk finds the data written beside the entry: the discovery data
 * (card, OpenAPI, guide) and the catalogue entries tools/list answers from (MCP_TOOLS_FILE).
 *
 * Used by CDK (infra/aws/mcp.ts, `node --import tsx infra/aws/mcp-bundle.ts <dir>`), the bundle test
 * and the bundle bench, so all three build the same thing.
 */
export function mcpBundleOptions(outdir: string): BuildOptions {
  const { entryPoints: _single, ...house } = lambdaEsbuildOptions(path.join(ROOT, MCP_ENTRY), mcpResources());
  return {
    ...house,
    entryPoints: { index: path.join(ROOT, MCP_ENTRY) },
    outdir,
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    plugins: [operationModules()],
  };
}

/** Builds the function into `outdir` (index.mjs, its chunks, the data beside it). */
export async function buildMcpBundle(outdir: string, opts: { metafile?: boolean } = {}) {
  mkdirSync(outdir, { recursive: true });
  const result = await build({ ...mcpBundleOptions(outdir), metafile: opts.metafile ?? false });
  await emitBesideBundle(path.join(outdir, 'index.mjs'), mcpResources());
  writeFileSync(path.join(outdir, MCP_TOOLS_FILE), JSON.stringify(operations.map(toolEntry)));
  return result;
}

/** operation-modules.ts as bundled: one `import()` of its file per operation the function may run (its tools in AWS). */
function operationModules(): Plugin {
  const tools = operations.filter((op) => isMcpTool(op, 'aws'));
  const contents = [
    'const modules = {',
    ...tools.map((op) => `  ${JSON.stringify(op.operationId)}: () => import(${JSON.stringify(path.join(ROOT, operationEntry(op)))}),`),
    '};',
    'export async function loadOperation(operationId) {',
    '  return Object.hasOwn(modules, operationId) ? (await modules[operationId]()).operation : undefined;',
    '}',
  ].join('\n');
  return {
    name: 'mcp-operation-modules',
    setup(b) {
      b.onLoad({ filter: /[\\/]functions[\\/]mcp[\\/]operation-modules\.ts$/ }, (args) =>
        args.path === OPERATION_MODULES ? { contents, loader: 'js', resolveDir: path.dirname(OPERATION_MODULES) } : undefined,
      );
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const outdir = process.argv[2];
  if (!outdir) throw new Error('usage: node --import tsx infra/aws/mcp-bundle.ts <output directory>');
  await buildMcpBundle(path.resolve(outdir));
}

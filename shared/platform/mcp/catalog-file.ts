import { readFile } from 'node:fs/promises';
import type { ToolCatalog, ToolEntry } from './catalog.js';

/** The MCP function's catalogue entries, written by its build beside the bundle (infra/aws/mcp-bundle.ts). */
export const MCP_TOOLS_FILE = 'mcp-tools.json';

/** The catalogue of a bundled MCP function: entries read on first use from beside the module at `moduleUrl`, operations loaded by `load`. */
export function catalogBeside(moduleUrl: string, load: ToolCatalog['load']): ToolCatalog {
  let entries: Promise<readonly ToolEntry[]> | undefined;
  return {
    entries: () =>
      (entries ??= readFile(new URL(`./${MCP_TOOLS_FILE}`, moduleUrl), 'utf8').then(
        (text) => JSON.parse(text) as ToolEntry[],
        (err: NodeJS.ErrnoException) => {
          entries = undefined;
          throw new Error(`${MCP_TOOLS_FILE} is not beside the MCP function's bundle (built without infra/aws/mcp-bundle.ts?): ${err.code}`);
        },
      )),
    load,
  };
}

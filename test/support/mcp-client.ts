import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** Official SDK clients against a runtime's /mcp, closed together at the end of a test file. */
export function mcpClients(baseUrl: () => string) {
  const open: Client[] = [];
  return {
    /** `query` e.g. `?toolsets=all` (without toolsets the server lists its small default set). */
    async connect(headers: Record<string, string> = {}, query = '') {
      const c = new Client({ name: 'e2e', version: '1.0.0' });
      await c.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp${query}`), { requestInit: { headers } }));
      open.push(c);
      return c;
    },
    async closeAll() {
      for (const c of open.splice(0)) await c.close().catch(() => undefined);
    },
  };
}

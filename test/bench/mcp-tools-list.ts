import { pathToFileURL } from 'node:url';
import { createApprovedAccount } from '../support/accounts.js';
import { load, print, startBenchRuntime } from './support.js';
import { TOOLSETS } from '../../shared/platform/mcp/toolsets.js';

/**
 * Size of the MCP tools/list answer (bytes on the wire, what an agent pays in context) for a fully
 * scoped key and for an anonymous caller, plus tools/list and tools/call latency over HTTP.
 * `npx tsx test/bench/mcp-tools-list.ts` or `npm run bench mcp`.
 */
export async function run() {
  const rt = await startBenchRuntime();
  try {
    const { apiKey } = await createApprovedAccount(rt.deps);
    const rpc = (method: string, params: unknown, headers: Record<string, string> = {}) =>
      fetch(`${rt.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
    const auth = { authorization: `Bearer ${apiKey}` };
    const full = await (
      await fetch(`${rt.url}/mcp?toolsets=all`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...auth },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      })
    ).text();
    // Toolsets: what a connection that asks for nothing (the default set) and each toolset cost.
    const bySet: { toolsets: string; tools: number; bytes: number }[] = [];
    for (const set of ['', ...Object.keys(TOOLSETS)]) {
      const text = await (await rpc('tools/list', {}, { ...auth, ...(set ? { 'x-service-toolsets': set } : {}) })).text();
      bySet.push({ toolsets: set || 'default (agent + identity + billing)', tools: JSON.parse(text).result.tools.length, bytes: Buffer.byteLength(text) });
    }
    print('MCP tools/list by toolset (each list includes svc_tools_search)', bySet);
    const anonymous = await (await rpc('tools/list', {})).text();
    const tools = JSON.parse(full).result.tools as { name: string; description: string }[];
    const sizes = tools.map((t) => ({ tool: t.name, bytes: Buffer.byteLength(JSON.stringify(t)) })).sort((a, b) => b.bytes - a.bytes);
    print('MCP tools/list size', [
      {
        caller: 'fully scoped key, toolsets=all',
        tools: tools.length,
        bytes: Buffer.byteLength(full),
        avgBytesPerTool: Math.round(Buffer.byteLength(full) / tools.length),
      },
      { caller: 'anonymous', tools: JSON.parse(anonymous).result.tools.length, bytes: Buffer.byteLength(anonymous), avgBytesPerTool: null },
    ]);
    print('Largest tool definitions', sizes.slice(0, 5));
    await load(50, 5, async () => (await rpc('tools/list', {}, auth)).ok);
    const list = await load(300, 20, async () => (await rpc('tools/list', {}, auth)).ok);
    const call = await load(300, 20, async () => (await rpc('tools/call', { name: 'svc_notifications_list', arguments: { limit: 5 } }, auth)).ok);
    print('MCP latency against the local runtime (ms)', [
      { request: 'tools/list (full key)', ...list },
      { request: 'tools/call svc_notifications_list', ...call },
    ]);
    return { toolsListBytes: Buffer.byteLength(full), tools: tools.length, toolsets: bySet };
  } finally {
    await rt.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run();
  process.exit(0);
}

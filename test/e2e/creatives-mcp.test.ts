import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

/** Creatives, copy checks and briefs as MCP tools: every operation is a tool with `_expert` guidance; other tenants' ids are not found. */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let mine: Client;
let theirs: Client;
type Result = { structuredContent?: Record<string, any>; isError?: boolean; content?: { text: string }[] };

async function connect(key: string) {
  const c = new Client({ name: 'e2e', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${rt.url}/mcp?toolsets=all`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return c;
}
const call = async (c: Client, name: string, args: Record<string, unknown> = {}) => {
  try {
    return (await c.callTool({ name, arguments: args })) as Result;
  } catch (e) {
    throw new Error(`${name}: ${(e as Error).message}`, { cause: e });
  }
};

beforeAll(async () => {
  rt = await startTestRuntime();
  mine = await connect((await createApprovedAccount(rt.deps)).apiKey);
});
afterAll(async () => {
  await Promise.all([mine?.close().catch(() => undefined), theirs?.close().catch(() => undefined)]);
  await rt?.stop();
});

const OPS = [
  'creatives_create',
  'creatives_get',
  'creatives_update',
  'creatives_list',
  'creatives_delete',
  'creatives_preview',
  'creatives_variables_available',
  'creatives_variables',
  'creatives_generate_pdf',
  'creatives_pdf_generations_get',
  'creatives_test_send',
  'creatives_test_sends',
  'ContentAnalyzerController_check',
  'CreativesController_startInboxPlacementTest',
  'creatives_inbox_placement_get',
  'CreativesController_moderateChannelCreative',
  'briefs_intake',
  'briefs_get',
  'briefs_list',
  'briefs_expert',
  'BriefsController_getSchemas',
  'BriefsController_updateContent',
  'BriefsController_updateVariables',
  'BriefsController_setLocks',
  'BriefsController_listRevisions',
  'BriefMemoryController_create',
];

describe('creatives and briefs over MCP', () => {
  it('lists every operation as a tool and answers with guidance; other tenants get not found', { timeout: 180_000 }, async () => {
    const brief0 = await call(mine, 'svc_briefs_list');
    expect(brief0.isError).toBeFalsy();
    const names = (await mine.listTools()).tools.map((t) => t.name);
    for (const op of OPS) expect(names).toContain(`svc_${op}`);

    const brief = (await call(mine, 'svc_briefs_intake', { body: { description: 'Route audits for retailers' } })).structuredContent!;
    expect(brief._expert.next).toBe('svc_briefs_expert');
    const created = await call(mine, 'svc_creatives_create', {
      body: { name: 'Intro', subject: 'Hi {{firstName|there}}', bodyHtml: '<p>{Hello|Hi} {{company.name|team}}</p>', briefId: brief.id },
    });
    expect(created.isError).toBeFalsy();
    const cr = created.structuredContent!;
    expect(cr._expert.next).toBe('svc_creatives_preview');
    const preview = (await call(mine, 'svc_creatives_preview', { id: cr.id })).structuredContent!;
    expect(preview.unresolvedTokens).toEqual([]);
    expect(preview._expert.next).toBe('svc_ContentAnalyzerController_check');
    const check = (await call(mine, 'svc_ContentAnalyzerController_check', { body: { creativeId: cr.id } })).structuredContent!;
    expect(check._expert.next).toBe('svc_creatives_update');
    const bad = await call(mine, 'svc_creatives_create', { body: { name: 'x', subject: 'x', bodyHtml: '{oops' } });
    expect(bad.isError).toBe(true);
    expect(bad.content?.[0].text).toContain('bodyHtml: unbalanced \\"{\\" at 0');
    const memory = await call(mine, 'svc_BriefMemoryController_create', { id: brief.id, body: { kind: 'DECISION', text: 'Lead with audits' } });
    expect(memory.isError).toBe(true);

    // Connected here, not in beforeAll: an idle keep-alive socket may be closed by the server meanwhile.
    theirs = await connect((await createApprovedAccount(rt.deps)).apiKey);
    for (const [tool, args] of [
      ['svc_creatives_get', { id: cr.id }],
      ['svc_creatives_preview', { id: cr.id }],
      ['svc_creatives_variables', { id: cr.id }],
      ['svc_creatives_update', { id: cr.id, body: { name: 'stolen' } }],
      ['svc_ContentAnalyzerController_check', { body: { creativeId: cr.id } }],
      ['svc_briefs_get', { id: brief.id }],
      ['svc_briefs_expert', { id: brief.id }],
      ['svc_BriefsController_updateContent', { id: brief.id, body: { patch: { offer: 'x' } } }],
    ] as const) {
      const r = await call(theirs, tool, args as Record<string, unknown>);
      expect(r.isError, tool).toBe(true);
      expect(r.content?.[0].text, tool).toMatch(/not found/);
    }
    expect((await call(mine, 'svc_creatives_get', { id: cr.id })).structuredContent!.name).toBe('Intro');
  });
});

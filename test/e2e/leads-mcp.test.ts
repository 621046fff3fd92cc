import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startTestRuntime } from '../support/runtime.js';

/** Leads, pipelines and audience as MCP tools (svc_<operationId>): path params top-level, body in `body`. */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let c: Client;
type Result = { structuredContent?: Record<string, any>; isError?: boolean };
const call = async (name: string, args: Record<string, unknown> = {}) => (await c.callTool({ name, arguments: args })) as Result;

beforeAll(async () => {
  rt = await startTestRuntime();
  const owner = await createApprovedAccount(rt.deps);
  c = new Client({ name: 'e2e', version: '1.0.0' });
  await c.connect(
    new StreamableHTTPClientTransport(new URL(`${rt.url}/mcp?toolsets=all`), { requestInit: { headers: { authorization: `Bearer ${owner.apiKey}` } } }),
  );
});
afterAll(async () => {
  await c?.close().catch(() => undefined);
  await rt?.stop();
});

describe('MCP tools', () => {
  it('lists the tools and runs pipeline → lead → move → dossier, with _expert guidance', async () => {
    const names = (await c.listTools()).tools.map((t) => t.name);
    for (const op of [
      'pipelines_list',
      'pipelines_create',
      'PipelinesController_createStage',
      'PipelinesController_createAutomation',
      'leads_create',
      'LeadsController_kanban',
      'LeadsController_move',
      'LeadsController_setInterest',
      'LeadsController_dossier',
      'DsarController_create',
      'EmailVerificationController_verifyBatch',
      'suppression_list',
      'suppression_add',
      'suppression_remove',
      'stoplist_list',
      'stoplist_add',
      'stoplist_remove',
    ])
      expect(names).toContain(`svc_${op}`);
    const pipelines = await call('svc_pipelines_list');
    expect(pipelines.structuredContent?._expert?.next).toBe('svc_leads_create');
    const p = pipelines.structuredContent!.data[0];
    const contact = (await call('svc_contacts_create', { body: { firstName: 'Mo', email: 'mo@mcp.example' } })).structuredContent!;
    const lead = (await call('svc_leads_create', { body: { contactId: contact.id } })).structuredContent!;
    expect(lead.pipelineId).toBe(p.id);
    const moved = await call('svc_LeadsController_move', { id: lead.id, body: { stageId: p.stages[4].id } });
    expect(moved.structuredContent).toMatchObject({ status: 'lost', moved: true });
    const d = await call('svc_LeadsController_dossier', { id: lead.id });
    expect(d.structuredContent?.lead.status).toBe('lost');
    const missing = await call('svc_LeadsController_dossier', { id: 'nope' });
    expect(missing.isError).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import { OUTREACH_ORDER, defaultGuidance, errorGuidance, stepOf } from '../../shared/platform/agent/guidance.js';
import { buildAgentGuide } from '../../shared/platform/agent/guide.js';
import { expertFor, toToolResult } from '../../shared/platform/mcp/call.js';
import type { AnyOperation } from '../../shared/platform/registry/operation.js';

const op = (o: Partial<AnyOperation>) =>
  ({
    method: 'POST',
    path: '/api/x',
    tag: 'x',
    access: 'tenant',
    scope: 'crm:write',
    input: {},
    summary: 's',
    description: 'd',
    handler: async () => ({}),
    ...o,
  }) as AnyOperation;
const all = (ids: string[]) => (id: string) => ids.includes(id);

describe('default _expert from the outreach order', () => {
  it('follows the spec order: audience, verify, creative, sender, send, tracking, follow-up', () => {
    expect(OUTREACH_ORDER.map((s) => s.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const has = all([
      'contacts_create',
      'EmailVerificationController_verifyBatch',
      'creatives_create',
      'creatives_preview',
      'ContentAnalyzerController_check',
      'EmailAccountsController_checkDns',
      'CampaignsController_create',
      'CampaignsController_send',
      'DeliverabilityController_getMatrix',
    ]);
    expect(defaultGuidance(op({ operationId: 'contacts_create', tag: 'contacts' }), {}, has).next).toBe('EmailVerificationController_verifyBatch');
    expect(defaultGuidance(op({ operationId: 'EmailVerificationController_verifyBatch' }), {}, has).next).toBe('creatives_create');
    expect(defaultGuidance(op({ operationId: 'creatives_create', tag: 'creatives' }), {}, has).next).toBe('creatives_preview');
    // Missing steps are skipped: no inbox-placement tool yet, no email account create yet.
    expect(defaultGuidance(op({ operationId: 'ContentAnalyzerController_check' }), {}, has).next).toBe('EmailAccountsController_checkDns');
    expect(defaultGuidance(op({ operationId: 'CampaignsController_send', tag: 'campaigns' }), {}, has)).toMatchObject({
      next: 'DeliverabilityController_getMatrix',
      check: expect.stringContaining('X-SDR-Capability-Receipt'),
    });
  });

  it('places operations by tag when their id is not listed, and suggests creating on an empty list', () => {
    const has = all(['contacts_create', 'EmailVerificationController_verifyBatch']);
    expect(stepOf({ operationId: 'companies_list', tag: 'companies' })?.step).toBe(1);
    expect(defaultGuidance(op({ operationId: 'companies_search', tag: 'companies' }), { data: [{ id: 1 }] }, has).next).toBe(
      'EmailVerificationController_verifyBatch',
    );
    expect(defaultGuidance(op({ operationId: 'companies_search', tag: 'companies' }), { data: [] }, has).next).toBe('contacts_create');
  });

  it('falls back to the agent guide for operations outside the order', () => {
    expect(defaultGuidance(op({ operationId: 'webhooks_create', tag: 'webhooks' }), {}, all([])).next).toBe('agent_guide_get');
    expect(defaultGuidance(op({ operationId: 'v1_signup', tag: 'identity' }), {}, all([])).next).toBe('v1_me');
  });
});

describe('recovery _expert per error class', () => {
  const x = op({ operationId: 'notifications_get', method: 'GET', path: '/api/notifications/{id}', tag: 'notifications', hints: { readOnly: true } });
  it.each([
    [400, {}, 'notifications_get', /invalid property/],
    [401, {}, 'v1_signup', /Invalid credentials/],
    [402, { error: 'insufficient_balance', topUpUrl: 'u' }, null, /top up/],
    [402, { error: 'quota_exceeded' }, 'v1_me', /quota/],
    [403, { code: 'insufficient_scope', requiredScope: 'crm:write' }, null, /crm:write/],
    [403, { code: 'capability_receipt_invalid' }, 'agent_guide_sender_capability', /receipt/],
    [404, {}, 'notifications_list', /another tenant/],
    [429, {}, 'notifications_get', /backoff/],
    [500, {}, 'notifications_get', /retry later/],
  ])('%i %j', (status, body, next, why) => {
    const g = errorGuidance(x, status, body, {}, operations);
    expect(g.next).toBe(next);
    expect(g.why).toMatch(why);
  });

  it('names the next step as a tool, or as a route for a plain-REST operation', () => {
    const res = (body: unknown) => ({ status: 200, body, headers: {}, cookies: [], result: body, input: { path: {}, query: {}, body: {} } });
    expect(expertFor(operations, op({ operationId: 'a', guidance: () => ({ next: 'v1_me', why: 'w' }) }), res({})).next).toBe('svc_v1_me');
    expect(expertFor(operations, op({ operationId: 'a', guidance: () => ({ next: 'discovery_agent_card', why: 'w' }) }), res({})).next).toBe(
      'GET /.well-known/agent-card.json',
    );
    expect(
      expertFor(
        operations,
        op({
          operationId: 'a',
          guidance: () => {
            throw new Error('boom');
          },
        }),
        res({}),
      ).next,
    ).toBe('svc_agent_guide_get');
  });

  it("passes paid responses' _billing through unchanged and wraps non-object bodies", () => {
    const billing = { operation: 'platform_render', cost: 2, currency: 'RUB', balance_after: 98 };
    const r = toToolResult(
      operations,
      op({ operationId: 'a' }),
      { status: 200, body: { ok: true, _billing: billing }, headers: {}, cookies: [] },
      { guidance: true },
    );
    expect(r.structuredContent!._billing).toEqual(billing);
    expect(JSON.parse(r.content[0].text)._billing).toEqual(billing);
    expect(
      toToolResult(operations, op({ operationId: 'a' }), { status: 200, body: [1, 2], headers: {}, cookies: [] }, { guidance: false }).structuredContent,
    ).toEqual({ result: [1, 2] });
    const bare = toToolResult(
      operations,
      op({ operationId: 'a' }),
      { status: 429, body: null, headers: { 'retry-after': '3' }, cookies: [] },
      { guidance: false },
    );
    expect(bare).toMatchObject({ isError: true, _meta: { 'svc/status': 429, 'svc/retryAfter': 3 } });
    expect(bare.structuredContent).toBeUndefined();
    expect(JSON.parse(bare.content[0].text)).toEqual({ statusCode: 429 });
  });
});

describe('agent guide', () => {
  it('is generated from the registry: steps name only existing tools, every error class has recovery text', () => {
    const g = buildAgentGuide(operations, { mcpUrl: 'http://x/mcp' });
    const tools = new Set(operations.map((o) => `svc_${o.operationId}`));
    for (const s of g.outreachOrder) for (const t of s.tools) expect(tools.has(t), t).toBe(true);
    expect(g.errorRecovery.map((e) => e.status)).toEqual(expect.arrayContaining([400, 401, 402, 403, 404, 409, 413, 429, 500]));
    expect(g.text).toContain('## Recommended cold-outreach order');
    expect(g.text).toContain('X-SDR-Capability-Receipt');
    expect(g.mcp).toMatchObject({ url: 'http://x/mcp', toolPrefix: 'svc_', transport: 'streamable-http' });
  });
});

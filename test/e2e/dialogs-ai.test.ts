import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/billing/billing.js';
import { startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';

// The AI provider port on the dialog paths: a local OpenAI-compatible chat-completions server on
// 127.0.0.1 (AI_PROVIDER=openai) that classifies and drafts, and can fail (HTTP 503) to show the
// fallback to the builtin rules. Mail goes through the runtime's own mail sandbox. Nothing mocked.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let server: Server;
let failing = false;
const prompts: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { messages?: { content: string }[] };
      const prompt = (body.messages ?? []).map((m) => m.content).join('\n');
      prompts.push(prompt);
      if (failing) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      const content = prompt.includes('You classify replies')
        ? JSON.stringify({ classification: 'later', confidence: 0.77 })
        : 'Thanks Buyer, I will send the pricing sheet on Monday.';
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  ctx = await startTenantRuntime({
    env: { INBOX_SYNC_MS: '0', AI_PROVIDER: 'openai', AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'test-key', AI_BREAKER_THRESHOLD: '100' },
  });
}, 120_000);
afterAll(async () => {
  await ctx?.rt.stop();
  await new Promise<void>((r) => server.close(() => r()));
});

describe('dialogs with an AI provider', () => {
  it('classifies with the provider (method ai), falls back to the rules when it fails, and drafts with it', async () => {
    const { http } = ctx;
    const local = client(ctx.rt.url);
    const info = (await local.get('/_local/mailbox')).body;
    await credit(ctx.rt.deps, ctx.account.tenantId, 5, 'test balance', 'test');
    const me = await http.post('/api/email-accounts', {
      name: 'Me',
      email: 'me@sandbox.test',
      smtpHost: '127.0.0.1',
      smtpPort: info.smtp.port,
      smtpUser: 'me@sandbox.test',
      smtpPass: 'x',
      imapHost: '127.0.0.1',
      imapPort: info.imap.port,
      imapUser: 'me@sandbox.test',
      imapPass: 'x',
    });
    await http.patch(`/api/email-accounts/${me.body.id}`, { dnsAcknowledged: true });
    await http.put('/api/settings/company-profile', { companyName: 'Me Ltd', physicalAddress: '2 Sandbox Street' });
    const sent = await http.post('/api/dialogs/compose', {
      recipient: 'buyer@sandbox.test',
      accountId: me.body.id,
      content: { subject: 'Pricing', bodyHtml: '<p>Hi</p>' },
    });
    expect(sent.status).toBe(201);
    const uid = (await local.get('/_local/mailbox?address=buyer@sandbox.test')).body.mailboxes[0].messages[0].uid;
    await local.post('/_local/mailbox/reply', { address: 'buyer@sandbox.test', uid, text: 'Yes, tell me more about pricing.' });
    await http.post('/api/dialogs/sync', { accountId: me.body.id });

    // The provider's class wins over the rules (which would say interested).
    expect((await http.get(`/api/dialogs/${sent.body.dialogId}`)).body).toMatchObject({ classification: 'later', confidence: 0.77 });
    const viaAi = await http.post(`/api/dialogs/${sent.body.dialogId}/classify`, {});
    expect(viaAi.body).toMatchObject({ classification: 'later', confidence: 0.77, method: 'ai' });
    expect(viaAi.body._billing).toMatchObject({ operation: 'ai_generation', cost: 0.005, currency: 'USD' });
    expect((await http.get('/api/billing/balance')).body.balance).toBeCloseTo(viaAi.body._billing.balance_after, 6);
    expect(prompts.some((p) => p.includes('tell me more about pricing'))).toBe(true);

    failing = true;
    const viaRules = await http.post(`/api/dialogs/${sent.body.dialogId}/classify`, {});
    expect(viaRules.status).toBe(200);
    expect(viaRules.body).toMatchObject({ classification: 'interested', method: 'rules' });
    expect(viaRules.body._billing).toBeUndefined();
    expect((await http.get('/api/billing/balance')).body.balance).toBeCloseTo(viaAi.body._billing.balance_after, 6);
    failing = false;

    const draft = await http.post(`/api/dialogs/${sent.body.dialogId}/draft`, { instructions: 'promise the pricing sheet' });
    expect(draft.body).toMatchObject({
      method: 'ai',
      sent: false,
      draft: { text: 'Thanks Buyer, I will send the pricing sheet on Monday.', subject: 'Re: Pricing' },
    });
    expect(prompts.at(-1)).toContain('promise the pricing sheet');
    expect(draft.body._billing).toMatchObject({ operation: 'ai_generation', cost: 0.005 });
    expect(draft.body._billing.balance_after).toBeCloseTo(viaAi.body._billing.balance_after - 0.005, 6);
  }, 120_000);
});

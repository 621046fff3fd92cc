import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { createApprovedAccount, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';
import { syncInbox } from './dialogs-fixtures.js';

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
    expect((await syncInbox(http, { accountId: me.body.id })).status).toBe(200);

    // The provider's class wins over the rules (which would say interested).
    const thread = (await http.get(`/api/dialogs/${sent.body.dialogId}`)).body;
    expect(thread).toMatchObject({ classification: 'later', confidence: 0.77 });
    expect(thread.messages.find((m: { direction: string }) => m.direction === 'in')).toMatchObject({ classificationMethod: 'ai' });
    // Sync's AI classification is paid: one ai_generation, once per message (a second sync finds nothing new and charges nothing).
    expect((await syncInbox(http, { accountId: me.body.id })).status).toBe(200);
    expect(await aiCharges(http)).toEqual([expect.objectContaining({ quantity: 1, refId: `classify:${sent.body.dialogId}` })]);
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
    // Sync, classify and draft: three paid answers, the failed one not among them.
    expect(await aiCharges(http)).toHaveLength(3);
  }, 120_000);

  it('a short balance: sync classifies by the rules and records why, classify and draft answer 402 without asking the provider', async () => {
    const owner = await createApprovedAccount(ctx.rt.deps);
    const http = client(ctx.rt.url, { key: owner.apiKey });
    const local = client(ctx.rt.url);
    const info = (await local.get('/_local/mailbox')).body;
    await credit(ctx.rt.deps, owner.tenantId, 0.001, 'one email', 'test'); // the compose below spends it all
    const me = await http.post('/api/email-accounts', {
      name: 'Short',
      email: 'short@sandbox.test',
      smtpHost: '127.0.0.1',
      smtpPort: info.smtp.port,
      smtpUser: 'short@sandbox.test',
      smtpPass: 'x',
      imapHost: '127.0.0.1',
      imapPort: info.imap.port,
      imapUser: 'short@sandbox.test',
      imapPass: 'x',
    });
    await http.patch(`/api/email-accounts/${me.body.id}`, { dnsAcknowledged: true });
    await http.put('/api/settings/company-profile', { companyName: 'Short Ltd', physicalAddress: '3 Sandbox Street' });
    const sent = await http.post('/api/dialogs/compose', {
      recipient: 'cheap@sandbox.test',
      accountId: me.body.id,
      content: { subject: 'Rates', bodyHtml: '<p>Hi</p>' },
    });
    expect(sent.status).toBe(201);
    expect((await http.get('/api/billing/balance')).body.balance).toBe(0);
    const uid = (await local.get('/_local/mailbox?address=cheap@sandbox.test')).body.mailboxes[0].messages[0].uid;
    await local.post('/_local/mailbox/reply', { address: 'cheap@sandbox.test', uid, text: 'Sounds good, send me your rates please.' });
    const asked = prompts.length;
    expect((await syncInbox(http, { accountId: me.body.id })).status).toBeLessThan(300);

    const thread = (await http.get(`/api/dialogs/${sent.body.dialogId}`)).body;
    expect(thread.classification).toBe('interested'); // the rules' answer
    expect(thread.messages.find((m: { direction: string }) => m.direction === 'in')).toMatchObject({
      classificationMethod: 'rules',
      aiSkipped: 'insufficient_balance',
    });
    const classify = await http.post(`/api/dialogs/${sent.body.dialogId}/classify`, {});
    expect(classify.status).toBe(402);
    expect(classify.body).toMatchObject({ statusCode: 402, error: 'insufficient_balance', operation: 'ai_generation' });
    const draft = await http.post(`/api/dialogs/${sent.body.dialogId}/draft`, {});
    expect(draft.status).toBe(402);
    expect(prompts.length).toBe(asked); // the provider was never asked
    expect(await aiCharges(http)).toEqual([]);
    // A class set by hand stays free.
    expect((await http.post(`/api/dialogs/${sent.body.dialogId}/classify`, { classification: 'later' })).body).toMatchObject({ method: 'manual' });

    // With credit again, a provider failure during sync costs nothing and says so.
    await credit(ctx.rt.deps, owner.tenantId, 1, 'top up', 'test');
    failing = true;
    const uid2 = (await local.get('/_local/mailbox?address=cheap@sandbox.test')).body.mailboxes[0].messages[0].uid;
    await local.post('/_local/mailbox/reply', { address: 'cheap@sandbox.test', uid: uid2, text: 'Also, do you ship to Spain?' });
    expect((await syncInbox(http, { accountId: me.body.id })).status).toBe(200);
    failing = false;
    const later = (await http.get(`/api/dialogs/${sent.body.dialogId}`)).body.messages.filter((m: { direction: string }) => m.direction === 'in');
    expect(later).toHaveLength(2);
    expect(later.at(-1)).toMatchObject({ classificationMethod: 'rules', aiSkipped: 'ai_unavailable' });
    expect(await aiCharges(http)).toEqual([]);
    expect((await http.get('/api/billing/balance')).body.balance).toBe(1);
  }, 120_000);
});

async function aiCharges(http: ReturnType<typeof client>) {
  const ledger = (await http.get('/api/billing/ledger?pageSize=100')).body.data as { type: string; operation: string; refId?: string; quantity: number }[];
  return ledger.filter((e) => e.type === 'charge' && e.operation === 'ai_generation');
}

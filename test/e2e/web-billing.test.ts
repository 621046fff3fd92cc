// Issue 23 item 7 in real Chromium: "see a 402 lead to billing and a credit appear in the ledger". A person
// in a workspace whose balance is spent asks for a paid reply draft on a lead's dossier (the runtime's AI
// provider is the local OpenAI-compatible stand-in on 127.0.0.1, so drafting is ai_generation), gets the
// app's 402 banner, follows its link to billing, the operator credits the workspace in the admin console
// (/console, as a local operator does), and the person sees the credit in the ledger and the balance
// change; the draft then works and its charge is in the ledger too. Nothing mocked.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRICES } from '../../shared/workspace/billing/prices.js';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { startAiStandIn } from '../support/campaigns-ai-stand-in.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';
import { syncInbox } from './dialogs-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let ai: Awaited<ReturnType<typeof startAiStandIn>>;
let run: BrowserRun;
beforeAll(async () => {
  ai = await startAiStandIn();
  [env, run] = await Promise.all([
    startAccountsRuntime({ INBOX_SYNC_MS: '0', AI_PROVIDER: 'openai', AI_BASE_URL: ai.baseUrl, AI_API_KEY: 'stand-in-key', AI_BREAKER_THRESHOLD: '100' }),
    startBrowser('billing'),
  ]);
});
afterAll(async () => {
  await run?.close();
  await env?.stop();
  await ai?.stop();
});

const ONE_EMAIL = PRICES.email_send.unitMicros / 1_000_000;

/**
 * A lead that came from a conversation: a mail sent to a contact through the runtime's mail sandbox, the
 * contact's reply synced into a dialog, the dialog promoted to a lead. The operator credits exactly the
 * price of that one email, so the balance is 0 afterwards.
 */
async function leadFromConversation(account: Awaited<ReturnType<typeof activeAccount>>, admin: ReturnType<typeof client>) {
  const api = client(env.rt.url, { key: account.apiKey });
  const local = client(env.rt.url);
  const mail = (await local.get('/_local/mailbox')).body as { smtp: { port: number }; imap: { port: number } };
  expect((await admin.post(`/admin/api/tenants/${account.tenantId}/credit`, { amount: ONE_EMAIL, note: 'First email' })).status).toBeLessThan(300);
  const sender = `sales-${account.tenantId.slice(-6)}@sandbox.test`;
  const buyer = `buyer-${account.tenantId.slice(-6)}@sandbox.test`;
  expect((await api.post('/api/contacts', { email: buyer, firstName: 'Bea', lastName: 'Buyer' })).status).toBe(201);
  const box = await api.post('/api/email-accounts', {
    name: 'Sales',
    email: sender,
    smtpHost: '127.0.0.1',
    smtpPort: mail.smtp.port,
    smtpUser: sender,
    smtpPass: 'x',
    imapHost: '127.0.0.1',
    imapPort: mail.imap.port,
    imapUser: sender,
    imapPass: 'x',
  });
  expect(box.status).toBe(201);
  await api.patch(`/api/email-accounts/${box.body.id}`, { dnsAcknowledged: true });
  await api.put('/api/settings/company-profile', { companyName: 'Acme', physicalAddress: '1 Sandbox Street' });
  const sent = await api.post('/api/dialogs/compose', {
    recipient: buyer,
    accountId: box.body.id,
    content: { subject: 'Route planning', bodyHtml: '<p>Hi Bea</p>' },
  });
  expect(sent.status).toBe(201);
  const uid = (await local.get(`/_local/mailbox?address=${encodeURIComponent(buyer)}`)).body.mailboxes[0].messages[0].uid;
  await local.post('/_local/mailbox/reply', { address: buyer, uid, text: 'Interesting, what does it cost?' });
  expect((await syncInbox(api, { accountId: box.body.id })).status).toBe(200);
  const lead = await api.post(`/api/dialogs/${sent.body.dialogId}/lead`, { title: 'Bea at Buyer Co' });
  expect(lead.status).toBe(201);
  expect((await api.get('/api/billing/balance')).body.balance).toBe(0);
  return { api, leadId: lead.body.id as string };
}

describe('billing', () => {
  it('a paid action with no balance shows the 402 banner; its link leads to billing; the operator credit shows in the ledger and the action then works', async () => {
    const account = await activeAccount(env, 'Short Balance Co');
    const admin = client(env.rt.url, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    const { api } = await leadFromConversation(account, admin);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/leads');
    await p.click('link', 'Bea at Buyer Co');
    await p.waitForText('Reply to the conversation');
    await p.check('lead-dossier-reply');
    const asked = ai.calls.length;
    await p.click('button', 'Draft a reply');

    // The banner: the API's own message and a link to billing; the provider was not asked.
    const banner = await p.waitForText('No draft: the workspace balance does not cover it.');
    expect(banner).toMatch(/balance/i);
    const bannerText = await p.page.$eval('.banner-payment', (b) => (b as HTMLElement).innerText);
    expect(bannerText).toContain('Open billing');
    expect(ai.calls.length).toBe(asked);
    await p.check('payment-required-banner');
    await p.click('link', 'Open billing');
    await p.waitForLocation((l) => l === '/app/billing');
    await p.waitForText('Topping up');
    await p.waitForText(/Balance: 0\.00 USD/);
    // The ledger is its own read: wait for its first row, not only the balance.
    let text = await p.waitForText('First email');
    expect(text).toContain(account.tenantId); // what to tell the operator
    await p.check('billing-before-credit');

    // The operator credits the workspace in the admin console, as a local operator does.
    const operator = await run.newPage();
    await operator.goto(`${env.rt.url}/console`);
    await operator.check('console-sign-in');
    await operator.page.type('#token', TEST_ADMIN_TOKEN);
    await operator.page.click('#signin');
    const row = `tr[data-tenant="${account.tenantId}"]`;
    await operator.page.waitForSelector(`${row} form.credit`, { timeout: 30_000 });
    await operator.check('console-tenants');
    await operator.page.type(`${row} .amount`, '5');
    await operator.page.type(`${row} .note`, 'Bank transfer <INV-7>');
    await operator.page.click(`${row} form.credit button`);
    await operator.waitForText('Credited Short Balance Co: balance 5 USD');
    await operator.check('console-credited');
    await operator.close();

    // The person looks again: the credit with its note, and the new balance.
    await p.click('button', 'Check for new entries');
    text = await p.waitForText('Bank transfer <INV-7>');
    expect(text).toMatch(/Balance: 5\.00 USD/);
    expect(await ledgerRows(p)).toEqual([
      ['Credit', 'Bank transfer <INV-7>', '5.00 USD', '5.00 USD'],
      ['Charge', 'Email sent', '-0.001 USD', '0.00 USD'],
      ['Credit', 'First email', '0.001 USD', '0.001 USD'],
    ]);
    expect(await p.page.$('.banner-payment')).toBeNull(); // the balance changed: the banner's message is no longer true
    await p.check('billing-credited');

    // Back on the dossier the draft now works, and its charge is in the ledger.
    await p.page.goBack();
    await p.waitForText('Reply to the conversation');
    await p.click('button', 'Draft a reply');
    await p.waitForText(/written by the AI provider, not sent\), charged 0\.005 USD/);
    expect(ai.calls.length).toBe(asked + 1);
    await p.check('lead-dossier-draft');
    await p.click('link', 'Balance and ledger');
    await p.waitForText('Balance: 4.995 USD');
    expect((await api.get('/api/billing/balance')).body.balance).toBeCloseTo(5 - 0.005, 6);
    expect((await ledgerRows(p))[0]).toEqual(['Charge', 'AI helper call', '-0.005 USD', '4.995 USD']);
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('billing-after-draft-390');
    await p.close();
  });
});

/** The ledger table's rows as the person reads them: type, what, amount, balance after. */
function ledgerRows(p: Awaited<ReturnType<BrowserRun['newPage']>>) {
  return p.page.$$eval('table.data-table tbody tr', (trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'))
        .slice(1)
        .map((td) => td.textContent!.trim()),
    ),
  );
}

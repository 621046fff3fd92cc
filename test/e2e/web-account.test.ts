// Issue 23: the web app's account pages in real Chromium (keys and agents, forgotten password, billing),
// each checked by what a person sees; every page is screenshotted and checked with axe-core.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client, TEST_ADMIN_TOKEN } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// Each journey drives a real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 180_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;

beforeAll(async () => {
  [env, run] = await Promise.all([startAccountsRuntime(), startBrowser('account')]);
});
afterAll(async () => {
  await run?.close();
  await env?.stop();
});

describe('keys and agents', () => {
  it('creates a key with chosen scopes, shows its secret once, lists it, and revokes it so that it answers 401', async () => {
    const account = await activeAccount(env);
    const p = await run.newPage();
    await p.signIn(env.rt.url, account);
    await p.click('link', 'API keys and MCP');
    await p.waitForText('Your keys');
    await p.waitForText('Signup key');
    await p.check('keys');

    // No scope chosen: the API's message, next to the picker.
    await p.fill('Key name', 'Research <agent>');
    await p.click('button', 'Create key');
    await p.waitForText(/scopes/);
    await p.fill('crm:read: Read companies, contacts, lists, leads and pipelines', true);
    await p.click('button', 'Create key');
    await p.waitForText('shown only this once');
    const secret = await p.page.$eval('.secret-value', (e) => e.textContent ?? '');
    expect(secret).toMatch(/^svc_pk_/);
    await p.check('keys-created');

    // The secret works, with the chosen scope only.
    const agent = client(env.rt.url, { key: secret });
    expect((await agent.get('/api/billing/balance')).status).toBe(403);
    expect((await agent.get('/v1/me')).status).toBe(200);

    // The name is text, and the list says when the key was used.
    const listed = await p.waitForText(/Research <agent>[\s\S]*crm:read/);
    expect(listed).toContain('Revoke Research <agent>');

    // Shown once: after a reload the secret is gone.
    await p.page.reload();
    await p.waitForText('Research <agent>');
    expect(await p.text()).not.toContain(secret);

    // The MCP URL follows the chosen toolsets; the configuration carries it and a key placeholder.
    await p.fill('crm', true);
    await p.fill('leads', true);
    const mcpUrl = await p.page.$eval('[data-testid="mcp-url"]', (e) => e.textContent ?? '');
    expect(mcpUrl).toBe(`${env.rt.url}/mcp?toolsets=crm,leads`);
    const config = JSON.parse(await p.page.$eval('.code-block', (e) => e.textContent ?? ''));
    expect(config.mcpServers.svc).toEqual({ type: 'http', url: mcpUrl, headers: { Authorization: 'Bearer <your key>' } });
    expect(await p.page.$eval('a[href="/.well-known/agent-card.json"]', (a) => a.textContent)).toBe('the agent card');

    await p.click('button', 'Revoke Research <agent>');
    await p.waitForText('Agents using it stop at once');
    await p.check('keys-revoke-confirm');
    await p.click('button', 'Yes, revoke Research <agent>');
    await p.waitForText(/Revoked /);
    expect((await agent.get('/v1/me')).status).toBe(401);
    // The signup key is untouched.
    expect((await client(env.rt.url, { key: account.apiKey }).get('/v1/me')).status).toBe(200);

    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('keys-390');
    await p.close();
  });
});

describe('forgotten password', () => {
  it('asks for a link from the sign-in page, sets a new password from the mailed link and is signed in; the link works once', async () => {
    const account = await activeAccount(env);
    const p = await run.newPage();
    await p.goto(`${env.rt.url}/app/login`);
    await p.click('link', 'Forgot password?');
    await p.waitForText('Forgot your password?');
    await p.check('forgot-password');
    await p.fill('Email', account.email);
    await p.click('button', 'Send the link');
    const sent = await p.waitForText('a link to set its password is on its way');
    expect(sent).not.toContain('Send the link');

    // The mail is written after the answer: look for it in the local outbox for a bounded while.
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      const outbox = await env.http.get(`/_local/outbox?to=${encodeURIComponent(account.email)}`);
      link = JSON.stringify(outbox.body).match(/\/app\/set-password\?token=[A-Za-z0-9_-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link).toBeDefined();

    await p.goto(env.rt.url + link);
    await p.waitForText('Set a new password');
    await p.fill('New password', 'short');
    await p.click('button', 'Set password and sign in');
    await p.waitForText(/password must/);
    await p.check('set-password-field-error');
    await p.fill('New password', 'Another-Long-Passphrase-7');
    await p.click('button', 'Set password and sign in');
    await p.waitForText('Balance');
    expect(p.location()).toBe('/app');

    // The new password signs in over the API; the old one no longer does.
    expect((await env.http.post('/api/auth/login', { email: account.email, password: 'Another-Long-Passphrase-7' })).status).toBe(200);
    expect((await env.http.post('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401);

    // The spent link says so in words.
    const q = await run.newPage();
    await q.goto(env.rt.url + link);
    await q.fill('New password', 'Yet-Another-Passphrase-8');
    await q.click('button', 'Set password and sign in');
    await q.waitForText('This link has already been used. Ask for a new one.');
    await q.check('set-password-used');
    await q.goto(`${env.rt.url}/app/set-password?token=${'x'.repeat(43)}`);
    await q.fill('New password', 'Yet-Another-Passphrase-8');
    await q.click('button', 'Set password and sign in');
    await q.waitForText('This link is not valid');
    await q.close();
    await p.close();
  });
});

describe('billing', () => {
  it('shows the balance and an operator credit in the ledger', async () => {
    const account = await activeAccount(env);
    const admin = client(env.rt.url, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    const credited = await admin.post(`/admin/api/tenants/${account.tenantId}/credit`, { amount: 12.5, note: 'Bank transfer <ref 42>' });
    expect(credited.status).toBeLessThan(300);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account);
    await p.click('link', 'Balance and ledger');
    await p.waitForText('Topping up');
    const text = await p.waitForText('Bank transfer <ref 42>');
    expect(text).toMatch(/Balance: 12\.50/);
    expect(text).toContain('Credit');
    await p.check('billing');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('billing-390');
    await p.close();
  });
});

describe('members', () => {
  it('the owner invites a person as MEMBER and sees them; the MEMBER sees the list without invite or remove controls; the owner removes them', async () => {
    const [owner, invitee] = await Promise.all([activeAccount(env, 'Owner <Co>'), activeAccount(env, 'Guest Co')]);
    const p = await run.newPage();
    await p.signIn(env.rt.url, owner);
    await p.click('link', 'Members');
    await p.waitForText('Invite someone');
    await p.fill('Email', 'not-an-address');
    await p.click('button', 'Send invitation');
    await p.waitForText(/email must/);
    await p.fill('Email', invitee.email);
    await p.fill('Role', 'MEMBER');
    await p.click('button', 'Send invitation');
    await p.waitForText(`Invitation sent to ${invitee.email} as MEMBER`);
    await p.check('members-owner');

    const mails = (await env.http.get(`/_local/outbox?to=${encodeURIComponent(invitee.email)}`)).body.data as {
      subject: string;
      links?: Record<string, string>;
    }[];
    const accept = mails.find((m) => m.subject.startsWith('Invitation to the workspace') && m.links?.accept)!.links!.accept;
    const accepted = await client(env.rt.url, { key: invitee.apiKey }).post('/api/tenants/invitations/accept', {
      token: new URL(accept).searchParams.get('token'),
    });
    expect(accepted.status).toBe(200);

    const q = await run.newPage();
    await q.signIn(env.rt.url, invitee);
    await q.fill('Workspace', owner.tenantId);
    await q.click('link', 'Members');
    const seen = await q.waitForText(owner.email);
    expect(seen).toContain('Your role here: MEMBER');
    expect(seen).toContain('Owner <Co>');
    expect(seen).not.toContain('Invite someone');
    expect(await q.page.$$eval('main button', (bs) => bs.map((b) => b.textContent))).toEqual([]);
    await q.check('members-member');
    await q.close();

    await p.page.reload();
    await p.waitForText(invitee.email);
    await p.click('button', `Remove ${invitee.email}`);
    await p.click('button', `Yes, remove ${invitee.email}`);
    // Bounded wait for the refreshed list (waitForText waits for presence only).
    const deadline = Date.now() + 10_000;
    while ((await p.text()).includes(invitee.email) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await p.text()).not.toContain(invitee.email);
    expect((await client(env.rt.url, { key: invitee.apiKey, headers: { 'x-tenant-id': owner.tenantId } }).get('/api/tenants/members')).status).toBe(404);
    await p.close();
  });
});

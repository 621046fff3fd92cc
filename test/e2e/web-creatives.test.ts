// Issue 26 item 3 in real Chromium: a person writes a creative with spintax and a variable, previews it
// for a contact (a variable without a value is flagged as unresolved), makes a parse error and sees it
// at its line and column with a marker, fixes it and saves (a new content version, the preview now
// resolved), inserts a variable at the caret, runs the content check and has a PDF rendered for the contact; then writes a brief whose
// form the published schema draws, saves it as a merge patch and locks a path. What the pages show is
// checked against the API; every page is screenshotted and checked with axe, once at 390 px.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime(), startBrowser('creatives')])));
afterAll(async () => (await run?.close(), await env?.stop()));

const BROKEN = '<p>{Hi|Hello} {{firstName}},</p>\n<p>a {great|good news for {{company.name}}</p>';
const FIXED = '<p>{Hi|Hello} {{firstName}},</p>\n<p>{great|good} news for {{company.name|your team}}</p>';

describe('creatives: the editor, preview, parse errors and the content check', () => {
  it('a person writes a creative, previews it for a contact, fixes a parse error, saves, checks it, has its PDF rendered, and edits a brief', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const contact = await api.post('/api/contacts', { email: 'dana@client.test', firstName: 'Dana', lastName: 'Client' });
    expect(contact.status).toBe(201);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/creatives');
    await p.waitForText('No creatives yet');
    await p.check('creatives-empty');

    // A creative with spintax and variables; the company has no name, so {{company.name}} stays unresolved.
    await p.fill('Creative name', 'Spring intro');
    await p.fill('Subject line', '{Hi|Hello} {{firstName}}');
    // An inline style, as email HTML carries: the preview must show it as the recipient would see it.
    await p.fill('Body (HTML)', '<p style="color: rgb(200, 0, 0)">{Hi|Hello} {{firstName}}, good news for {{company.name}}.</p>');
    await p.click('button', 'Create creative');
    await p.waitForLocation((l) => /^\/app\/creatives\/[A-Za-z0-9_-]+$/.test(l));
    const id = p.location().split('/').pop()!;
    await p.waitForText('Content version 1.');
    // The highlighted copy marks the spin braces and the variables.
    expect(await p.page.$$eval('.template-highlight .tpl-var', (els) => els.map((e) => e.textContent))).toEqual([
      '{{firstName}}',
      '{{firstName}}',
      '{{company.name}}',
    ]);
    expect(await p.page.$$eval('.template-highlight .tpl-spin', (els) => els.map((e) => e.textContent).join(''))).toBe('{|}{|}');

    // The preview for Dana: her name resolved, {{company.name}} flagged; the HTML only in a sandboxed frame,
    // loaded from its own URL under its own policy: styled (a srcdoc frame under the app's CSP was not).
    await p.fill('Recipient for the preview, check, test send and PDF', contact.body.id);
    await p.waitForText('Unresolved for this recipient');
    const preview = (await api.get(`/api/creatives/${id}/preview?contactId=${contact.body.id}`)).body;
    expect(preview.unresolvedTokens).toEqual(['company.name']);
    await p.waitForText(preview.subject);
    expect(preview.subject).toMatch(/^(Hi|Hello) Dana$/);
    expect(await p.page.$$eval('.notice .token-list code', (els) => els.map((e) => e.textContent))).toEqual(['{{company.name}}']);
    const frame = await p.page.$eval('iframe.preview-frame', (f) => ({
      sandbox: f.getAttribute('sandbox'),
      srcdoc: f.getAttribute('srcdoc'),
      src: f.getAttribute('src'),
    }));
    expect(frame).toEqual({
      sandbox: '',
      srcdoc: null,
      src: `/api/creatives/${id}/preview-document?contactId=${contact.body.id}&images=on&workspace=${account.tenantId}`,
    });
    const shown = await p.inFrame('iframe.preview-frame', 'p', /Dana/);
    expect(shown).toEqual({ text: expect.stringMatching(/^(Hi|Hello) Dana, good news for \.$/), color: 'rgb(200, 0, 0)' });
    expect(preview.html).toBe(`<p style="color: rgb(200, 0, 0)">${shown.text}</p>`); // the API's rendering, as shown
    expect(p.problems.filter((x) => x.startsWith('CSP'))).toEqual([]);
    await p.check('creative-preview-unresolved');

    // A parse error: an unclosed spin on line 2, shown at its line and column with a marker, before any save.
    await p.fill('Body', BROKEN);
    await p.waitForText('Line 2, column 6: unbalanced "{"');
    expect(await p.page.$eval('.template-caret', (e) => e.textContent)).toBe('<p>a {great|good news for {{company.name}}</p>\n     ^');
    expect(await p.page.$eval('.template-highlight .tpl-fault', (e) => e.textContent)).toBe('{');
    expect(await p.page.$eval('textarea[name="bodyHtml"]', (e) => e.getAttribute('aria-invalid'))).toBe('true');
    await p.waitForText('The preview shows the saved version 1');
    // Saving anyway is refused by the API and changes nothing.
    await p.click('button', 'Save creative');
    await p.page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'), { timeout: 20_000 });
    expect((await api.get(`/api/creatives/${id}`)).body.contentVersion).toBe(1);
    expect((await api.patch(`/api/creatives/${id}`, { bodyHtml: BROKEN })).body.message).toEqual(['bodyHtml: unbalanced "{" at 38']);
    await p.check('creative-parse-error');

    // Fixed (a fallback for the company's name) and saved: version 2, the preview resolves everything.
    await p.fill('Body', FIXED);
    await p.page.waitForFunction(() => !document.querySelector('.template-fault'), { timeout: 20_000 });
    await p.click('button', 'Save creative');
    await p.waitForText('Saved: content version 2.');
    await p.waitForText('Every variable resolved for this recipient.');
    const saved = (await api.get(`/api/creatives/${id}`)).body;
    expect(saved).toMatchObject({ contentVersion: 2, bodyHtml: FIXED });

    // A variable inserted at the caret: at the end of the subject.
    await p.page.focus('input[name="subject"]');
    await p.page.$eval('input[name="subject"]', (e) => (e as HTMLInputElement).setSelectionRange(100, 100));
    await p.click('button', 'Insert {{lastName}}');
    await p.page.waitForFunction(() => (document.querySelector('input[name="subject"]') as HTMLInputElement).value === '{Hi|Hello} {{firstName}}{{lastName}}', {
      timeout: 20_000,
    });

    // The content check of the saved version for Dana: the same score and rules as the API's.
    await p.click('button', 'Run the content check');
    const text = await p.waitForText(/(Low|Medium|High) risk: score \d+ of 100/);
    const check = (await api.post('/api/content-analyzer/check', { creativeId: id, contactId: contact.body.id })).body;
    expect(text).toContain(`score ${check.score} of 100`);
    expect(check.hits.length).toBeGreaterThan(0); // no unsubscribe link, no postal address
    const rules = await p.page.$$eval('#check-heading ~ div table tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
    expect(rules).toEqual(check.hits.map((h: { rule: string }) => h.rule));
    await p.check('creative-checked');

    // A PDF for Dana: requested, polled until Chromium rendered it, the same generation as the API's.
    await p.click('button', 'Generate a PDF');
    await p.waitForText(/Ready \(content version 2\), \d+ KB/, 90_000);
    const generation = (await api.post(`/api/creatives/${id}/pdf`, { contactId: contact.body.id })).body;
    expect(generation).toMatchObject({ status: 'READY', contentVersion: 2, contactId: contact.body.id });
    expect(await p.text()).toContain('Download the PDF');

    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('creative-390');
    await p.page.setViewport({ width: 1280, height: 900 });
    await p.click('link', 'Creatives');
    await p.waitForText('Spring intro');
    await p.check('creatives-list');

    // A brief: created from a description, its schema-drawn form saved as a merge patch, then a lock.
    await p.click('link', 'Briefs');
    await p.waitForText('No briefs yet');
    await p.fill('Brief name (optional)', 'Logistics CRM');
    await p.fill('What is offered, to whom', 'A CRM for small logistics firms');
    await p.click('button', 'Create brief');
    await p.waitForLocation((l) => /^\/app\/briefs\/[A-Za-z0-9_-]+$/.test(l));
    const briefId = p.location().split('/').pop()!;
    await p.waitForText('Revision 1');
    await p.fill('Tone', 'direct');
    await p.fill('Industries', 'Logistics\nRetail');
    await p.fill('Offer', 'A 14-day pilot');
    await p.click('button', 'Save content');
    await p.waitForText('Content saved as revision 2.');
    const brief = (await api.get(`/api/briefs/${briefId}`)).body;
    expect(brief.content).toMatchObject({
      product: { description: 'A CRM for small logistics firms' },
      tone: 'direct',
      offer: 'A 14-day pilot',
      icp: { industries: ['Logistics', 'Retail'] },
    });
    const revisions = (await api.get(`/api/briefs/${briefId}/revisions`)).body.data;
    expect(revisions[0]).toMatchObject({
      revision: 2,
      change: 'content',
      patch: { tone: 'direct', offer: 'A 14-day pilot', icp: { industries: ['Logistics', 'Retail'] } },
    });
    await p.fill('Locked paths', '/content/offer');
    await p.click('button', 'Save locks');
    await p.waitForText('Locks saved as revision 3: 1 locked.');
    await p.waitForText('Locked by /content/offer');
    expect(await (await p.byLabel('Offer')).evaluate((e) => (e as HTMLTextAreaElement).readOnly)).toBe(true);
    expect((await api.patch(`/api/briefs/${briefId}/content`, { patch: { offer: 'x' } })).body.code).toBe('brief_locked');
    await p.page.waitForFunction(() => document.querySelectorAll('table.data tbody tr').length === 3, { timeout: 20_000 });
    await p.check('brief');
    await p.close();
  });
});

// Issue 23 item 4 in real Chromium: custom fields relabelled and "where used", a company's lists and
// leads, contact lists renamed / emptied of selected members / deleted, a contact's lists. Checked by
// what a person sees; every page is screenshotted (paths printed) and checked with axe-core, CSP and page
// errors. Data the journey does not make on the pages is set up over the public API with the account's key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;

beforeAll(async () => {
  [env, run] = await Promise.all([startAccountsRuntime(), startBrowser('crm-usage')]);
});
afterAll(async () => {
  await run?.close();
  await env?.stop();
});

describe('custom fields in use, a company’s lists and leads, contact lists edited', { timeout: 300_000 }, () => {
  it('a person relabels a field, sees where it is used, follows a company to its lists and leads, and edits a contact list', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const ok = async (r: Promise<{ status: number; text: string; body: any }>) => {
      const res = await r;
      expect(res.status, res.text).toBeLessThan(300);
      return res.body;
    };
    await ok(api.post('/api/companies/custom-fields', { slug: 'revenue', label: 'Revenue', fieldType: 'number' }));
    await ok(api.post('/api/companies/custom-fields', { slug: 'tier', label: 'Tier', fieldType: 'text' }));
    await ok(api.post('/api/contacts/custom-fields', { slug: 'seniority', label: 'Seniority', fieldType: 'text' }));
    const acme = await ok(api.post('/api/companies', { name: 'Acme <b>Ltd</b>', customFields: { revenue: 900, tier: 'gold' } }));
    await ok(api.post('/api/companies', { name: 'Beta GmbH', customFields: { revenue: 10 } }));
    const targets = await ok(api.post('/api/company-lists', { name: 'Q3 targets' }));
    await ok(api.post(`/api/company-lists/${targets.id}/companies`, { companyIds: [acme.id] }));
    const rich = await ok(
      api.post('/api/company-lists', { name: 'Big spenders', type: 'SMART', filters: [{ field: 'cf_revenue', operator: 'gt', value: 100 }] }),
    );
    await ok(api.post('/api/pipelines', { name: 'Sales', isDefault: true }));
    const ada = await ok(api.post('/api/contacts', { firstName: 'Ada', lastName: 'Lovelace', companyId: acme.id, customFields: { seniority: 'lead' } }));
    const bob = await ok(api.post('/api/contacts', { firstName: 'Bob', lastName: 'Smith' }));
    const carol = await ok(api.post('/api/contacts', { firstName: 'Carol', lastName: 'Jones' }));
    const lead = await ok(api.post('/api/leads', { contactId: ada.id, title: 'Acme renewal' }));
    const webinar = await ok(api.post('/api/contact-lists', { name: 'Webinar', type: 'STATIC' }));
    await ok(api.post(`/api/contact-lists/${webinar.id}/contacts`, { contactIds: [ada.id, bob.id, carol.id] }));

    const p = await run.newPage();
    await p.signIn(env.rt.url, account);
    await p.click('link', 'Custom fields');
    await p.waitForText('cf_revenue');
    await p.check('custom-fields');

    // Relabel: the API's field error next to the field first, then for real.
    await p.click('button', 'Edit label of Tier');
    await p.fill('New label for cf_tier', ' ');
    await p.click('button', 'Save label');
    await p.waitForText(/label should not be empty|label must/);
    expect(await (await p.byLabel('New label for cf_tier')).evaluate((e) => e.getAttribute('aria-invalid'))).toBe('true');
    await p.check('custom-field-label-error');
    await p.fill('New label for cf_tier', 'Customer tier');
    await p.click('button', 'Save label');
    await p.waitForText('Customer tier');
    expect((await api.get('/api/companies/custom-fields')).body.data.find((d: { slug: string }) => d.slug === 'tier').label).toBe('Customer tier');

    // Where used: counted on demand.
    await p.click('button', 'See where used for Revenue');
    await p.waitForText('2 companies with a value');
    await p.waitForText('Smart list Big spenders');
    await p.click('button', 'See where used for Customer tier');
    let text = await p.waitForText('1 company with a value');
    expect(text).toContain('No smart list filters on it');
    await p.click('button', 'See where used for Seniority');
    await p.waitForText('1 contact with a value');
    await p.check('custom-fields-usage');
    await p.click('link', 'Big spenders');
    await p.waitForLocation((l) => l.endsWith(`/company-lists/${rich.id}`));
    await p.waitForText('Acme <b>Ltd</b>');

    // The company page: its lists (static and smart) and its leads, with links.
    await p.click('link', 'Acme <b>Ltd</b>');
    await p.waitForLocation((l) => l.endsWith(`/companies/${acme.id}`));
    await p.waitForText('Q3 targets');
    text = await p.waitForText('Acme renewal');
    expect(text).toContain('Big spenders (smart list: its rules match)');
    expect(text).toContain('Q3 targets (static list)');
    await p.check('company-lists-leads');
    await p.click('link', 'Acme renewal');
    await p.waitForLocation((l) => l.endsWith(`/leads/${lead.id}`));
    await p.goto(`${env.rt.url}/app/companies/${acme.id}`);
    await p.click('link', 'Q3 targets');
    await p.waitForLocation((l) => l.endsWith(`/company-lists/${targets.id}`));

    // A contact's lists.
    await p.goto(`${env.rt.url}/app/contacts/${ada.id}`);
    await p.waitForText('Webinar (3 members)');
    await p.check('contact-lists-of-contact');

    // The contact list: rename (field error first), remove selected members, delete after a confirm.
    await p.click('link', 'Webinar');
    await p.waitForText('3 members');
    await p.click('button', 'Rename list');
    await p.fill('New list name', 'x'.repeat(201));
    await p.click('button', 'Save name');
    await p.waitForText(/name must be shorter/);
    expect(await (await p.byLabel('New list name')).evaluate((e) => e.getAttribute('aria-invalid'))).toBe('true');
    await p.check('contact-list-rename-error');
    await p.fill('New list name', 'Webinar 2026');
    await p.click('button', 'Save name');
    await p.waitForText('Webinar 2026');
    await p.waitForText('Carol Jones');
    await p.click('checkbox', 'Select Bob Smith');
    await p.click('checkbox', 'Select Carol Jones');
    await p.click('button', 'Remove selected from list (2)');
    await p.waitForText('Removed 2 contacts from the list.');
    await p.waitForText('1 member.');
    await expect.poll(async () => (await p.text()).includes('Bob Smith'), { timeout: 10_000 }).toBe(false);
    await p.check('contact-list-removed');
    expect((await api.get(`/api/contact-lists/${webinar.id}`)).body).toMatchObject({ name: 'Webinar 2026', memberCount: 1 });
    await p.click('button', 'Delete list');
    await p.waitForText('Delete the list “Webinar 2026”? Its contacts stay.');
    await p.check('contact-list-confirm-delete');
    await p.click('button', 'Yes, delete list');
    await p.waitForLocation((l) => l.endsWith('/contact-lists'));
    await p.waitForText('No lists yet.');
    expect((await api.get(`/api/contact-lists/${webinar.id}`)).status).toBe(404);
    expect((await api.get(`/api/contacts/${ada.id}`)).status).toBe(200);

    // A narrow screen.
    await p.page.setViewport({ width: 390, height: 844 });
    await p.goto(`${env.rt.url}/app/companies/${acme.id}`);
    await p.waitForText('Acme renewal');
    await p.check('company-390');
    await p.goto(`${env.rt.url}/app/custom-fields`);
    await p.waitForText('cf_revenue');
    await p.check('custom-fields-390');
    await p.close();
  });
});

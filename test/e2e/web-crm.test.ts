// Issue 23 item 4: the CRM pages in real Chromium, checked by what a person sees; every page is
// screenshotted (paths printed) and checked with axe-core (no serious or critical violation), CSP and
// page errors. The data the journey does not create through the pages is set up over the public API
// with the account's key (same workspace).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// Each journey drives a real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 180_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;

beforeAll(async () => {
  [env, run] = await Promise.all([startAccountsRuntime(), startBrowser('crm')]);
});
afterAll(async () => {
  await run?.close();
  await env?.stop();
});

describe('companies: custom field, create, filter, open, edit, delete', () => {
  it('a person defines a custom field, creates a company with it, finds it with a filter and opens it', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    for (const name of ['Small Co', 'Middle Co']) expect((await api.post('/api/companies', { name })).status).toBe(201);
    const list = await api.post('/api/company-lists', { name: 'Targets', type: 'STATIC' });
    expect(list.status).toBe(201);

    const p = await run.newPage();
    p.page.on('dialog', (d) => void d.accept());
    await p.signIn(env.rt.url, account);

    // The custom field, defined on its page.
    await p.click('link', 'Custom fields');
    await p.waitForText('Company fields');
    await p.check('custom-fields-empty');
    await p.fill('Label', 'Revenue');
    await p.fill('Key', 'Bad Key');
    await p.fill('Type', 'number');
    await p.click('button', 'Define company field');
    await p.waitForText('slug must be lower_snake (a-z, 0-9, _), start with a letter, at most 48 characters');
    await p.check('custom-fields-error');
    await p.fill('Key', 'revenue');
    await p.click('button', 'Define company field');
    await p.waitForText('cf_revenue');
    await p.check('custom-fields');

    // The company, with the API's field error next to the custom field first.
    await p.click('link', 'Companies');
    await p.waitForText('Small Co');
    await p.click('button', 'New company');
    await p.fill('Name', 'Acme <b>GmbH</b>');
    await p.fill('Revenue', 'a lot');
    await p.click('button', 'Create company');
    await p.waitForText('customFields.revenue must be a number');
    expect(await (await p.byLabel('Revenue')).evaluate((e) => e.getAttribute('aria-invalid'))).toBe('true');
    await p.check('company-create-error');
    await p.fill('Revenue', '5000');
    await p.click('button', 'Create company');
    await p.waitForLocation((l) => /^\/app\/companies\/[^/]+$/.test(l));
    // Both on the company page (the form it comes from is still mounted while the page's chunk loads).
    await p.waitForText('Acme <b>GmbH</b>'); // user data is text
    const text = await p.waitForText('5000');
    expect(text).toContain('Acme <b>GmbH</b>');
    await p.check('company');
    const companyPath = p.location();

    // Found with a filter on the custom field; the others are not listed.
    await p.click('link', 'Companies');
    await p.waitForText('Middle Co');
    await p.click('button', 'Add filter');
    await p.fill('Field of filter 1', 'cf_revenue');
    await p.fill('Operator of filter 1', 'gte');
    await p.fill('Value of filter 1', '1000');
    await p.click('button', 'Apply filters');
    await p.waitForLocation((l) => l.includes('filters='));
    await p.waitForText(/Acme <b>GmbH<\/b>/);
    await expect.poll(async () => (await p.text()).includes('Middle Co'), { timeout: 10_000 }).toBe(false);
    expect(await p.text()).not.toContain('Small Co');
    await p.check('companies-filtered');

    // An invalid filter: the API's exact 400 message.
    await p.fill('Value of filter 1', 'a lot');
    await p.click('button', 'Apply filters');
    const bad = await api.get(`/api/companies?filters=${encodeURIComponent(JSON.stringify([{ field: 'cf_revenue', operator: 'gte', value: 'a lot' }]))}`);
    expect(bad.status).toBe(400);
    await p.waitForText(bad.body.message);
    expect(bad.body.message).toBe('value of cf_revenue gte is not valid');
    await p.check('companies-filter-invalid');

    // Open it from the table; its contacts and channels, a duplicate named.
    const companyId = companyPath.split('/').pop()!;
    const first = await api.post('/api/contacts', { firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test', companyId });
    expect(first.status).toBe(201);
    expect((await api.post('/api/contacts', { firstName: 'G.', lastName: 'Hopper', email: 'grace@acme.test', companyId })).status).toBe(201);
    await p.fill('Value of filter 1', '1000');
    await p.click('button', 'Apply filters');
    await p.click('link', 'Acme <b>GmbH</b>');
    await p.waitForLocation((l) => l === companyPath);
    await p.waitForText(`duplicate of contact ${first.body.id}`);
    expect(await p.text()).toContain('Grace Hopper');
    await p.check('company-contacts');

    // Edit with an API field error, then for real; then delete.
    await p.click('button', 'Edit company');
    await p.fill('Name', ' ');
    await p.click('button', 'Save company');
    await p.waitForText(/name must/);
    await p.check('company-edit-error');
    await p.fill('Name', 'Acme AG');
    await p.fill('City', 'Zürich');
    await p.click('button', 'Save company');
    await p.waitForText('Zürich');
    expect(await p.text()).toContain('Acme AG');
    await p.click('button', 'Delete company');
    await p.waitForLocation((l) => l.startsWith('/app/companies') && l !== companyPath);
    expect((await api.get(`/api/companies/${companyId}`)).status).toBe(404);

    // Bulk actions on selected rows: add to a static list, delete.
    await p.waitForText('Middle Co');
    await p.click('checkbox', 'Select Small Co');
    await p.fill('List', list.body.id);
    await p.click('button', 'Add to list');
    await p.waitForText('Added 1; 0 already in the list.');
    expect((await api.get(`/api/company-lists/${list.body.id}/members`)).body.data.map((c: { name: string }) => c.name)).toEqual(['Small Co']);
    await p.click('checkbox', 'Select Middle Co');
    await p.check('companies-selected');
    await p.click('button', 'Delete selected');
    await p.waitForText('Deleted 1 company.');
    await expect.poll(async () => (await p.text()).includes('Middle Co'), { timeout: 10_000 }).toBe(false);

    // A narrow screen.
    await p.page.setViewport({ width: 390, height: 844 });
    await p.goto(`${env.rt.url}/app/companies`);
    await p.waitForText('Small Co');
    await p.check('companies-390');
    await p.close();
  }, 240_000); // one long journey of about 15 pages, each screenshotted and checked with axe, on a shared 2-core machine

  it('company lists: a static one made on the page, a smart one from the filter builder, its members listed', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    for (const name of ['Acme Robotics', 'Zeta Foods']) expect((await api.post('/api/companies', { name })).status).toBe(201);
    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/company-lists');
    await p.waitForText('No lists yet.');
    await p.fill('Static list name', 'Trade fair 2026');
    await p.click('button', 'Create static list');
    await p.waitForText('Trade fair 2026');
    await p.fill('Smart list name', 'Acme family');
    await p.click('button', 'Add filter');
    await p.fill('Operator of filter 1', 'contains');
    await p.fill('Value of filter 1', 'acme');
    await p.click('button', 'Create smart list');
    await p.waitForText('Smart list “Acme family” created.');
    await p.check('company-lists');
    await p.click('link', 'Acme family');
    await p.waitForText('Acme Robotics');
    expect(await p.text()).not.toContain('Zeta Foods');
    await p.check('company-list-smart');
    await p.close();
  }, 120_000);

  it('suppression and stop-list: an address added with the API field error first, then removed', async () => {
    const account = await activeAccount(env);
    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/suppression');
    await p.waitForText('Suppression and stop-list');
    await p.click('button', 'Add to the suppression list');
    await p.waitForText(/email|domain/i);
    await p.fill('Email address', 'Ada@Example.com');
    await p.fill('Note', 'asked by phone');
    await p.click('button', 'Add to the suppression list');
    await p.waitForText('ada@example.com');
    await p.fill('Domain', 'competitor.test');
    await p.click('button', 'Add to the stop-list');
    await p.waitForText('domain: competitor.test');
    await p.check('suppression');
    await p.click('button', 'Remove domain: competitor.test');
    await expect.poll(async () => (await p.text()).includes('domain: competitor.test'), { timeout: 10_000 }).toBe(false);
    await p.close();
  }, 120_000);
});

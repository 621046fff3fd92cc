// Issue 23 item 4: contacts, contact lists and data-subject requests in real Chromium, checked by what a
// person sees; every page is screenshotted (paths printed) and checked with axe-core (no serious or
// critical violation), CSP and page errors. Data the journey does not create through the pages is set up
// over the public API with the account's key (same workspace).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;

beforeAll(async () => {
  [env, run] = await Promise.all([startAccountsRuntime(), startBrowser('contacts')]);
});
afterAll(async () => {
  await run?.close();
  await env?.stop();
});

describe('contacts, contact lists and data-subject requests', { timeout: 300_000 }, () => {
  it('a person creates contacts, adds selected rows to a list, opens it, deletes one, and files DSAR requests', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const company = await api.post('/api/companies', { name: 'Acme Ltd' });
    expect(company.status).toBe(201);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account);
    await p.click('link', 'Contacts');
    await p.waitForText('No contacts match.');
    await p.check('contacts-empty');

    // A contact made on the page: the API's field error next to its field first, then for real.
    await p.click('button', 'New contact');
    await p.fill('First name', 'A'.repeat(81));
    await p.click('button', 'Create contact');
    await p.waitForText(/firstName/);
    expect(await (await p.byLabel('First name')).evaluate((e) => e.getAttribute('aria-invalid'))).toBe('true');
    await p.check('contact-create-error');
    await p.fill('First name', 'Ada');
    await p.fill('Last name', 'Lovelace');
    await p.fill('Position', '<img src=x onerror=alert(1)>');
    await p.fill('Email', 'ada@acme.test');
    await p.fill('Company', company.body.id);
    await p.click('button', 'Create contact');
    await p.waitForLocation((l) => /^\/app\/contacts\/[^/]+$/.test(l));
    await p.waitForText('email: ada@acme.test');
    const contactText = await p.waitForText('Acme Ltd'); // the company link's name, once the company has loaded
    expect(contactText).toContain('<img src=x onerror=alert(1)>'); // user data is text
    await p.check('contact');
    await p.click('link', 'Acme Ltd');
    await p.waitForText('Ada Lovelace');
    await p.check('company-with-contact');

    for (const [firstName, email] of [
      ['Bob', 'bob@acme.test'],
      ['Carol', 'carol@acme.test'],
    ])
      expect((await api.post('/api/contacts', { firstName, lastName: 'Smith', email })).status).toBe(201);

    // A contact list made on its page.
    await p.click('link', 'Contact lists');
    await p.waitForText('No lists yet.');
    await p.fill('List name', 'Webinar 2026');
    await p.click('button', 'Create contact list');
    await p.waitForText('Contact list “Webinar 2026” created.');
    await p.check('contact-lists');
    const listId = (await api.get('/api/contact-lists')).body.data.find((l: { name: string }) => l.name === 'Webinar 2026').id as string;

    // Selected rows into the list; a search narrows the table.
    await p.click('link', 'Contacts');
    await p.waitForText('Carol Smith');
    await p.click('checkbox', 'Select Ada Lovelace');
    await p.click('checkbox', 'Select Bob Smith');
    await p.fill('Contact list', listId);
    await p.check('contacts-selected');
    await p.click('button', 'Add to list');
    await p.waitForText('Added 2; 0 already in the list.');
    await p.fill('Search contacts', 'carol');
    await p.click('button', 'Search');
    await p.waitForLocation((l) => l.includes('q=carol'));
    await expect.poll(async () => (await p.text()).includes('Bob Smith'), { timeout: 10_000 }).toBe(false);
    expect(await p.text()).toContain('Carol Smith');
    await p.check('contacts-search');

    // The list shows them; a third added from the list's own page.
    await p.click('link', 'Contact lists');
    await p.click('link', 'Webinar 2026');
    await p.waitForText('Bob Smith');
    let text = await p.waitForText('Ada Lovelace');
    expect(text).toContain('2 members');
    expect(text).not.toContain('Carol Smith');
    await p.fill('Find contacts to add', 'carol');
    await p.click('button', 'Find');
    await p.click('button', 'Add Carol Smith');
    await p.waitForText('Added to the list.');
    await p.waitForText('3 members');
    await p.check('contact-list');

    // Delete one, asked on the page first.
    await p.click('link', 'Contacts');
    await p.waitForText('Carol Smith');
    await p.click('checkbox', 'Select Carol Smith');
    await p.click('button', 'Delete selected');
    await p.waitForText('Delete 1 selected contact with their channels and list memberships?');
    await p.check('contacts-confirm-delete');
    await p.click('button', 'Yes, delete selected');
    await p.waitForText('Deleted 1 contact.');
    await expect.poll(async () => (await p.text()).includes('Carol Smith'), { timeout: 10_000 }).toBe(false);
    expect((await api.get(`/api/contact-lists/${listId}`)).body.memberCount).toBe(2);

    // Data-subject requests: an access request answered with the recorded source, then an erasure.
    await p.click('link', 'Data-subject requests');
    await p.waitForText('No requests yet.');
    await p.fill('The person’s email address', 'not an address');
    await p.click('button', 'File the request');
    await p.waitForText(/email must/);
    await p.check('dsar-error');
    await p.fill('Request', 'source');
    await p.fill('The person’s email address', 'Ada@Acme.test');
    await p.click('button', 'File the request');
    await p.waitForText('1 contact holds this address. It is not suppressed.');
    text = await p.waitForText('completed');
    expect(text).toMatch(/manual/);
    await p.check('dsar-access');
    const access = (await api.get('/api/dsar')).body.data[0];
    expect(access).toMatchObject({ type: 'source', status: 'completed' });
    expect(text).toContain(access.emailMasked);

    await p.fill('Request', 'erasure');
    await p.fill('The person’s email address', 'bob@acme.test');
    await p.click('button', 'File the request');
    await p.waitForText('Address suppressed. Erased 1 contact, 1 channel, 0 leads and 1 list membership.');
    await p.check('dsar-erasure');
    expect((await api.get('/api/dsar')).body.data.map((d: { type: string }) => d.type)).toEqual(['erasure', 'source']);
    await p.click('link', 'Contacts');
    await p.waitForText('Ada Lovelace');
    expect(await p.text()).not.toContain('Bob Smith');

    // A narrow screen.
    await p.page.setViewport({ width: 390, height: 844 });
    await p.goto(`${env.rt.url}/app/contacts`);
    await p.waitForText('Ada Lovelace');
    await p.check('contacts-390');
    await p.goto(`${env.rt.url}/app/dsar`);
    await p.waitForText('Erasure');
    await p.check('dsar-390');
    await p.close();
  });
});

// Issue 23 items 5 and 6 in real Chromium: a 2,000-row CSV with duplicates and rejected rows imported
// through the import page (file, mapping, dedupe choices, preview, job with a live progress bar, summary,
// rejected rows downloaded), a file of people imported as Contacts straight into a new contact list, and a lead moved across the kanban board by drag and drop and by the
// keyboard's "move to" path. Every page is screenshotted and checked with axe at 1280 and 390 px.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// Each journey drives a real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 180_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime(), startBrowser('imports-leads')])));
afterAll(async () => (await run?.close(), await env?.stop()));

const UNIQUE = 1800;
const DUPLICATES = 190;
const NAMELESS = 10;
const workDir = path.join(process.env.TMPDIR || '/tmp', `web-imports-${process.pid}`);

/** 1,800 new companies, 190 rows repeating an earlier row's domain, 10 rows without a name: 2,000 rows. */
function writeCsv() {
  const lines = ['\uFEFFCompany,Domain,Email,First name'];
  for (let i = 0; i < UNIQUE; i++) lines.push(`"Firm ${i}, Ltd",firm${i}.test,ceo@firm${i}.test,Ann ${i}`);
  for (let i = 0; i < DUPLICATES; i++) lines.push(`"Firm ${i} again",https://www.firm${i}.test/,sales@firm${i}.test,Bob`);
  for (let i = 0; i < NAMELESS; i++) lines.push(`,nameless${i}.test,x@nameless${i}.test,Cy`);
  mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, 'companies.csv');
  writeFileSync(file, lines.join('\r\n') + '\r\n');
  return file;
}

/** The summary's figures as the page shows them ({Created: '1800', …}). */
const summaryOf = (p: Awaited<ReturnType<BrowserRun['newPage']>>) =>
  p.page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const dt of Array.from(document.querySelectorAll('dl.summary dt'))) out[dt.textContent!.trim()] = dt.nextElementSibling!.textContent!.trim();
    return out;
  });

describe('imports', () => {
  it('imports a 2,000-row CSV with duplicates: preview, live progress to 100 %, the summary and the rejected rows', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const csv = writeCsv();
    const p = await run.newPage();
    await p.signIn(env.rt.url, account);
    await p.click('link', 'Import a file');
    await p.waitForText('Import companies and contacts');
    await p.check('import-empty');

    const input = (await p.byLabel('CSV file')) as Awaited<ReturnType<typeof p.byLabel>> & { uploadFile(f: string): Promise<void> };
    await input.uploadFile(csv);
    await p.waitForText('companies.csv: 2,000 rows, 4 columns');
    // The mapping guessed from the header; the dedupe choices of the spec.
    const mapped = await p.page.$$eval('table select', (s) => s.map((x) => (x as HTMLSelectElement).value));
    expect(mapped).toEqual(['name', 'domain', 'c:email', 'c:firstName']);
    await p.fill('Find duplicates by', 'domain');
    await p.fill('When a company exists', 'skip');
    await p.click('button', 'Preview');
    await p.waitForText('Duplicates (190)', 60_000);
    expect(await p.text()).toContain('Row 1802: skipped as a duplicate of row 2 of this file (same domain firm0.test)');
    await p.check('import-preview');

    await p.click('button', 'Import 2,000 rows');
    await p.waitForLocation((l) => l.startsWith('/app/imports/jobs/'), 30_000);
    const jobId = decodeURIComponent(p.location().split('/').pop()!);
    await p.waitForText(/Importing|Waiting to start|Done/);
    await p.check('import-running');
    // Watch the bar: its value never goes back, and it reaches its max (bounded: 5 minutes on a loaded machine).
    const seen: number[] = [];
    const deadline = Date.now() + 300_000;
    for (;;) {
      const bar = await p.page.$eval('progress', (e) => ({ value: (e as HTMLProgressElement).value, max: (e as HTMLProgressElement).max }));
      if (seen.at(-1) !== bar.value) seen.push(bar.value);
      expect(bar.max).toBe(2000);
      if (bar.value === bar.max && (await p.text()).includes('Summary')) break;
      if (Date.now() > deadline) throw new Error(`the import did not finish in 5 minutes; progress seen: ${seen.join(', ')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`progress values seen: ${seen.join(', ')}`);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await p.text()).toContain('100 %: 2,000 of 2,000 rows');

    const job = (await api.get(`/api/companies/import/jobs/${jobId}`)).body;
    expect(job.result).toMatchObject({ created: UNIQUE, skipped: DUPLICATES, updated: 0 });
    expect(job.result.errors).toHaveLength(NAMELESS);
    expect(await summaryOf(p)).toMatchObject({
      Created: String(UNIQUE),
      Updated: '0',
      'Skipped as duplicates': String(DUPLICATES),
      Rejected: String(NAMELESS),
      'Contacts created': String(job.result.contactsCreated),
    });
    expect(await p.text()).toContain('Duplicates (190)');
    await p.check('import-done');

    // The rejected rows with their reasons and their own columns, as the file the button hands the browser
    // (the Blob behind the download link, read back in the page).
    await p.page.evaluate(() => {
      const seen: Blob[] = ((window as unknown as { downloads: Blob[] }).downloads = []);
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => (seen.push(blob as Blob), create(blob));
    });
    await p.click('button', `Download ${NAMELESS} rejected rows with reasons`);
    await p.page.waitForFunction(() => (window as unknown as { downloads: Blob[] }).downloads.length === 1, { timeout: 10_000 });
    const rejected = (await p.page.evaluate(() => (window as unknown as { downloads: Blob[] }).downloads[0].text())).split('\r\n');
    expect(rejected[0]).toBe('row,reason,Company,Domain,Email,First name');
    expect(rejected[1]).toMatch(/^1992,[^,]*name[^,]*,,nameless0\.test,x@nameless0\.test,Cy$/);
    expect(rejected.filter(Boolean)).toHaveLength(NAMELESS + 1);

    // Leaving and coming back by the URL shows the job (from the API, without the file in memory).
    await p.goto(`${env.rt.url}/app/`);
    await p.goto(`${env.rt.url}/app/imports/jobs/${encodeURIComponent(jobId)}`);
    await p.waitForText('Summary');
    expect(await summaryOf(p)).toMatchObject({ Created: String(UNIQUE), Rejected: String(NAMELESS) });
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('import-done-390');
    await p.close();
  }, 420_000);

  it('a file of people without company names cannot start as companies; as Contacts it goes straight into a new contact list', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    mkdirSync(workDir, { recursive: true });
    const file = path.join(workDir, 'people.csv');
    writeFileSync(file, 'Domain;Email;First name\nacme.test;ann@acme.test;Ann\nbeta.test;ben@beta.test;Ben\ncore.test;cleo@core.test;Cleo\n');
    const p = await run.newPage();
    await p.page.setViewport({ width: 390, height: 844 });
    await p.signIn(env.rt.url, account, '/imports');
    const input = (await p.byLabel('CSV file')) as Awaited<ReturnType<typeof p.byLabel>> & { uploadFile(f: string): Promise<void> };
    await input.uploadFile(file);
    await p.waitForText('Map a column to Company name');
    expect(await p.page.$eval('::-p-aria([name="Import 3 rows"][role="button"])', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await p.check('import-mapping-390');

    // The same file as contacts: no company is needed or made up; the Domain column is said to stay behind.
    await p.choose('The file holds', 'Contacts');
    await p.waitForText('Not imported: Domain.');
    expect(await p.page.$$eval('table select', (s) => s.map((x) => (x as HTMLSelectElement).value))).toEqual(['', 'email', 'firstName']);
    await p.choose('Put the contacts into', 'A new contact list');
    await p.waitForText('Name the new contact list.');
    expect(await p.page.$eval('::-p-aria([name="Import 3 rows"][role="button"])', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await p.fill('New list name', 'Trade fair');
    await p.check('import-contacts-390');
    await p.click('button', 'Import 3 rows');
    await p.waitForLocation((l) => l.startsWith('/app/imports/jobs/') && l.endsWith('?kind=contacts'), 30_000);
    await p.waitForText('Summary', 60_000);
    const jobId = decodeURIComponent(p.location().split('?')[0].split('/').pop()!);
    await p.waitForText('Trade fair');
    const job = (await api.get(`/api/contacts/import/jobs/${jobId}`)).body;
    expect(job.result).toMatchObject({ created: 3, skipped: 0, errors: [] });
    expect(await summaryOf(p)).toMatchObject({ Created: '3', Rejected: '0', 'Contact list': 'Trade fair' });
    await p.check('import-contacts-done-390');

    // The summary links the list; the list shows its three members (and the API agrees).
    await p.click('link', 'Trade fair');
    await p.waitForText('cleo@core.test');
    expect(await p.text()).toMatch(/ann@acme\.test[\s\S]*ben@beta\.test|ben@beta\.test[\s\S]*ann@acme\.test/);
    const members = (await api.get(`/api/contact-lists/${job.result.listId}/contacts`)).body.data as { email: string }[];
    expect(members.map((m) => m.email).sort()).toEqual(['ann@acme.test', 'ben@beta.test', 'cleo@core.test']);
    expect((await api.get('/api/companies')).body.data).toEqual([]);
    await p.close();
  });
});

describe('leads kanban', () => {
  it('moves a lead across the board by drag and drop and by the keyboard, and opens its dossier', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const contact = await api.post('/api/contacts', { email: 'dana@client.test', firstName: 'Dana', lastName: 'Client' });
    expect(contact.status).toBe(201);
    const lead = await api.post('/api/leads', { contactId: contact.body.id, title: 'Dana at Client', interest: 'medium' });
    expect(lead.status).toBe(201);
    const stageOf = async () => {
      const board = (await api.get('/api/leads/kanban')).body as { stages: { name: string; leads: { id: string }[] }[] };
      return board.stages.find((s) => s.leads.some((l) => l.id === lead.body.id))?.name;
    };
    expect(await stageOf()).toBe('New');

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/leads');
    await p.waitForText('Dana at Client');
    expect(await p.text()).toContain('Interest: medium');
    await p.check('leads-board');

    // Drag and drop: the browser's own DragEvents with one DataTransfer, card → the Qualified column.
    await p.page.evaluate(() => {
      const card = Array.from(document.querySelectorAll('.kanban-card')).find((c) => c.textContent?.includes('Dana at Client'))!;
      const column = Array.from(document.querySelectorAll('.kanban-column')).find((c) => c.querySelector('h2')?.textContent?.startsWith('Qualified'))!;
      const dataTransfer = new DataTransfer();
      card.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer }));
      column.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer }));
      column.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
    });
    const until = Date.now() + 10_000;
    while ((await stageOf()) !== 'Qualified' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await stageOf()).toBe('Qualified');
    await p.waitForText(/Qualified \(1\)/);

    // The keyboard path: the card's "move to" select and its Move button.
    await p.fill(
      'Move Dana at Client to',
      await p.page.$eval('::-p-aria([name="Move Dana at Client to"])', (s) => {
        const option = Array.from((s as HTMLSelectElement).options).find((o) => o.text === 'Won')!;
        return option.value;
      }),
    );
    const move = await p.page.waitForSelector('::-p-aria([name="Move Dana at Client"][role="button"])');
    await move!.focus();
    await p.press('Enter');
    await p.waitForText(/Won \(1\)/);
    expect(await stageOf()).toBe('Won');
    await p.page.setViewport({ width: 390, height: 844 });
    // At 390 px the board scrolls inside itself; the page never gets wider than the screen.
    await p.page.waitForFunction(() => document.documentElement.scrollWidth <= 390, { timeout: 5_000 });
    await p.check('leads-board-390');

    await p.click('link', 'Dana at Client');
    await p.waitForText('Activity');
    expect(await p.text()).toContain('Won');
    await p.check('lead-dossier');
    await p.close();
  });
});

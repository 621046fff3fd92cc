// Issue 23 item 6, the editing half, in real Chromium: a person creates a pipeline with two stages (after
// the API refused an empty stage name, shown next to that field), adds a stage, creates an automation
// and sees it listed, chooses the pipeline on the board, moves a lead into the automated stage and sees
// the automation's task on the dossier, sets a lead's interest on its card and on its dossier, makes
// another pipeline the default, and deletes empty pipelines after confirming. What the pages show is checked against the API; every
// page is screenshotted and checked with axe.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime(), startBrowser('leads')])));
afterAll(async () => (await run?.close(), await env?.stop()));

interface ApiPipeline {
  id: string;
  name: string;
  isDefault: boolean;
  stages: { id: string; name: string; kind: string }[];
  automations?: { stageId: string; name?: string; actions: { type: string }[] }[];
}

/** The text of the field error that the field labelled `label` points to (aria-describedby), or null. */
const errorOf = (p: AppPage, label: string) =>
  p.byLabel(label).then((el) =>
    el.evaluate((e) => {
      const ids = (e.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const error = ids.map((id) => document.getElementById(id)).find((x) => x?.classList.contains('field-error'));
      return e.getAttribute('aria-invalid') === 'true' && error ? error.textContent : null;
    }),
  );

/** The option value of the select labelled `label` whose text is `text`. */
const optionValue = (p: AppPage, label: string, text: string) =>
  p.byLabel(label).then((el) => el.evaluate((s, t) => Array.from((s as HTMLSelectElement).options).find((o) => o.text === t)?.value ?? '', text));

describe('leads: pipelines, stages, automations and interest', () => {
  it('a person builds a pipeline, automates a stage, picks it on the board and sets interest on a card and on the dossier', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const pipelines = async () => (await api.get('/api/pipelines')).body.data as ApiPipeline[];
    const contact = await api.post('/api/contacts', { email: 'dana@client.test', firstName: 'Dana', lastName: 'Client' });
    expect((await api.post('/api/leads', { contactId: contact.body.id, title: 'Dana at Client', interest: 'medium' })).status).toBe(201);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/leads');
    await p.waitForText('Dana at Client');
    await p.check('board-default');

    // A new pipeline with two stages; the second stage's name left empty first: the API's message sits next to it.
    await p.click('link', 'Pipelines');
    await p.waitForText('New pipeline');
    await p.check('pipelines');
    await p.fill('Pipeline name', 'Enterprise deals');
    await p.click('button', 'Add a stage');
    await p.fill('Stage 1 name', 'Discovery');
    await p.click('button', 'Add a stage');
    await p.fill('Stage 2 kind', 'won');
    await p.click('button', 'Create pipeline');
    await p.waitForText('stages.1.name should not be empty');
    expect(await errorOf(p, 'Stage 2 name')).toBe('stages.1.name should not be empty');
    expect(await errorOf(p, 'Stage 1 name')).toBeNull();
    expect(await p.page.$eval('::-p-aria([name="Pipeline name"])', (e) => (e as HTMLInputElement).value)).toBe('Enterprise deals'); // input kept
    expect(await pipelines()).toHaveLength(1); // nothing created
    await p.check('pipeline-form-error');

    await p.fill('Stage 2 name', 'Signed');
    await p.click('button', 'Create pipeline');
    await p.waitForLocation((l) => l.startsWith('/app/leads/pipelines/'));
    await p.waitForText('Add a stage');
    const created = (await pipelines()).find((x) => x.name === 'Enterprise deals')!;
    expect(created.stages.map((s) => [s.name, s.kind])).toEqual([
      ['Discovery', 'open'],
      ['Signed', 'won'],
    ]);
    expect(created.isDefault).toBe(false);
    expect(p.location()).toBe(`/app/leads/pipelines/${created.id}`);
    expect(await p.text()).toContain('No automations yet');
    await p.check('pipeline-new');

    // A stage: empty name refused next to the field, then added where open stages go (before the won stage).
    await p.click('button', 'Add stage');
    await p.waitForText('name should not be empty');
    expect(await errorOf(p, 'Stage name')).toBe('name should not be empty');
    await p.fill('Stage name', 'Proposal');
    await p.click('button', 'Add stage');
    await p.waitForText('Stage Proposal added.');
    const stageNames = async () => p.page.$$eval('table.data tbody tr td:nth-child(2)', (tds) => tds.map((td) => td.textContent));
    await p.page.waitForFunction(() => document.querySelectorAll('table.data tbody tr').length === 3, { timeout: 20_000 });
    expect(await stageNames()).toEqual(['Discovery', 'Proposal', 'Signed']);

    // An automation on Proposal: a task and a notification; it is listed from the pipeline's read.
    await p.fill('When a lead enters', await optionValue(p, 'When a lead enters', 'Proposal'));
    await p.fill('Name (optional)', 'Proposal follow-up');
    await p.fill('Task title (action 1)', 'Send the proposal');
    await p.fill('Due in days (action 1)', '2');
    await p.click('button', 'Add an action');
    await p.fill('Action 2', 'notify');
    await p.fill('Notification title (action 2)', 'Proposal stage reached');
    await p.click('button', 'Create automation');
    await p.waitForText('Task “Send the proposal”, due in 2 days');
    const text = await p.waitForText('Notification “Proposal stage reached”');
    expect(text).toContain('Proposal follow-up: when a lead enters Proposal');
    const read = (await api.get(`/api/pipelines/${created.id}`)).body as ApiPipeline;
    expect(read.automations).toEqual([
      expect.objectContaining({
        name: 'Proposal follow-up',
        actions: [expect.objectContaining({ type: 'task' }), expect.objectContaining({ type: 'notify' })],
      }),
    ]);
    await p.check('pipeline-automation');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('pipeline-390');
    await p.page.setViewport({ width: 1280, height: 900 });

    // The board: it follows the pipeline chosen from the page, and the choice between pipelines.
    const enterpriseLead = await api.post('/api/leads', { contactId: contact.body.id, title: 'Dana, enterprise', pipelineId: created.id });
    expect(enterpriseLead.status).toBe(201);
    await p.click('link', 'Show it on the board');
    await p.waitForLocation((l) => l === `/app/leads?pipeline=${created.id}`);
    await p.waitForText(/Proposal \(0\)/);
    expect(await p.text()).toContain('Dana, enterprise');
    await p.fill('Pipeline', (await pipelines()).find((x) => x.isDefault)!.id);
    await p.waitForText('Dana at Client');
    expect(await p.text()).not.toContain('Dana, enterprise');
    await p.fill('Pipeline', created.id);
    await p.waitForText('Dana, enterprise');
    await p.waitForLocation((l) => l === `/app/leads?pipeline=${created.id}`);
    await p.check('board-enterprise');

    // Moving the lead into Proposal fires the automation: its task is on the dossier.
    await p.fill('Move Dana, enterprise to', await optionValue(p, 'Move Dana, enterprise to', 'Proposal'));
    await p.click('button', 'Move Dana, enterprise');
    await p.waitForText(/Proposal \(1\)/);
    await p.click('link', 'Dana, enterprise');
    await p.waitForText('task “Send the proposal”');
    await p.check('dossier-automation-fired');

    // Interest on the card of the default board.
    await p.click('link', 'Board');
    await p.waitForText('Dana at Client');
    await p.fill('Interest of Dana at Client', 'high');
    await p.click('button', 'Set interest of Dana at Client');
    await p.waitForText('Interest: high');
    const leadId = async () => {
      const board = (await api.get('/api/leads/kanban')).body as { stages: { leads: { id: string; title: string; interest: string }[] }[] };
      return board.stages.flatMap((s) => s.leads).find((l) => l.title === 'Dana at Client')!;
    };
    expect((await leadId()).interest).toBe('high');
    await p.check('board-interest-set');

    // Interest on the dossier, with a note for the timeline.
    await p.click('link', 'Dana at Client');
    await p.waitForText('Interest level');
    expect(await p.page.$eval('::-p-aria([name="Interest level"])', (e) => (e as HTMLSelectElement).value)).toBe('high');
    await p.fill('Interest level', 'low');
    await p.fill('Note (optional)', 'Went quiet after the demo');
    await p.click('button', 'Set interest');
    await p.waitForText('Interest set to low.');
    await p.waitForText('interest high → low: Went quiet after the demo');
    expect((await leadId()).interest).toBe('low');
    await p.check('dossier-interest-set');
    await p.close();
  });

  it('makes another pipeline the default, deletes empty pipelines after a confirmation; a workspace without pipelines is told how to start', async () => {
    const account = await activeAccount(env, 'Empty Co');
    const api = client(env.rt.url, { key: account.apiKey });
    const [first] = (await api.get('/api/pipelines')).body.data as ApiPipeline[];
    const spare = (await api.post('/api/pipelines', { name: 'Spare' })).body as ApiPipeline;
    const defaultName = async () => ((await api.get('/api/pipelines')).body.data as ApiPipeline[]).find((x) => x.isDefault)?.name;
    expect(await defaultName()).toBe(first.name);

    const p = await run.newPage();
    await p.signIn(env.rt.url, account, `/leads/pipelines/${spare.id}`);
    await p.click('button', 'Make it the default pipeline');
    await p.waitForText('The default pipeline: new leads go here.');
    expect(await defaultName()).toBe('Spare');

    await p.click('link', 'All pipelines');
    await p.click('link', first.name);
    await p.waitForText('Make it the default pipeline');
    await p.click('button', `Delete pipeline ${first.name}`);
    await p.waitForText(`Delete “${first.name}” and its automations? This cannot be undone.`);
    expect((await api.get('/api/pipelines')).body.data).toHaveLength(2); // asking deletes nothing
    await p.check('pipeline-delete-confirm');
    await p.click('button', `Yes, delete pipeline ${first.name}`);
    await p.waitForLocation((l) => l === '/app/leads/pipelines');
    await p.page.waitForFunction(() => document.querySelectorAll('table.data tbody tr').length === 1, { timeout: 20_000 });
    expect(((await api.get('/api/pipelines')).body.data as ApiPipeline[]).map((x) => x.name)).toEqual(['Spare']);

    await p.click('link', 'Spare');
    await p.click('button', 'Delete pipeline Spare');
    await p.click('button', 'Yes, delete pipeline Spare');
    await p.waitForText('No pipelines yet.');
    expect((await api.get('/api/pipelines')).body.data).toEqual([]);
    await p.check('pipelines-empty');
    await p.click('link', 'Board');
    await p.waitForText('This workspace has no pipeline yet.');
    await p.check('board-no-pipeline');
    await p.close();
  });
});

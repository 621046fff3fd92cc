// Issue 23 in real Chromium, two pages that had no journey: the import jobs list (jobs with their status and
// counts; opening one shows its progress and summary) and the invitation page (an invited person opens the
// link from the invitation mail in the local outbox, signs in, sees the workspace and the role, joins and
// lands in it; a used, unknown or expired link says so in words). Every page is screenshotted and checked with axe.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { client } from '../support/runtime.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 180_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
beforeAll(async () => ([env, run] = await Promise.all([startAccountsRuntime(), startBrowser('invite-import-jobs')])));
afterAll(async () => (await run?.close(), await env?.stop()));

type Api = ReturnType<typeof client>;

/** Starts an import as a job (Prefer: respond-async) and waits, bounded, until it has finished. */
async function importJob(api: Api, path: string, rows: Record<string, string>[], mapping: Record<string, string>) {
  const started = await api.post(path, { rows, mapping, options: { dedupeBy: 'domain', duplicateHandling: 'skip' } }, { prefer: 'respond-async' });
  expect(started.status).toBe(202);
  const jobId = started.body.jobId as string;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = (await api.get(`/api/companies/import/jobs/${encodeURIComponent(jobId)}`)).body;
    if (job.status === 'completed' || job.status === 'failed') return job as { jobId: string; status: string; result: Record<string, unknown> };
    if (Date.now() > deadline) throw new Error(`import job ${jobId} still ${job.status} after 2 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The jobs table as the person reads it: what, status, rows. */
const jobRows = (p: AppPage) =>
  p.page.$$eval('table.data tbody tr', (trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'))
        .slice(1)
        .map((td) => td.textContent!.trim()),
    ),
  );

describe('import jobs', () => {
  it('lists the jobs with status and counts, newest first; opening one shows its progress and summary', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/imports/jobs');
    await p.waitForText('No import jobs yet.');
    await p.check('import-jobs-empty');

    const companies = Array.from({ length: 40 }, (_, i) => ({ Company: `Job Firm ${i}`, Domain: `jobfirm${i}.test` }));
    const first = await importJob(api, '/api/companies/import/start', companies, { Company: 'name', Domain: 'domain' });
    expect(first.result).toMatchObject({ created: 40, skipped: 0 });
    // The second repeats 10 of those domains, adds 25 new companies with a contact each, and has 2 rows without a name.
    const combined = [
      ...Array.from({ length: 10 }, (_, i) => ({ Company: `Again ${i}`, Domain: `jobfirm${i}.test`, Email: `a${i}@jobfirm${i}.test` })),
      ...Array.from({ length: 25 }, (_, i) => ({ Company: `New Firm ${i}`, Domain: `newfirm${i}.test`, Email: `ceo@newfirm${i}.test` })),
      { Company: '', Domain: 'nameless1.test', Email: 'x@nameless1.test' },
      { Company: '', Domain: 'nameless2.test', Email: 'x@nameless2.test' },
    ];
    const second = await importJob(api, '/api/companies/import/combined', combined, { Company: 'name', Domain: 'domain', Email: 'c:email' });
    expect(second.result).toMatchObject({ created: 25, skipped: 10 });

    await p.page.reload();
    await p.waitForText('Companies and contacts');
    expect(await jobRows(p)).toEqual([
      ['Companies and contacts', 'Done', '37 of 37'],
      ['Companies', 'Done', '40 of 40'],
    ]);
    // The navigation marks this page only (not "Import a file", whose path this one's starts with).
    const current = () => p.page.$$eval('nav a[aria-current="page"]', (as) => as.map((a) => a.textContent));
    expect(await current()).toEqual(['Import jobs']);
    await p.check('import-jobs');

    // Open the newest: its bar at 100 % and the summary of what it did.
    await p.page.click('table.data tbody tr:first-child a');
    await p.waitForLocation((l) => l === `/app/imports/jobs/${encodeURIComponent(second.jobId)}`);
    const text = await p.waitForText('Summary');
    expect(text).toContain('100 %: 37 of 37 rows');
    const summary = await p.page.evaluate(() => {
      const out: Record<string, string> = {};
      for (const dt of Array.from(document.querySelectorAll('dl.summary dt'))) out[dt.textContent!.trim()] = dt.nextElementSibling!.textContent!.trim();
      return out;
    });
    expect(summary).toMatchObject({
      Created: '25',
      Updated: '0',
      'Skipped as duplicates': '10',
      Rejected: '2',
      'Contacts created': String(second.result.contactsCreated),
    });
    expect(await p.page.$eval('progress', (e) => [(e as HTMLProgressElement).value, (e as HTMLProgressElement).max])).toEqual([37, 37]);
    expect(await current()).toEqual(['Import jobs']);
    await p.check('import-job-summary');

    // And back to the list by its link.
    await p.click('link', 'All import jobs');
    await p.waitForText('Companies and contacts');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('import-jobs-390');
    await p.close();
  });
});

describe('invitation page', () => {
  /** The accept link of the newest invitation mail to `email` in the local outbox (the mail is written before the 202). */
  async function invitationLink(email: string, workspace: string) {
    const mails = (await env.http.get(`/_local/outbox?to=${encodeURIComponent(email)}`)).body.data as { subject: string; links?: Record<string, string> }[];
    const accept = mails.filter((m) => m.subject === `Invitation to the workspace ${workspace}` && m.links?.accept).at(-1)?.links?.accept;
    expect(accept).toBeDefined();
    const url = new URL(accept!);
    expect(url.pathname).toBe('/app/invite');
    return url.pathname + url.search;
  }

  it('an invited person opens the mailed link, signs in, sees the workspace and the role, joins and lands in it; a used or unknown link says so', async () => {
    const [owner, invitee] = await Promise.all([activeAccount(env, 'Inviting <Works>'), activeAccount(env, 'Invitee Co')]);
    const ownerApi = client(env.rt.url, { key: owner.apiKey });
    expect((await ownerApi.post('/api/tenants/members', { email: invitee.email, role: 'ADMIN' })).status).toBe(202);
    const link = await invitationLink(invitee.email, 'Inviting <Works>');

    // Not signed in: the link asks for sign-in and keeps the invitation.
    const p = await run.newPage();
    await p.goto(env.rt.url + link);
    await p.waitForLocation((l) => l.startsWith('/app/login'));
    await p.submitSignIn(invitee);
    await p.waitForLocation((l) => l === link);
    const shown = await p.waitForText('You were invited to join the workspace');
    expect(shown).toContain('You were invited to join the workspace Inviting <Works> as ADMIN');
    expect(shown).toContain('Nothing changes unless you accept');
    await p.check('invite');
    // Nothing changed yet: the invitee is not a member.
    const asInvitee = client(env.rt.url, { key: invitee.apiKey, headers: { 'x-tenant-id': owner.tenantId } });
    expect((await asInvitee.get('/api/tenants/members')).status).toBe(404);

    await p.click('button', 'Join Inviting <Works>');
    await p.waitForText('You are a member of Inviting <Works> as ADMIN.');
    await p.check('invite-accepted');
    await p.click('link', 'Open the workspace');
    await p.waitForLocation((l) => l === '/app' || l === '/app/');
    // The workspace shown is the one joined, and the person acts in it as ADMIN.
    await p.waitForText('Balance');
    const chosen = await (await p.byLabel('Workspace')).evaluate((s) => (s as HTMLSelectElement).selectedOptions[0].text);
    expect(chosen).toBe('Inviting <Works> (admin)');
    await p.click('link', 'Members');
    const members = await p.waitForText(owner.email);
    expect(members).toContain('Your role here: ADMIN');
    expect(members).toContain('Invite someone');
    expect((await asInvitee.get('/api/tenants/members')).status).toBe(200);
    await p.check('invite-landed-members');

    // The link is single use: opened again it says so in words, not as a missing page.
    await p.goto(env.rt.url + link);
    await p.waitForText('This invitation cannot be used');
    expect(await p.text()).not.toContain('Join Inviting');
    await p.check('invite-used');
    // An unknown token, and no token at all.
    await p.goto(`${env.rt.url}/app/invite?token=svc_inv_${'x'.repeat(32)}`);
    await p.waitForText('This invitation cannot be used');
    await p.goto(`${env.rt.url}/app/invite`);
    await p.waitForText('This invitation cannot be used');
    await p.page.setViewport({ width: 390, height: 844 });
    await p.check('invite-invalid-390');
    await p.close();
  });

  // Last in this file: it moves the runtime's clock past the invitation's 7 days.
  it('an expired invitation says so, and joins nothing', async () => {
    const [owner, invitee] = await Promise.all([activeAccount(env, 'Slow Inviter'), activeAccount(env, 'Late Co')]);
    expect((await client(env.rt.url, { key: owner.apiKey }).post('/api/tenants/members', { email: invitee.email, role: 'MEMBER' })).status).toBe(202);
    const link = await invitationLink(invitee.email, 'Slow Inviter');
    expect((await env.http.post('/_local/clock', { advanceMs: 8 * 24 * 3_600_000 })).status).toBe(200);

    const p = await run.newPage();
    await p.signIn(env.rt.url, invitee, link.replace(/^\/app/, ''));
    await p.waitForText('This invitation cannot be used');
    const text = await p.text();
    expect(text).toContain('it expired');
    expect(text).not.toContain('Join Slow Inviter');
    await p.check('invite-expired');
    expect((await client(env.rt.url, { key: invitee.apiKey, headers: { 'x-tenant-id': owner.tenantId } }).get('/api/tenants/members')).status).toBe(404);
    await p.close();
  });
});

// Issue 26 item 5 in real Chromium: a BYOC campaign set up over the API (three recipients poured,
// screened and their renders audited) is seen in the campaign list; on its page the send-readiness
// checklist passes, a person sends it, the funnel and the per-hour plot show what the API's metrics and
// series say (one open made through the email's own pixel), a pause with a note shows who paused and why
// in the activity log, and resume makes it active again. A RU recipient held for manual confirm is
// confirmed with its consent evidence and moves on to SCREENED; the campaign is renamed (a blank name
// answered next to its field first); another campaign is deleted after a confirmation and is gone from the
// list. Real parts: the local runtime (DynamoDB Local,
// send worker), smtp-server and Dovecot on 127.0.0.1. Every page is screenshotted and checked with axe,
// at 1280 px and once at 390 px.
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBrowser, type AppPage, type BrowserRun } from '../support/browser.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { client } from '../support/runtime.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { activeAccount, startAccountsRuntime } from './accounts-fixtures.js';
import { contactList, setupSendingWorkspace, waitFor } from './campaigns-fixtures.js';

// A real Chromium through several pages with axe: a bound for a shared 2-core machine, not a timing assertion.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });

let env: Awaited<ReturnType<typeof startAccountsRuntime>>;
let run: BrowserRun;
let dovecot: Dovecot;
let relay: Relay;
beforeAll(
  async () =>
    ([env, run, dovecot, relay] = await Promise.all([
      startAccountsRuntime({ SEND_SWEEP_MS: '500', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }),
      startBrowser('campaigns'),
      startDovecot(),
      startSmtpRelay(),
    ])),
);
afterAll(async () => {
  await run?.close();
  await Promise.all([env?.stop(), dovecot?.stop(), relay?.stop()]);
});

/** The funnel as the page shows it: step → count. */
const funnelOnPage = (p: AppPage) =>
  p.page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll('.funnel-steps li')).map((li) => [
        li.querySelector('.funnel-label')?.textContent ?? '',
        Number((li.querySelector('.funnel-figure')?.firstChild?.textContent ?? '').replace(/\D/g, '')),
      ]),
    ),
  );

/** The series plot's numbers table (its "The numbers" table), summed per column. */
const seriesTotalsOnPage = (p: AppPage) =>
  p.page.evaluate(() => {
    const table = Array.from(document.querySelectorAll('figure.plot table')).find((t) =>
      t.querySelector('caption')?.textContent?.startsWith('Funnel steps per'),
    );
    if (!table) return null;
    const heads = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
    const totals: Record<string, number> = {};
    for (const row of Array.from(table.querySelectorAll('tbody tr')))
      Array.from(row.querySelectorAll('td')).forEach((td, i) => (totals[heads[i + 1]] = (totals[heads[i + 1]] ?? 0) + Number(td.textContent)));
    return { rows: table.querySelectorAll('tbody tr').length, totals };
  });

describe('campaigns: list, readiness, manual confirm, send, metrics, pause with a note, resume, edit, delete', () => {
  it('a person confirms a RU recipient, sends an API-prepared campaign, reads its funnel and series as the API counts them, pauses, resumes, renames it and deletes another', async () => {
    const account = await activeAccount(env);
    const api = client(env.rt.url, { key: account.apiKey });
    const mailbox = `sales-${Date.now().toString(36)}@web-campaigns.test`;
    await setupSendingWorkspace(env.rt.deps, api, account.tenantId, { dovecot, relay, mailbox });
    const c = await api.post('/api/campaigns', { name: 'Spring routes', renderMode: 'BYOC' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id as string;
    const people = ['Ada', 'Ben', 'Cy'];
    // A fourth contact in Russia (by the address's ccTLD): prior consent needed, so held at screen.
    const { listId, ids: all } = await contactList(api, [
      ...people.map((n) => ({ firstName: n, email: `${n.toLowerCase()}@route-buyer.test` })),
      { firstName: 'Ivan', email: 'ivan@route-buyer.ru' },
    ]);
    const ids = all.slice(0, 3);
    const ivan = all[3];
    expect((await api.post(`/api/campaigns/${id}/pour`, { listId })).body.added).toBe(4);
    expect((await api.post(`/api/campaigns/${id}/screen`)).body).toMatchObject({ screened: 3, skipped: 1, reasons: { geo_manual_confirm: 1 } });
    const old = await api.post('/api/campaigns', { name: 'Old test campaign', renderMode: 'BYOC' });
    expect(old.status).toBe(201);
    const html = (n: string) => `<p>Hello ${n},</p><p>we help logistics teams plan routes. Would a short call next week be useful?</p>`;
    const submitted = await api.post(`/api/campaigns/${id}/rendered-emails`, {
      emails: ids.map((contactId, i) => ({ contactId, subject: `Routes for ${people[i]}`, html: html(people[i]) })),
    });
    expect(submitted.body.accepted, JSON.stringify(submitted.body)).toBe(3);

    // The list shows it with its state.
    const p = await run.newPage();
    await p.signIn(env.rt.url, account, '/campaigns');
    await p.waitForText('Spring routes');
    await p.waitForText('Draft: nothing sent yet');
    await p.check('campaigns-list');

    // Its page: the gates as a checklist, all passing, as the API says.
    await p.click('link', 'Spring routes');
    await p.waitForText('Ready to send: every gate passes.');
    const readiness = (await api.get(`/api/campaigns/${id}/send-readiness`)).body;
    expect(readiness.ready).toBe(true);
    const gates = await p.page.$$eval('ul.checklist li', (lis) => lis.map((li) => li.textContent ?? ''));
    expect(gates).toHaveLength(readiness.gates.length);
    expect(gates.every((g) => g.includes('Passed:'))).toBe(true);
    await p.check('campaign-ready');

    // The RU recipient is held for manual confirm; ticked by keyboard and confirmed with the consent evidence, it moves on.
    await p.waitForText('ivan@route-buyer.ru');
    const tick = await p.page.waitForSelector('::-p-aria([name="Select ivan@route-buyer.ru"][role="checkbox"])', { timeout: 20_000 });
    await tick!.focus();
    await p.press('Space');
    await p.fill('Evidence of prior consent', 'Signed consent form, trade fair Moscow, 2026-03-02, ref CF-118');
    await p.click('button', 'Confirm 1 selected recipient');
    await p.waitForText('ivan@route-buyer.ru: Confirmed: consent recorded, now SCREENED (ready to prepare).');
    await p.waitForText('No recipient is waiting for manual confirm.');
    const held = (await api.get(`/api/campaigns/${id}/recipients?status=SKIPPED&reason=geo_manual_confirm`)).body.data;
    expect(held).toEqual([]);
    const screenedNow = (await api.get(`/api/campaigns/${id}/recipients?status=SCREENED`)).body.data;
    expect(screenedNow).toEqual([
      expect.objectContaining({ contactId: ivan, country: 'RU', consent: expect.objectContaining({ evidence: expect.stringContaining('ref CF-118') }) }),
    ]);
    await p.check('campaign-confirmed');

    // Sent from the page: three emails leave through the relay; the funnel fills in without a reload.
    await p.fill('How many READY recipients to send to', '3');
    await p.click('button', 'Send');
    await p.waitForText('Handed to the send engine: 3 queued.');
    const sent = await waitFor('three emails at the relay', async () => {
      const m = relay.messages.filter((x) => x.to[0]?.endsWith('@route-buyer.test'));
      return m.length === 3 && m;
    });
    // One recipient opens the email: its own pixel, fetched as a mail client would.
    const opened = await simpleParser(sent[0].raw);
    const pixel = /\/t\/o\/[A-Za-z0-9._~-]+/.exec(String(opened.html))?.[0];
    expect(pixel, 'the open pixel in the sent email').toBeTruthy();
    expect((await fetch(env.rt.url + pixel)).status).toBe(200);
    const metrics = await waitFor('the API counts the sends and the open', async () => {
      const m = (await api.get(`/api/campaigns/${id}/metrics`)).body;
      return m.delivered === 3 && m.opened.unique === 1 && m;
    });
    await p.page.waitForFunction(() => document.querySelector('.funnel-steps')?.textContent?.includes('Opened1'), { timeout: 30_000 });
    expect(await funnelOnPage(p)).toEqual({
      Sent: metrics.sent,
      Delivered: metrics.delivered,
      Opened: metrics.opened.unique,
      Clicked: metrics.clicked.unique,
      Replied: metrics.replied.unique,
    });
    expect(metrics).toMatchObject({ sent: 3, delivered: 3 });
    await p.waitForText(/33\.3 % of delivered/);

    // The per-hour plot (read once a minute while sending): a reload reads it now; its numbers are the API's series.
    const series = (await api.get(`/api/campaigns/${id}/metrics/series?bucket=hour`)).body;
    await p.page.reload({ waitUntil: 'domcontentloaded' });
    await p.waitForText('Funnel steps per hour (UTC)');
    const shown = await seriesTotalsOnPage(p);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(shown).toEqual({
      rows: series.times.length + 2, // framed by an empty hour on each side
      totals: {
        Sent: sum(series.sent),
        Delivered: sum(series.delivered),
        Opened: sum(series.opened),
        Clicked: sum(series.clicked),
        Replied: sum(series.replied),
      },
    });
    expect(sum(series.delivered)).toBe(3);
    expect(await p.page.$eval('figure.plot canvas', (el) => (el as HTMLCanvasElement).width > 0)).toBe(true);
    await p.check('campaign-sent');

    // Paused with a note: the log says who paused it and why; the API's log says the same.
    await p.fill('Why pause (optional, shown in the log)', 'Waiting for the new price list');
    await p.click('button', 'Pause campaign');
    await p.waitForText('“Waiting for the new price list”');
    await p.waitForText(/Paused by a person in the browser.*paused by hand/);
    const log = (await api.get(`/api/campaigns/${id}/activity`)).body.data;
    expect(log[0]).toMatchObject({ action: 'paused', reason: 'manual', actor: { kind: 'session' }, detail: { note: 'Waiting for the new price list' } });
    expect((await api.get(`/api/campaigns/${id}`)).body.status).toBe('PAUSED');
    // Its gates now say why nothing more leaves: paused (and every READY recipient already sent).
    await p.waitForText('the campaign is paused (paused by hand): resume it first');
    await p.waitForText('Not ready: 2 gates blocking.');
    await p.check('campaign-paused');

    // Resumed from the page: active again, logged as the person's.
    await p.click('button', 'Resume campaign');
    await p.waitForText('Resumed: the campaign is ACTIVE.');
    expect((await api.get(`/api/campaigns/${id}`)).body.status).toBe('ACTIVE');
    expect((await api.get(`/api/campaigns/${id}/activity`)).body.data[0]).toMatchObject({ action: 'resumed', actor: { kind: 'session' } });
    await p.waitForText('Not ready: 1 gate blocking.');
    expect((await api.get(`/api/campaigns/${id}/send-readiness`)).body.blockers).toEqual(['no_ready_recipients']);

    // Renamed: a blank name is answered next to its field, then the new name is the page's and the API's.
    await p.click('button', 'Edit campaign');
    await p.fill('Campaign name', '   ');
    await p.click('button', 'Save campaign');
    await p.waitForText('name must be longer than or equal to 1 characters');
    expect(
      await (
        await p.byLabel('Campaign name')
      ).evaluate((e) => [e.getAttribute('aria-invalid'), document.getElementById(e.getAttribute('aria-describedby') ?? '')?.textContent]),
    ).toEqual(['true', 'name must be longer than or equal to 1 characters']);
    await p.check('campaign-edit-400');
    expect((await api.get(`/api/campaigns/${id}`)).body.name).toBe('Spring routes');
    await p.fill('Campaign name', 'Autumn routes');
    await p.click('button', 'Save campaign');
    await p.waitForText('Campaign saved.');
    await p.page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Autumn routes', { timeout: 20_000 });
    expect((await api.get(`/api/campaigns/${id}`)).body.name).toBe('Autumn routes');

    // 390 px: the same page, usable on a phone.
    await p.page.setViewport({ width: 390, height: 844 });
    await p.waitForText('Funnel: unique recipients per step');
    await p.check('campaign-390');

    // Another campaign deleted from its own page after a confirmation: back on the list, gone from it.
    await p.click('link', 'All campaigns');
    await p.click('link', 'Old test campaign');
    await p.click('button', 'Delete campaign');
    await p.waitForText('Delete Old test campaign with its recipients and log?');
    expect((await api.get(`/api/campaigns/${old.body.id}`)).status).toBe(200); // asking deletes nothing
    await p.click('button', 'Yes, delete campaign');
    await p.waitForLocation((l) => l === '/app/campaigns');
    await p.waitForText('Autumn routes');
    await expect.poll(async () => (await p.text()).includes('Old test campaign'), { timeout: 10_000 }).toBe(false);
    expect((await api.get(`/api/campaigns/${old.body.id}`)).status).toBe(404);
    await p.check('campaigns-after-delete-390');
    await p.close();
  });
});

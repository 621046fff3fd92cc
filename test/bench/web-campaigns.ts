import { pathToFileURL } from 'node:url';
import { createCampaign } from '../../shared/mailing/campaigns/campaigns.js';
import { Campaign, Recipient } from '../../shared/mailing/campaigns/entities.js';
import { stateCountAttr } from '../../shared/mailing/campaigns/recipients.js';
import { batchPutAll } from '../../shared/crm/imports/writer.js';
import { SendItem, Task } from '../../shared/mailing/tasks/entities.js';
import type { ItemOf } from '../../shared/platform/data/entity.js';
import { counterAttr } from '../../shared/mailing/tasks/tasks.js';
import { print } from './support.js';
import { roundStats, startWebBench } from './web-support.js';

/**
 * Issue 26: a campaign page interactive ≤ 1 s after navigation with BENCH_WEB_CAMPAIGN_RECIPIENTS
 * recipients (default 10,000), measured in real Chromium against the local runtime. Seeds an ACTIVE
 * BYOC campaign as its operations leave it after a send: every recipient SENT with its rendered email,
 * one send item each with sentAt spread over two days (a third opened, some clicked and replied), the
 * send task's counters. "Interactive" = the campaign's heading and its send-readiness checklist are
 * shown and its Send button can be used; "complete" = the funnel, the per-hour plot and the geo table
 * are shown too (the series and geo risk read every recipient). Timed from the start of the navigation
 * (performance.now() in the page for a full load, the click for an in-app navigation). Printed, never
 * asserted. `npx tsx test/bench/web-campaigns.ts` or `npm run bench web-campaigns`.
 */
export async function run() {
  const n = Number(process.env.BENCH_WEB_CAMPAIGN_RECIPIENTS ?? 10_000);
  const rounds = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
  const { rt, browser, person, stop } = await startWebBench('bench-campaigns');
  try {
    const acc = await person();
    const table = acc.table;
    const now = Date.now();
    const started = performance.now();
    const c = await createCampaign(table, { name: 'Bench campaign', renderMode: 'BYOC', creativeIds: [] }, now);
    const id = c.campaignId;
    const html = `<p>Hello there,</p><p>${'we help logistics teams plan routes and cut empty miles. '.repeat(20)}</p><p>Best, Sam</p>`;
    const iso = (ms: number) => new Date(ms).toISOString();
    const counts = { sent: 0, opens: 0, uniqueOpens: 0, clicks: 0, uniqueClicks: 0, replied: 0 };
    const items = Array.from({ length: n }, (_, i) => {
      const contactId = `bench${String(i).padStart(6, '0')}`;
      const email = `p${i}@buyer${i % 50}.example.${['com', 'de', 'fr', 'co.uk', 'es'][i % 5]}`;
      const sentAt = now - 2 * 86_400_000 + Math.floor((i / n) * 2 * 86_400_000);
      const content = { subject: `Routes for buyer ${i}`, html };
      const opened = i % 3 === 0;
      const clicked = i % 12 === 0;
      const replied = i % 40 === 0;
      counts.sent++;
      if (opened) (counts.opens++, counts.uniqueOpens++);
      if (clicked) (counts.clicks++, counts.uniqueClicks++);
      if (replied) counts.replied++;
      const at = iso(sentAt);
      return [
        Recipient.item(
          { campaignId: id, contactId, status: 'SENT' },
          {
            campaignId: id,
            contactId,
            email,
            companyId: null,
            status: 'SENT',
            reason: null,
            country: null,
            geoPolicy: null,
            auditIterations: 1,
            auditCategories: [],
            failureReason: null,
            content,
            createdAt: at,
            updatedAt: at,
          },
        ),
        SendItem.item(
          { taskId: id, contactId },
          {
            taskId: id,
            contactId,
            email,
            status: 'SENT',
            attempts: 1,
            content,
            sentAt: at,
            ...(opened ? { openedAt: iso(sentAt + 3_600_000) } : {}),
            ...(clicked ? { clickedAt: iso(sentAt + 4_000_000) } : {}),
            ...(replied ? { repliedAt: iso(sentAt + 7_200_000) } : {}),
            createdAt: at,
            updatedAt: at,
          },
        ),
      ];
    }).flat();
    await batchPutAll(table, items);
    const task: ItemOf<typeof Task> = {
      taskId: id,
      methodId: 2,
      methodName: 'campaign',
      description: 'Bench campaign',
      status: 'ACTIVE',
      approvalStatus: 'APPROVED',
      owner: { kind: 'campaign', id },
      open: true,
      tracking: true,
      createdAt: iso(now),
      updatedAt: iso(now),
      version: 1,
      ...Object.fromEntries(Object.entries({ ...counts, total: n, queued: 0 }).map(([k, v]) => [counterAttr(k as 'sent'), v])),
    };
    await table.put(Task.item({ taskId: id, createdAt: iso(now) }, task));
    await table.update(Campaign.key({ campaignId: id }), { set: { status: 'ACTIVE', label: null, [stateCountAttr('SENT')]: n } });
    console.log(`seeded a campaign with ${n} recipients (${items.length} items, batch writes) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const p = await browser.newPage();
    await p.signIn(rt.url, { email: acc.email, password: acc.password });
    const interactive = () =>
      p.page.waitForFunction(
        () => {
          const gates = document.querySelectorAll('ul.checklist li').length;
          const send = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Send');
          return document.querySelector('h1')?.textContent === 'Bench campaign' && gates > 0 && send && !send.disabled ? performance.now() : false;
        },
        { timeout: 60_000, polling: 'raf' },
      );
    const complete = () =>
      p.page.waitForFunction(
        () =>
          document.querySelectorAll('.funnel-steps li').length === 5 &&
          document.querySelector('figure.plot canvas') &&
          document.querySelector('section[aria-labelledby="geo-heading"] table')
            ? performance.now()
            : false,
        { timeout: 60_000, polling: 'raf' },
      );
    const full: number[] = [];
    const fullComplete: number[] = [];
    const inApp: number[] = [];
    for (let r = 0; r < rounds; r++) {
      // A full load of the campaign's page (the document, the app, the page's chunk, then the API).
      await p.page.goto(`${rt.url}/app/campaigns/${id}`, { waitUntil: 'domcontentloaded' });
      full.push(Number(await (await interactive()).jsonValue()));
      fullComplete.push(Number(await (await complete()).jsonValue()));
      // From the campaign list by its link (the page's chunk cached after the first round).
      await p.goto(`${rt.url}/app/campaigns`);
      await p.page.waitForSelector('::-p-aria([name="Bench campaign"][role="link"])', { timeout: 20_000 });
      const t = await p.page.evaluate(() => performance.now());
      await p.click('link', 'Bench campaign');
      inApp.push(Number(await (await interactive()).jsonValue()) - t);
      // Let its scans finish: the next round's full load should not queue behind this round's reads.
      await complete();
    }
    const rows = [
      { measure: `full load of a campaign, ${n} recipients: interactive`, rounds, ...roundStats(full), goal: 1000 },
      { measure: `campaign list link → campaign, ${n} recipients: interactive`, rounds, ...roundStats(inApp), goal: 1000 },
      { measure: `full load: funnel, series plot and geo risk shown`, rounds, ...roundStats(fullComplete), goal: '—' },
    ];
    print('Campaign page interactive after navigation (ms, Chromium, local runtime)', rows);
    await p.close();
    return rows;
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();

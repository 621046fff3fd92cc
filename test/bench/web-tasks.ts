import { pathToFileURL } from 'node:url';
import { batchPutAll } from '../../shared/crm/imports/writer.js';
import { SendItem, Task } from '../../shared/mailing/tasks/entities.js';
import { counterAdds, createMailingTask } from '../../shared/mailing/tasks/tasks.js';
import { print } from './support.js';
import { roundStats, startWebBench } from './web-support.js';

/**
 * Issue 26: a mailing task's page interactive ≤ 1 s after navigation with BENCH_WEB_TASK_RECIPIENTS
 * send items (default 5,000), measured in real Chromium against the local runtime. The task is seeded
 * ACTIVE as the send worker leaves it part-way (items SENT over the last hour, some SKIPPED with reasons,
 * the rest QUEUED without a queue message, so nothing sends during the bench), so the page polls and
 * reads the sends-per-minute series of all items. "Interactive" = the counters, the plot's numbers and
 * the first 50 recipients are shown and the Pause button can be used; timed from the start of the
 * navigation (performance.now() in the page for a full load, the click for an in-app navigation).
 * Printed, never asserted. `npx tsx test/bench/web-tasks.ts` or `npm run bench web-tasks`.
 */
export async function run() {
  const n = Number(process.env.BENCH_WEB_TASK_RECIPIENTS ?? 5_000);
  const rounds = Number(process.env.BENCH_WEB_ROUNDS ?? 5);
  const { rt, browser, person, stop } = await startWebBench('bench-tasks');
  try {
    const acc = await person();
    const table = acc.table;
    const now = Date.now();
    const task = await createMailingTask(
      table,
      { description: `Bench mailing to ${n}`, creativeId: 'c-bench', accountId: 'a-bench', contactListId: 'l-bench' },
      now,
    );
    const reasons = ['suppressed', 'stop_listed', 'no_email_channel', 'already_contacted'];
    const counts = { total: n, sent: 0, skipped: 0, queued: 0 };
    const items = Array.from({ length: n }, (_, i) => {
      const contactId = `c${String(i).padStart(6, '0')}`;
      const base = { taskId: task.id, contactId, email: `p${i}@buyer.test`, attempts: 0, createdAt: new Date(now).toISOString() };
      const at = new Date(now - 3_600_000 + Math.floor((i / n) * 3_600_000)).toISOString();
      if (i % 20 === 0)
        return (counts.skipped++, SendItem.item({ taskId: task.id, contactId }, { ...base, status: 'SKIPPED', reason: reasons[i % 4], updatedAt: at }));
      if (i < n * 0.8)
        return (counts.sent++, SendItem.item({ taskId: task.id, contactId }, { ...base, status: 'SENT', sentAt: at, attempts: 1, updatedAt: at }));
      return (counts.queued++, SendItem.item({ taskId: task.id, contactId }, { ...base, status: 'QUEUED', updatedAt: at }));
    });
    await batchPutAll(table, items);
    const startedAt = new Date(now - 3_600_000).toISOString();
    await table.update(Task.key({ taskId: task.id }), {
      set: { status: 'ACTIVE', approvalStatus: 'APPROVED', startedAt, built: true, ...counterAdds(counts) },
    });
    console.log(`seeded a task with ${n} recipients (${counts.sent} sent, ${counts.skipped} skipped, ${counts.queued} queued)`);

    const p = await browser.newPage();
    await p.signIn(rt.url, { email: acc.email, password: acc.password });
    // Interactive: the counters, the first 50 recipients and a usable Pause button. The plot's numbers
    // (the series, one Query of all the task's items) are timed on their own: they may come later.
    const waitIn = (withPlot: boolean) =>
      p.page.waitForFunction(
        (plot: boolean) => {
          const recipients = document.querySelectorAll('section[aria-labelledby="recipients-heading"] tbody tr').length;
          const minutes = document.querySelectorAll('figure.plot table.data tbody tr').length;
          const sent = document.querySelector('.task-counters dd:nth-of-type(3)')?.textContent ?? '';
          const pause = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Pause');
          return recipients === 50 && sent !== '0' && pause && !pause.disabled && (!plot || minutes > 0) ? performance.now() : false;
        },
        { timeout: 30_000, polling: 'raf' },
        withPlot,
      );
    const measure = async (t0: number) => {
      const ready = Number(await (await waitIn(false)).jsonValue()) - t0;
      const plotted = Number(await (await waitIn(true)).jsonValue()) - t0;
      return { ready, plotted };
    };
    const full: { ready: number; plotted: number }[] = [];
    const inApp: { ready: number; plotted: number }[] = [];
    for (let r = 0; r < rounds; r++) {
      await p.page.goto(`${rt.url}/app/tasks/${task.id}`, { waitUntil: 'domcontentloaded' });
      full.push(await measure(0));
      await p.goto(`${rt.url}/app/tasks`);
      const link = `::-p-aria([name="Bench mailing to ${n}"][role="link"])`;
      await p.page.waitForSelector(link, { timeout: 10_000 });
      const t = await p.page.evaluate(() => performance.now());
      await p.page.click(link);
      inApp.push(await measure(t));
    }
    // The three reads of the page, from the server's side (the session's cookie, as the page sends them).
    const cookie = (await p.page.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const timed = async (path: string) => {
      const ms: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const t0 = performance.now();
        const res = await fetch(`${rt.url}${path}`, { headers: { cookie, 'x-tenant-id': acc.tenantId } });
        await res.arrayBuffer();
        ms.push(performance.now() - t0);
      }
      return ms;
    };
    const rows = [
      { measure: `full load → interactive, ${n} recipients`, rounds, ...roundStats(full.map((x) => x.ready)), goal: 1000 },
      { measure: `task list link → interactive, ${n} recipients`, rounds, ...roundStats(inApp.map((x) => x.ready)), goal: 1000 },
      { measure: `full load → sends plot drawn`, rounds, ...roundStats(full.map((x) => x.plotted)), goal: '' },
      { measure: `task list link → sends plot drawn`, rounds, ...roundStats(inApp.map((x) => x.plotted)), goal: '' },
      { measure: 'GET /api/tasks/{id}', rounds, ...roundStats(await timed(`/api/tasks/${task.id}`)), goal: '' },
      { measure: 'GET /api/tasks/{id}/items?pageSize=50', rounds, ...roundStats(await timed(`/api/tasks/${task.id}/items?pageSize=50`)), goal: '' },
      { measure: `GET /api/tasks/{id}/send-series (${n} items)`, rounds, ...roundStats(await timed(`/api/tasks/${task.id}/send-series`)), goal: '' },
    ];
    print('Mailing task page interactive after navigation (ms, Chromium, local runtime)', rows);
    await p.close();
    return rows;
  } finally {
    await stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();

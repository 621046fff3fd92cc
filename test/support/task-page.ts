import type { AppPage } from './browser.js';

/**
 * What the mailing task page (/app/tasks/:id) shows, read as a person reads it: its state line, its
 * counters and the numbers behind its sends-per-minute plot (the plot's table, opened from its summary).
 */
export const taskStateLine = (p: AppPage) => p.page.$eval('.task-state', (e) => (e as HTMLElement).innerText).catch(() => '');

/** The counter named `name` ("Sent", "Skipped", …) as a number (NaN while it is not shown). */
export const taskCounter = (p: AppPage, name: string) =>
  p.page.$$eval(
    '.task-counters dt',
    (dts, n) => Number((dts.find((d) => d.textContent === n)?.nextElementSibling?.textContent ?? 'NaN').replace(/\D/g, '')),
    name,
  );

/** The "Sent" column of the sends-per-minute plot's table, as numbers. */
export const plottedSends = (p: AppPage) =>
  p.page.$$eval('figure.plot table.data tbody tr', (rows) => rows.map((r) => Number(r.querySelectorAll('td')[0]?.textContent ?? 'NaN')));

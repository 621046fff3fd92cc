import { htmlJob } from '../../shared/platform/html/off-thread.js';
import { loadHtml } from '../../shared/platform/html/parse.js';

/** Jobs that stand in for a slow, a memory-hungry and a failing parse (test/unit/html-off-thread.test.ts). */
export const spinJob = htmlJob(import.meta.url, 'testSpin', (html: string, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
  return html.length;
});

export const hoardJob = htmlJob(import.meta.url, 'testHoard', (html: string) => {
  const kept: string[][] = [];
  for (let i = 0; i < 10_000; i++) kept.push(new Array(1_000_000).fill(html));
  return kept.length;
});

export const throwJob = htmlJob(import.meta.url, 'testThrow', (html: string) => {
  throw new Error(`cannot read ${html}`);
});

export const boundedJob = htmlJob(import.meta.url, 'testBounded', (html: string) => loadHtml(html, 'html').$('p').length);

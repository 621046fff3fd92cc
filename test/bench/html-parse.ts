import { pathToFileURL } from 'node:url';
import { load } from 'cheerio';
import { detectForms, detectFormsOffThread } from '../../shared/research/enrichment/crawl/forms.js';
import { htmlOverLimit } from '../../shared/platform/html/bounds.js';

/**
 * Issue 27: how long HTML analysis holds the event loop. For each document: the longest event-loop
 * stall while detect-forms answers (gaps between ticks of a 5 ms interval) and the answer's time,
 * with the analysis off the loop (the pre-scan on the loop, the parse in a worker thread); and for
 * reference the stall of the full cheerio build (parse5) the operations used before, which grows with
 * the square of the nesting (skipped where it would take minutes). Also: a worker's start and a job's
 * round trip, the figures behind a reused pool rather than a worker per call.
 * Run: `npm run bench html-parse` (BENCH_HTML_BEFORE=0 skips the parse5 reference).
 */
const BEFORE_UP_TO = 40_000;

/** Runs `work` and reports the longest gap between ticks of a 5 ms interval meanwhile: how long the event loop was held. */
async function stall<T>(work: () => Promise<T> | T) {
  let last = performance.now();
  let maxStallMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last);
    last = now;
  }, 5);
  await new Promise((r) => setTimeout(r, 20));
  const t0 = performance.now();
  let outcome: string;
  try {
    outcome = `ok ${String(JSON.stringify(await work())).slice(0, 40)}`;
  } catch (e) {
    outcome = `${(e as Error).name}: ${String((e as { detail?: string }).detail ?? (e as Error).message).slice(0, 60)}`;
  }
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 30)); // the tick delayed by a synchronous stall runs on the next turn
  clearInterval(tick);
  return { ms, maxStallMs, outcome };
}

export async function run() {
  const call = { budgetMs: 60_000, what: 'html' };
  const spawn = await stall(() => detectFormsOffThread(call, '<form><input name=email></form>'));
  console.log(`worker start + first job: ${spawn.ms.toFixed(0)} ms (loop stall max ${spawn.maxStallMs.toFixed(0)} ms)`);
  const n = 200;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await detectFormsOffThread(call, '<form><input name=email></form>');
  const inWorker = (performance.now() - t0) / n;
  const t1 = performance.now();
  for (let i = 0; i < n; i++) detectForms('<form><input name=email></form>');
  const inline = (performance.now() - t1) / n;
  console.log(`small job: ${inWorker.toFixed(2)} ms in the pool vs ${inline.toFixed(2)} ms inline (round trip ${(inWorker - inline).toFixed(2)} ms)`);

  const docs: [string, string][] = [
    ...[10_000, 20_000, 40_000, 300_000].map((k) => [`${k} unclosed <div>`, '<div>'.repeat(k)] as [string, string]),
    ['2 MB flat <div>x</div> (within the bounds)', '<div>x</div>'.repeat(165_000)],
  ];
  for (const [label, html] of docs) {
    const scan = performance.now();
    const over = htmlOverLimit(html);
    const scanMs = performance.now() - scan;
    const now = await stall(() => detectFormsOffThread(call, html));
    console.log(
      `${label}: now ${now.outcome}; answer ${now.ms.toFixed(0)} ms, event loop stalled at most ${now.maxStallMs.toFixed(0)} ms (pre-scan ${scanMs.toFixed(1)} ms: ${over ?? 'within'})`,
    );
    const deep = html.startsWith('<div><div>') ? html.length / 5 : 0;
    if (process.env.BENCH_HTML_BEFORE === '0' || deep > BEFORE_UP_TO) {
      if (deep > BEFORE_UP_TO) console.log(`  before (parse5 on the event loop): skipped, grows with the square of the depth (issue: over 21 min for 300k)`);
      continue;
    }
    const before = await stall(() => load(html)('form').length);
    console.log(`  before (parse5 on the event loop): the loop stalled ${before.maxStallMs.toFixed(0)} ms (${before.outcome})`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run().then(() => process.exit(0));

import { describe, expect, it } from 'vitest';
import { HtmlTooComplex } from '../../shared/platform/html/bounds.js';
import { boundedJob, hoardJob, spinJob, throwJob } from '../support/html-jobs.js';

/**
 * The worker pool of shared/platform/html/off-thread.ts with stand-in jobs: an overrun ends its worker and the
 * next job runs in a fresh one; a job that exhausts its worker's heap is HtmlTooComplex 'memory' and
 * the process lives on; a failing job is an error, not a dead pool. Waits are bounded by vitest's
 * timeouts; nothing about speed is asserted.
 */
const generous = { budgetMs: 60_000, what: 'html' };

async function rejection(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('HTML jobs in worker threads', () => {
  it('runs a job in a worker and answers its result', async () => {
    expect(await spinJob(generous, '<p>hello</p>', 0)).toBe(12);
  }, 120_000);

  it('stops a job over its budget (400 naming it) and runs the next one in a fresh worker', async () => {
    const e = await rejection(spinJob({ budgetMs: 200, what: 'html' }, '<p>x</p>', 120_000));
    expect(e).toBeInstanceOf(HtmlTooComplex);
    expect(e).toMatchObject({
      reason: 'time',
      status: 400,
      body: { message: ['html: the HTML took longer than 0.2 s to analyse; send a smaller or simpler document'] },
    });
    expect(await spinJob(generous, '<p>again</p>', 0)).toBe(12);
  }, 120_000);

  it("answers a job's HtmlTooComplex as one (the bounds are checked in the worker, by loadHtml)", async () => {
    const e = await rejection(boundedJob(generous, '<div>'.repeat(300_000)));
    expect(e).toBeInstanceOf(HtmlTooComplex);
    expect(e).toMatchObject({ reason: 'depth', status: 400, body: { message: [expect.stringMatching(/^html: elements are nested more than 512/)] } });
  }, 120_000);

  it('a job that exhausts its worker heap is HtmlTooComplex memory; a failing job is an error; the pool goes on', async () => {
    expect(await rejection(hoardJob(generous, '<p>x</p>'))).toMatchObject({ reason: 'memory', status: 400 });
    const failed = await rejection(throwJob(generous, '<p>x</p>'));
    expect(failed).not.toBeInstanceOf(HtmlTooComplex);
    expect((failed as Error).message).toMatch(/cannot read <p>x<\/p>/);
    const results = await Promise.all([1, 2, 3, 4].map((i) => spinJob(generous, 'x'.repeat(i), 50)));
    expect(results).toEqual([1, 2, 3, 4]);
  }, 180_000);
});

// The enrichment area's pure logic: the live event log read on from its cursor (bounded, idempotent),
// the pace series derived from it, a refused crawl action in words, and a scoring step from the form.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api/errors';
import {
  appendEvents,
  crawlActionRefusal,
  emptyLog,
  eventInWords,
  LOG_LINES,
  paceInWords,
  paceSeries,
  safeHref,
  type CrawlEvent,
} from '../../web/src/pages/enrichment/enrichment-api';
import { stepFromForm } from '../../web/src/pages/enrichment/scoring-api';

const T0 = Date.parse('2026-11-27T10:00:00Z');
const ev = (seq: number, kind: string, secondsAfter = seq): CrawlEvent => ({ seq, kind, payload: null, at: new Date(T0 + secondsAfter * 1000).toISOString() });

describe('the crawl event log', () => {
  it('appends after the cursor only, so an answer applied twice changes nothing', () => {
    const page = { data: [ev(1, 'create'), ev(2, 'running'), ev(3, 'item_ok')], cursor: 3, hasMore: false };
    const once = appendEvents(emptyLog, page);
    expect(once.cursor).toBe(3);
    expect(once.total).toBe(3);
    expect(appendEvents(once, page)).toBe(once);
    const next = appendEvents(once, { data: [ev(3, 'item_ok'), ev(4, 'item_down')], cursor: 4, hasMore: true });
    expect(next.lines.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(next).toMatchObject({ cursor: 4, total: 4, hasMore: true });
  });

  it('keeps the newest LOG_LINES lines but counts every outcome in the pace buckets', () => {
    let log = emptyLog;
    for (let start = 1; start <= 600; start += 100)
      log = appendEvents(log, { data: Array.from({ length: 100 }, (_, i) => ev(start + i, 'item_ok', 0)), cursor: start + 99, hasMore: false });
    expect(log.lines).toHaveLength(LOG_LINES);
    expect(log.lines[0].seq).toBe(600 - LOG_LINES + 1);
    expect(log.total).toBe(600);
    expect(Object.values(log.buckets).reduce((n, b) => n + b.ok, 0)).toBe(600);
  });

  it('derives companies per minute per bucket, with empty buckets as 0, widening the bucket for a long crawl', () => {
    const log = appendEvents(emptyLog, {
      data: [ev(1, 'item_ok', 0), ev(2, 'item_down', 1), ev(3, 'item_no_site', 2), ev(4, 'running', 3), ev(5, 'item_ok', 25)],
      cursor: 5,
      hasMore: false,
    });
    const s = paceSeries(log.buckets);
    expect(s.bucketSeconds).toBe(10);
    expect(s.times).toEqual([T0 / 1000, T0 / 1000 + 10, T0 / 1000 + 20]);
    expect(s.processed).toEqual([18, 0, 6]); // 3 in 10 s = 18 / min
    expect(s.ok).toEqual([6, 0, 6]);
    const long = appendEvents(emptyLog, { data: [ev(1, 'item_ok', 0), ev(2, 'item_ok', 3 * 3600)], cursor: 2, hasMore: false });
    const wide = paceSeries(long.buckets);
    expect(wide.bucketSeconds).toBe(600);
    expect(wide.times.length).toBeLessThanOrEqual(120);
    expect(paceSeries({}).times).toEqual([]);
  });

  it('says events and the pace in words', () => {
    expect(eventInWords({ ...ev(1, 'item_down'), reasonCode: 'http_5xx' })).toBe('Site down: server error (5xx)');
    expect(eventInWords({ ...ev(1, 'item_ok'), payload: { sourceUrls: ['http://a.test/'], added: { emails: 2, phones: 1 } } })).toBe(
      'Site read: http://a.test/ — new: 2 emails, 1 phone',
    );
    expect(paceInWords({ state: 'steady', etaSeconds: 125 })).toBe('Steady: about 2 min 5 s left.');
    expect(paceInWords({ state: 'uneven', etaSecondsMin: 30, etaSecondsMax: 90 })).toContain('30 s to 1 min 30 s left');
  });

  it('links only http(s) addresses', () => {
    expect(safeHref('https://a.test/contacts')).toBe('https://a.test/contacts');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('data:text/html,x')).toBeUndefined();
  });
});

describe('a refused crawl action', () => {
  it("says the task's state and which state the action needs", () => {
    const err = new ApiError(409, { statusCode: 409, message: 'Task is DONE; pause needs QUEUED or RUNNING', code: 'invalid_state', status: 'DONE' });
    expect(crawlActionRefusal(err, 'pause')).toBe('This crawl is done, so it cannot be paused: only a queued or running crawl can.');
    expect(crawlActionRefusal(new ApiError(409, { statusCode: 409, code: 'task_changed', message: 'x' }), 'retry')).toContain(
      'changed while it was being retried',
    );
    expect(crawlActionRefusal(new ApiError(400, { statusCode: 400, message: ['x'] }), 'pause')).toBeUndefined();
  });
});

describe('a scoring step from the form', () => {
  it('takes keywords for KEYWORDS and a numeric threshold for AI_CONTENT, nothing else', () => {
    expect(stepFromForm({ type: 'KEYWORDS', keywords: 'pool, spa ,, fitness', threshold: '7' })).toEqual({
      type: 'KEYWORDS',
      config: { keywords: ['pool', 'spa', 'fitness'] },
    });
    expect(stepFromForm({ type: 'AI_CONTENT', threshold: '6.5' })).toEqual({ type: 'AI_CONTENT', config: { threshold: 6.5 } });
    expect(stepFromForm({ type: 'AI_CONTENT', threshold: 'high' })).toEqual({ type: 'AI_CONTENT', config: { threshold: 'high' } });
    expect(stepFromForm({ type: 'DNS_CHECK', keywords: 'x' })).toEqual({ type: 'DNS_CHECK' });
  });
});

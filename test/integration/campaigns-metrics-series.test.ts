import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SendItem } from '../../shared/mailing/tasks/entities.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

// DynamoDB Local through the real adapter and the HTTP API of the test runtime: the series is read from
// send items as the send, tracking and reply paths stamp them (written here directly, with known times).
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.stop());

const H = 3600;
const DAY = 86_400;
const iso = (s: number) => new Date(s * 1000).toISOString();

describe('campaigns_metrics_series', () => {
  it('counts each funnel step in the hour or day it happened, with empty buckets between, and answers 400/404 as the spec says', async () => {
    const a = await createApprovedAccount(rt.deps);
    const http = client(rt.url, { key: a.apiKey });
    const c = await http.post('/api/campaigns', { name: 'series', renderMode: 'BYOC' });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const id = c.body.id as string;

    expect((await http.get(`/api/campaigns/${id}/metrics/series`)).body).toMatchObject({ bucket: 'hour', times: [], sent: [], items: 0, truncated: false });

    const day0 = Math.floor(Date.UTC(2026, 10, 20) / 1000); // a UTC midnight
    const t10 = day0 + 10 * H;
    const stamped = (contactId: string, attrs: Record<string, unknown>) =>
      SendItem.item(
        { taskId: id, contactId },
        { taskId: id, contactId, email: `${contactId}@b.test`, attempts: 1, createdAt: iso(day0), updatedAt: iso(day0), ...attrs },
      );
    const table = rt.deps.tenantTable(a.tenantId);
    for (const item of [
      // 10:xx: two delivered; one of them opened at 10:50, clicked and replied at 13:05
      stamped('c1', {
        status: 'SENT',
        sentAt: iso(t10 + 60),
        openedAt: iso(t10 + 50 * 60),
        clickedAt: iso(t10 + 3 * H + 300),
        repliedAt: iso(t10 + 3 * H + 400),
      }),
      stamped('c2', { status: 'SENT', sentAt: iso(t10 + 120) }),
      // 11:xx: a bounce (sent, not delivered) at its final update
      stamped('c3', { status: 'BOUNCED', updatedAt: iso(t10 + H + 5) }),
      // the next day 09:xx: one delivered, opened the same hour
      stamped('c4', { status: 'SENT', sentAt: iso(day0 + DAY + 9 * H), openedAt: iso(day0 + DAY + 9 * H + 30) }),
      // not sent yet: no bucket
      stamped('c5', { status: 'QUEUED' }),
    ])
      await table.put(item);

    const hourly = (await http.get(`/api/campaigns/${id}/metrics/series?bucket=hour`)).body;
    expect(hourly.items).toBe(5);
    expect(hourly.times[0]).toBe(t10);
    expect(hourly.times).toHaveLength(24); // 10:00 on day 0 … 09:00 on day 1, the empty hours included
    expect(hourly.times[1] - hourly.times[0]).toBe(H);
    const at = (series: number[], s: number) => series[hourly.times.indexOf(s)];
    expect([at(hourly.sent, t10), at(hourly.delivered, t10), at(hourly.opened, t10)]).toEqual([2, 2, 1]);
    expect([at(hourly.sent, t10 + H), at(hourly.delivered, t10 + H), at(hourly.bounced, t10 + H)]).toEqual([1, 0, 1]);
    expect([at(hourly.clicked, t10 + 3 * H), at(hourly.replied, t10 + 3 * H)]).toEqual([1, 1]);
    expect(hourly.sent.reduce((x: number, y: number) => x + y, 0)).toBe(4);
    expect(at(hourly.opened, day0 + DAY + 9 * H)).toBe(1);

    const daily = (await http.get(`/api/campaigns/${id}/metrics/series?bucket=day`)).body;
    expect(daily).toMatchObject({
      bucket: 'day',
      bucketSeconds: DAY,
      times: [day0, day0 + DAY],
      sent: [3, 1],
      delivered: [2, 1],
      bounced: [1, 0],
      opened: [1, 1],
      clicked: [1, 0],
      replied: [1, 0],
    });

    const bad = await http.get(`/api/campaigns/${id}/metrics/series?bucket=minute`);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toContain('bucket');
    expect((await http.get(`/api/campaigns/nope/metrics/series`)).status).toBe(404);
    // Another workspace's campaign is not found.
    const other = await createApprovedAccount(rt.deps);
    expect((await client(rt.url, { key: other.apiKey }).get(`/api/campaigns/${id}/metrics/series`)).status).toBe(404);
  }, 60_000);
});

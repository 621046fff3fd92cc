import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../shared/workspace/billing/billing.js';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { waitFor } from '../support/webhook-receiver.js';
import { syncInbox } from './dialogs-fixtures.js';

// Real parts: the embedded runtime (send worker, sequence scheduler every 300 ms), Dovecot (replies
// APPENDed into the sender's INBOX), smtp-server as the sink. The clock moves with POST /_local/clock.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
const USER = 'seq@acme.test';

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true', SEND_SWEEP_MS: '500', INBOX_SYNC_MS: '0', SEQUENCE_TICK_MS: '300' } }),
    startDovecot(),
    startSmtpRelay({ rejectRcpt: /^gone@/ }),
  ]);
  dovecot.addUser(USER, 'imap-secret-2');
  relay.users.set(USER, 'smtp-secret-2');
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

const header = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};
const to = (addr: string) => relay.messages.filter((m) => m.to.includes(addr));

async function append(raw: string) {
  const c = new ImapFlow({ host: dovecot.host, port: dovecot.port, secure: false, auth: { user: USER, pass: 'imap-secret-2' }, logger: false });
  await c.connect();
  try {
    await c.append('INBOX', raw.replace(/\r?\n/g, '\r\n'));
  } finally {
    await c.logout();
  }
}

describe('follow-up sequences', () => {
  it('three steps: step 2 goes to the non-responder only, after the (moved) business-day delay, in the same thread; a reply and a bounce stop', async () => {
    const { http } = ctx;
    await credit(ctx.rt.deps, ctx.account.tenantId, 10, 'test balance', 'test');
    const acc = await http.post('/api/email-accounts', {
      name: 'Seq',
      email: USER,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: USER,
      imapPass: 'imap-secret-2',
      smtpHost: '127.0.0.1',
      smtpPort: relay.port,
      smtpUser: USER,
      smtpPass: 'smtp-secret-2',
    });
    const accountId = acc.body.id;
    await http.patch(`/api/email-accounts/${accountId}`, { dnsAcknowledged: true });
    await http.put('/api/settings/min-send-interval', { seconds: 0 });
    await http.patch('/api/settings/send-window', { enabled: false });
    await http.put('/api/settings/company-profile', { companyName: 'Acme', physicalAddress: '1 Test Road, Leeds' });
    const ids: Record<string, string> = {};
    for (const [n, e] of [
      ['Xena', 'xena@buyer.test'],
      ['Yuri', 'yuri@buyer.test'],
      ['Gone', 'gone@buyer.test'],
    ]) {
      ids[n] = (await http.post('/api/contacts', { firstName: n, email: e })).body.id;
    }

    // Validation: a step needs content; the first inline step needs a subject; unknown properties are refused.
    expect((await http.post('/api/sequences', { name: 'x', steps: [{ delayDays: 0 }] })).body.message).toEqual([
      'steps[0]: creativeId or bodyHtml is required',
    ]);
    const noSubject = await http.post('/api/sequences', { name: 'x', steps: [{ delayDays: 0, bodyHtml: '<p>x</p>' }] });
    expect(noSubject.status).toBe(201);
    expect((await http.post(`/api/sequences/${noSubject.body.id}/enroll`, { contactIds: [ids.Xena] })).status).toBe(400);
    expect((await http.post('/api/sequences', { name: 'x', steps: [{ delayDays: 0, bodyHtml: 'x', subject: 'y', wait: 1 }] })).body.message).toEqual([
      'property steps.0.wait should not exist',
    ]);

    const seq = await http.post('/api/sequences', {
      name: 'Intro follow-ups',
      accountId,
      steps: [
        { delayDays: 0, subject: 'Quick question, {{firstName}}', bodyHtml: '<p>Hi {{firstName}}, may I ask one thing?</p>' },
        { delayDays: 2, bodyHtml: '<p>{{firstName}}, bumping this up.</p>' },
        { delayDays: 3, bodyHtml: '<p>Last note, {{firstName}}.</p>' },
      ],
    });
    expect(seq.status).toBe(201);
    const sid = seq.body.id;
    const enrolled = await http.post(`/api/sequences/${sid}/enroll`, { contactIds: [ids.Xena, ids.Yuri, ids.Gone] });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
    expect(enrolled.body).toMatchObject({ enrolled: 3, skipped: [] });
    // Repeat-safe.
    const again = await http.post(`/api/sequences/${sid}/enroll`, { contactIds: [ids.Xena] });
    expect(again.body).toMatchObject({ enrolled: 0, skipped: [{ contactId: ids.Xena, reason: 'already_enrolled' }] });

    await waitFor(() => to('xena@buyer.test').length >= 1 && to('yuri@buyer.test').length >= 1, 'step 1 to Xena and Yuri', 60_000, 100);
    const step1 = { xena: header(to('xena@buyer.test')[0].raw, 'Message-ID'), yuri: header(to('yuri@buyer.test')[0].raw, 'Message-ID') };
    expect(header(to('yuri@buyer.test')[0].raw, 'Subject')).toBe('Quick question, Yuri');
    // The scheduler looks at a queued step again a minute later: move the clock past that.
    await waitFor(async () => (await http.get(`/api/tasks/${sid}s1`)).body.counters?.queued === 0, 'step 1 out of the queue', 30_000, 100);
    expect((await http.post('/_local/clock', { advanceMs: 61_000 })).status).toBe(200);
    // Gone's server refused step 1 (550): bounced.
    await waitFor(
      async () => (await http.get(`/api/sequences/${sid}/enrolments/${ids.Gone}`)).body.status === 'bounced',
      "Gone's enrolment bounced",
      30_000,
      200,
    );

    // Xena replies to step 1.
    await append(
      `From: xena@buyer.test\nTo: ${USER}\nSubject: Re: Quick question, Xena\nMessage-ID: <xena-r1@buyer.test>\nIn-Reply-To: ${step1.xena}\nReferences: ${step1.xena}\nDate: ${new Date().toUTCString()}\nContent-Type: text/plain\n\nSure, ask away.\n`,
    );
    expect((await syncInbox(http, { accountId })).body.data[0].outcomes.stored).toBe(1);
    const xena = (await http.get(`/api/sequences/${sid}/enrolments/${ids.Xena}`)).body;
    expect(xena).toMatchObject({ status: 'replied', stepsQueued: 1, nextStep: null });
    expect((await http.get(`/api/tasks/${sid}s1`)).body.counters).toMatchObject({ sent: 2, bounced: 1, replied: 1 });
    // Her dialog shows the step she answered (its pre-rendered content, from the send item) before her reply.
    const dialog = (await http.get('/api/dialogs?pageSize=10')).body.data.find((d: any) => d.email === 'xena@buyer.test');
    const thread = (await http.get(`/api/dialogs/${dialog.id}`)).body;
    expect(thread.messages.map((m: any) => [m.direction, m.kind, m.messageId])).toEqual([
      ['out', 'sequence', step1.xena],
      ['in', 'received', '<xena-r1@buyer.test>'],
    ]);
    expect(thread.messages[0]).toMatchObject({ subject: 'Quick question, Xena', bodySource: 'stored', to: 'xena@buyer.test', from: USER });
    expect(thread.messages[0].html).toContain('Hi Xena, may I ask one thing?');

    // Yuri's step 2 waits two business days after step 1 went out: the scheduler looked, nothing went.
    await waitFor(
      async () => {
        const y = (await http.get(`/api/sequences/${sid}/enrolments/${ids.Yuri}`)).body;
        return y.nextDueAt && Date.parse(y.nextDueAt) - Date.parse(y.updatedAt) > 86_400_000 ? y : undefined;
      },
      "Yuri's step 2 scheduled days ahead",
      30_000,
      200,
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(to('yuri@buyer.test')).toHaveLength(1);

    // Move the clock past two business days (four calendar days cover any weekend).
    expect((await http.post('/_local/clock', { advanceMs: 4 * 86_400_000 + 3600_000 })).status).toBe(200);
    await waitFor(() => to('yuri@buyer.test').length >= 2, "Yuri's step 2", 60_000, 100);
    const s2 = to('yuri@buyer.test')[1].raw;
    expect(header(s2, 'Subject')).toBe('Re: Quick question, Yuri');
    expect(header(s2, 'In-Reply-To')).toBe(step1.yuri);
    expect(header(s2, 'References')).toBe(step1.yuri);
    // Xena (replied) and Gone (bounced) got nothing more.
    await new Promise((r) => setTimeout(r, 1500));
    expect(to('xena@buyer.test')).toHaveLength(1);
    expect(to('gone@buyer.test')).toHaveLength(0); // refused at RCPT, never accepted
    const yuri = (await http.get(`/api/sequences/${sid}/enrolments/${ids.Yuri}`)).body;
    expect(yuri).toMatchObject({ status: 'active', stepsQueued: 2, nextStep: 3 });

    // Yuri unsubscribes (the one-click link of step 2): step 3 never goes, the enrolment ends unsubscribed.
    const unsub = /<(https?:\/\/[^>]+\/u\/[^>]+)>/.exec(header(s2, 'List-Unsubscribe'))![1];
    expect(
      (await fetch(unsub, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status,
    ).toBeLessThan(400);
    await http.post('/_local/clock', { advanceMs: 6 * 86_400_000 });
    await waitFor(
      async () => (await http.get(`/api/sequences/${sid}/enrolments/${ids.Yuri}`)).body.status === 'unsubscribed',
      "Yuri's enrolment unsubscribed",
      30_000,
      200,
    );
    expect(to('yuri@buyer.test')).toHaveLength(2);

    const list = await http.get(`/api/sequences/${sid}/enrolments`);
    expect(list.body.data.map((e: any) => [e.contactId, e.status]).sort()).toEqual(
      [
        [ids.Xena, 'replied'],
        [ids.Yuri, 'unsubscribed'],
        [ids.Gone, 'bounced'],
      ].sort(),
    );
    expect((await http.get(`/api/sequences/${sid}/enrolments?status=replied`)).body.data).toHaveLength(1);
    expect((await http.get('/api/sequences')).body.data.map((s: any) => s.id)).toEqual([sid, noSubject.body.id]);
    const other = await otherTenantClient(ctx.rt);
    expect((await other.get(`/api/sequences/${sid}`)).status).toBe(404);
    expect((await other.post(`/api/sequences/${sid}/enroll`, { contactIds: [ids.Xena] })).status).toBe(404);
  }, 300_000);
});

import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { mailUid, startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { updateSetting } from '../../shared/workspace/settings/settings.js';
import { getMatrix } from '../../shared/mailing/deliverability/matrix.js';
import { credit } from '../../shared/workspace/billing/billing.js';

// Real parts: runtime + DynamoDB Local, smtp-server (the sender's SMTP) and Dovecot (the seeds' IMAP) on
// 127.0.0.1. The test plays the receiving providers: it files each copy the relay accepted into the
// seed's INBOX, into its Junk folder, or nowhere (missing).
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dovecot: Dovecot;
let relay: Relay;
const ids: Record<string, string> = {};

async function connect(email: string) {
  dovecot.addUser(email, 'imap-pass');
  relay.users.set(email, 'smtp-pass');
  const r = await ctx.http.post('/api/email-accounts', {
    name: email,
    email,
    imapHost: '127.0.0.1',
    imapPort: dovecot.port,
    imapUser: email,
    imapPass: 'imap-pass',
    smtpHost: '127.0.0.1',
    smtpPort: relay.port,
    smtpUser: email,
    smtpPass: 'smtp-pass',
  });
  expect(r.status).toBe(201);
  ids[email] = r.body.id;
}

function fileInto(user: string, folder: string, raw: string) {
  const { uid, gid } = mailUid();
  const base = path.join(dovecot.dir, 'mail', user, `.${folder}`);
  for (const d of ['', 'new', 'cur', 'tmp']) {
    mkdirSync(path.join(base, d), { recursive: true });
    chownSync(path.join(base, d), uid, gid);
  }
  const file = path.join(base, 'new', `${Date.now()}.${process.pid}.junk`);
  writeFileSync(file, raw.replace(/\r?\n/g, '\n'));
  chownSync(file, uid, gid);
}

beforeAll(async () => {
  [ctx, dovecot, relay] = await Promise.all([startTenantRuntime({ env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } }), startDovecot(), startSmtpRelay()]);
  for (const e of ['sales@acme.test', 'seed-a@seeds.test', 'seed-b@seeds.test', 'seed-c@seeds.test']) await connect(e);
  await credit(ctx.rt.deps, ctx.account.tenantId, 1, 'test balance', 'test');
}, 170_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop()]);
});

describe('inbox placement test', () => {
  it('sends to each seed and reports inbox / spam / missing per provider into the deliverability matrix', { timeout: 180_000 }, async () => {
    const api = ctx.http;
    const cr = (await api.post('/api/creatives', { name: 'Intro', subject: 'Quick question', bodyHtml: '<p>Hi {{firstName|there}}</p>' })).body;
    expect((await api.post(`/api/creatives/${cr.id}/inbox-placement-tests`, { accountId: ids['sales@acme.test'] })).body.code).toBe('no_seed_mailboxes');
    const table = ctx.rt.deps.tenantTable(ctx.account.tenantId);
    await updateSetting(table, 'inboxCheck', Date.now(), () => ({
      seeds: [
        { accountId: ids['seed-a@seeds.test'], provider: 'gmail' },
        { accountId: ids['seed-b@seeds.test'], provider: 'yandex' },
        { accountId: ids['seed-c@seeds.test'], provider: 'microsoft' },
      ],
    }));
    const started = await api.post(`/api/creatives/${cr.id}/inbox-placement-tests`, { accountId: ids['sales@acme.test'], timeoutSeconds: 10 });
    expect(started.status).toBe(202);
    expect(started.body.seeds.map((s: any) => [s.email, s.provider, s.placement])).toEqual([
      ['seed-a@seeds.test', 'gmail', 'pending'],
      ['seed-b@seeds.test', 'yandex', 'pending'],
      ['seed-c@seeds.test', 'microsoft', 'pending'],
    ]);
    expect(JSON.stringify(started.body)).not.toContain('token');

    const filed = new Set<string>();
    let done: any;
    for (let i = 0; i < 200 && !done; i++) {
      for (const m of relay.messages) {
        const to = m.to[0];
        if (filed.has(to)) continue;
        filed.add(to);
        if (to === 'seed-a@seeds.test') dovecot.deliver(to, m.raw);
        if (to === 'seed-b@seeds.test') fileInto(to, 'Junk', m.raw);
      }
      const g = await api.get(`/api/creatives/inbox-placement-tests/${started.body.id}`);
      if (g.body.status !== 'RUNNING') done = g.body;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(done?.status).toBe('DONE');
    expect(done.seeds.map((s: any) => [s.email, s.placement, s.folder])).toEqual([
      ['seed-a@seeds.test', 'inbox', 'INBOX'],
      ['seed-b@seeds.test', 'spam', 'Junk'],
      ['seed-c@seeds.test', 'missing', null],
    ]);
    expect(done.summary).toMatchObject({ inbox: 1, spam: 1, missing: 1 });
    expect(relay.messages.map((m) => m.to[0]).sort()).toEqual(['seed-a@seeds.test', 'seed-b@seeds.test', 'seed-c@seeds.test']);

    const matrix = await getMatrix(table);
    const row = matrix.rows.find((r: any) => r.accountId === ids['sales@acme.test'])!;
    expect(row.providers.gmail).toMatchObject({ inbox: 1, spam: 0, missing: 0 });
    expect(row.providers.yandex).toMatchObject({ inbox: 0, spam: 1 });
    expect(row.providers.microsoft).toMatchObject({ missing: 1 });

    const other = await otherTenantClient(ctx.rt);
    expect((await other.get(`/api/creatives/inbox-placement-tests/${started.body.id}`)).status).toBe(404);
    expect((await other.post(`/api/creatives/${cr.id}/inbox-placement-tests`, { accountId: ids['sales@acme.test'] })).status).toBe(404);
  });

  it('runs end to end on seed mailboxes saved by inbox-check/test-connection (not connected accounts)', { timeout: 180_000 }, async () => {
    const api = ctx.http;
    const seeds = ['seed-x@probe.test', 'seed-y@probe.test'];
    for (const s of seeds) dovecot.addUser(s, 'seed-pass');
    const mailbox = (email: string, provider: string) => ({
      email,
      provider,
      imapHost: '127.0.0.1',
      imapPort: dovecot.port,
      imapUser: email,
      imapPass: 'seed-pass',
    });
    const saved = await api.post('/api/settings/inbox-check/test-connection', {
      mailboxes: [mailbox(seeds[0], 'gmail'), mailbox(seeds[1], 'mailru')],
      save: true,
    });
    expect(saved.body).toMatchObject({ ok: true, saved: true });
    // The saved list reads back in order, without its passwords (the settings page lists it).
    const listed = await api.get('/api/settings/inbox-check/mailboxes');
    expect(listed.status).toBe(200);
    expect(listed.body.mailboxes).toEqual([
      { email: seeds[0], provider: 'gmail', imapHost: '127.0.0.1', imapPort: dovecot.port, imapUser: seeds[0] },
      { email: seeds[1], provider: 'mailru', imapHost: '127.0.0.1', imapPort: dovecot.port, imapUser: seeds[1] },
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/seed-pass|imapPass/);
    expect((await (await otherTenantClient(ctx.rt)).get('/api/settings/inbox-check/mailboxes')).body).toEqual({ mailboxes: [] });
    const cr = (await api.post('/api/creatives', { name: 'Seeds', subject: 'Saved seeds', bodyHtml: '<p>Hello</p>' })).body;
    const started = await api.post(`/api/creatives/${cr.id}/inbox-placement-tests`, { accountId: ids['sales@acme.test'], timeoutSeconds: 10 });
    expect(started.status).toBe(202);
    expect(started.body.seeds.map((s: any) => [s.email, s.provider, s.placement])).toEqual([
      [seeds[0], 'gmail', 'pending'],
      [seeds[1], 'mailru', 'pending'],
    ]);
    expect(JSON.stringify(started.body)).not.toContain('seed-pass');
    expect(started.body._billing).toMatchObject({ operation: 'inbox_placement_test', cost: 0.05, currency: 'USD' });
    expect((await api.get('/api/billing/balance')).body.balance).toBeCloseTo(started.body._billing.balance_after, 6);
    const filed = new Set<string>();
    let done: any;
    for (let i = 0; i < 200 && !done; i++) {
      for (const m of relay.messages) {
        const to = m.to[0];
        if (!seeds.includes(to) || filed.has(to)) continue;
        filed.add(to);
        if (to === seeds[0]) dovecot.deliver(to, m.raw);
        else fileInto(to, 'Junk', m.raw);
      }
      const g = await api.get(`/api/creatives/inbox-placement-tests/${started.body.id}`);
      if (g.body.status !== 'RUNNING') done = g.body;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(done?.status).toBe('DONE');
    expect(done.seeds.map((s: any) => [s.email, s.placement, s.folder])).toEqual([
      [seeds[0], 'inbox', 'INBOX'],
      [seeds[1], 'spam', 'Junk'],
    ]);
    expect(done.summary).toMatchObject({ inbox: 1, spam: 1, missing: 0 });
  });
});

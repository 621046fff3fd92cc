import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime, otherTenantClient } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { recordSend } from '../../shared/mailing/senders/transport.js';

// Real parts: runtime + DynamoDB Local, a fixture DNS server (DNS_SERVERS), Dovecot and smtp-server on 127.0.0.1.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dns: DnsServer;
let dovecot: Dovecot;
let relay: Relay;

const DKIM =
  'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC1TaNgLlSyQMNWVLNLvyY/neDgaL2oqQE8T5illKqCgDtFHc8eHVAU+nlcaGmrKmDMw9dbgiGk1ocgZ56NR4ycfUHwQhvQPMUZw0cveel/8EAGoi/UyPmqfcPibytH81NFtTMAxUeM4Op8A6iHkvAMj5qLf4YRNsTkKAV9oCuJgwIDAQAB';

async function connect(email: string) {
  dovecot.addUser(email, 'pw-imap');
  relay.users.set(email, 'pw-smtp');
  const r = await ctx.http.post('/api/email-accounts', {
    name: email,
    email,
    imapHost: '127.0.0.1',
    imapPort: dovecot.port,
    imapUser: email,
    imapPass: 'pw-imap',
    smtpHost: '127.0.0.1',
    smtpPort: relay.port,
    smtpUser: email,
    smtpPass: 'pw-smtp',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

beforeAll(async () => {
  dns = await startDnsServer({
    'complete.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
    'default._domainkey.complete.test': { TXT: [DKIM] },
    '_dmarc.complete.test': { TXT: ['v=DMARC1; p=quarantine; rua=mailto:d@complete.test'] },
    'nodmarc.test': { TXT: ['v=spf1 ip4:127.0.0.0/8 -all'] },
    'default._domainkey.nodmarc.test': { TXT: [DKIM] },
    'badspf.test': { TXT: ['v=spf1 ip4:203.0.113.9 -all'] },
    'default._domainkey.badspf.test': { TXT: [DKIM] },
    '_dmarc.badspf.test': { TXT: ['v=DMARC1; p=reject'] },
  });
  [ctx, dovecot, relay] = await Promise.all([
    startTenantRuntime({ env: { DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true' } }),
    startDovecot(),
    startSmtpRelay(),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop(), dns?.stop()]);
});

/** A generous bound, not a timing assertion: real logins and DNS round trips on a shared 2-core machine. */
const SLOW_MACHINE_MS = 180_000;

describe('checkDns through DNS_SERVERS', () => {
  it(
    'passes a complete set, warns on a missing DMARC, fails an SPF that does not cover the SMTP host',
    async () => {
      const complete = await connect('a@complete.test');
      const nodmarc = await connect('b@nodmarc.test');
      const badspf = await connect('c@badspf.test');

      const pass = await ctx.http.post(`/api/email-accounts/${complete}/check-dns`);
      expect(pass.status).toBe(200);
      expect(pass.body).toMatchObject({ domain: 'complete.test', status: 'pass', sendable: true });
      expect(pass.body.checks.map((c: { status: string }) => c.status)).toEqual(['pass', 'pass', 'pass']);

      const warn = await ctx.http.post(`/api/email-accounts/${nodmarc}/check-dns`, {});
      expect(warn.body.status).toBe('warn');
      expect(warn.body.checks.find((c: { check: string }) => c.check === 'dmarc')).toMatchObject({ status: 'warn', found: false });
      expect(warn.body.checks.find((c: { check: string }) => c.check === 'dmarc').fix).toMatch(/_dmarc\.nodmarc\.test/);

      const fail = await ctx.http.post(`/api/email-accounts/${badspf}/check-dns`);
      expect(fail.body).toMatchObject({ status: 'fail', sendable: false });
      expect(fail.body.checks[0]).toMatchObject({ check: 'spf', status: 'fail', found: true });
      expect(fail.body.checks[0].fix).toMatch(/ip4:127\.0\.0\.1/);

      const health = await ctx.http.get(`/api/email-accounts/${badspf}/relay-health`);
      expect(health.body).toMatchObject({ sendable: false, reason: 'dns_failed' });
      await ctx.http.patch(`/api/email-accounts/${badspf}`, { dnsAcknowledged: true });
      expect((await ctx.http.get(`/api/email-accounts/${badspf}/relay-health`)).body).toMatchObject({ sendable: true, reason: null });
    },
    SLOW_MACHINE_MS,
  );

  it(
    'warm-up caps the day; relay health counts sends, bounces and the last error; suspend/resume',
    async () => {
      const id = (await ctx.http.get('/api/email-accounts')).body.data.find((a: { email: string }) => a.email === 'a@complete.test').id;
      const w = await ctx.http.post(`/api/email-accounts/${id}/warmup/start`, { startPerDay: 2, increasePerDay: 1, maxPerDay: 3 });
      expect(w.body.todayCap).toBe(2);
      expect(w.body.ramp.slice(0, 3)).toEqual([
        { day: 1, cap: 2 },
        { day: 2, cap: 3 },
        { day: 3, cap: 3 },
      ]);
      const now = ctx.rt.deps.clock.now();
      const { tenantId } = ctx.account;
      await recordSend(ctx.rt.deps, tenantId, id, { outcome: 'accepted', code: 250, response: '250 queued' }, now);
      await recordSend(ctx.rt.deps, tenantId, id, { outcome: 'rejected', code: 550, response: '550 5.1.1 User unknown' }, now);
      await recordSend(ctx.rt.deps, tenantId, id, { outcome: 'accepted', code: 250, response: '250 queued' }, now);
      const h = await ctx.http.get(`/api/email-accounts/${id}/relay-health`);
      expect(h.body).toMatchObject({
        sendable: false,
        reason: 'daily_cap_reached',
        today: { cap: 2, sent: 2, remaining: 0 },
        totals: { sent: 2, bounced: 1, failed: 0 },
      });
      expect(h.body.lastSmtpError.message).toMatch(/550 5\.1\.1/);
      // The ramp against what was sent: from the warm-up's first day (today) to a week ahead, nothing sent yet in the future.
      const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
      expect(h.body.capByDay).toEqual([{ day: day(0), cap: 2, sent: 2 }, ...[1, 2, 3, 4, 5, 6, 7].map((d) => ({ day: day(d), cap: 3, sent: null }))]);

      const s = await ctx.http.post(`/api/email-accounts/${id}/suspend`, { reason: 'spam complaints' });
      expect(s.body).toMatchObject({ status: 'SUSPENDED', suspendedReason: 'spam complaints' });
      expect((await ctx.http.get(`/api/email-accounts/${id}/relay-health`)).body.reason).toBe('suspended');
      expect((await ctx.http.post(`/api/email-accounts/${id}/resume`)).body.status).toBe('ACTIVE');

      const other = await otherTenantClient(ctx.rt);
      for (const [m, p] of [
        ['post', 'check-dns'],
        ['post', 'warmup/start'],
        ['get', 'relay-health'],
        ['post', 'suspend'],
        ['post', 'resume'],
      ] as const) {
        expect((await (other as any)[m](`/api/email-accounts/${id}/${p}`)).status).toBe(404);
      }
    },
    SLOW_MACHINE_MS,
  );
});

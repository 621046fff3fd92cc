import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { MailHostBlocked, resolveMailHost } from '../../shared/mailing/senders/mail-host.js';
import { smtpFailure } from '../../shared/mailing/senders/transport.js';
import { capByDay, dailyCapOn } from '../../shared/mailing/senders/warmup.js';

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({ 'mail.public.test': { A: ['203.0.114.7'] }, 'mail.sneaky.test': { A: ['10.1.2.3'] }, 'mail.loop.test': { A: ['127.0.0.1'] } });
});
afterAll(() => dns?.stop());

const deployed = () => ({ mode: 'aws' as const, allowLoopbackTargets: false, dnsServers: [dns.address] });

describe('mail-host guard (same address rules as the outbound-fetch guard)', () => {
  it('a deployed Lambda refuses loopback, private, link-local and metadata mail hosts, literal or resolved', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.5', '169.254.169.254', '[::1]', '0x7f000001', 'mail.sneaky.test', 'mail.loop.test']) {
      await expect(resolveMailHost(deployed(), host), host).rejects.toBeInstanceOf(MailHostBlocked);
    }
    await expect(resolveMailHost(deployed(), 'nowhere.test')).rejects.toThrow(/does not resolve/);
    expect(await resolveMailHost(deployed(), 'mail.public.test')).toEqual({ address: '203.0.114.7', servername: 'mail.public.test', loopback: false });
  });

  it('the local runtime and tests admit loopback only (private stays refused)', async () => {
    const local = { ...deployed(), mode: 'local' as const };
    expect((await resolveMailHost(local, '127.0.0.1')).loopback).toBe(true);
    expect((await resolveMailHost({ ...deployed(), allowLoopbackTargets: true }, 'mail.loop.test')).address).toBe('127.0.0.1');
    await expect(resolveMailHost(local, '10.0.0.5')).rejects.toBeInstanceOf(MailHostBlocked);
  });
});

describe('SMTP answers as outcomes', () => {
  it('5xx on RCPT is rejected; 4xx, auth and connection failures are deferred', () => {
    expect(smtpFailure(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 unknown' }))).toMatchObject({
      outcome: 'rejected',
      code: 550,
    });
    expect(smtpFailure(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 451, response: '451 later' }))).toMatchObject({
      outcome: 'deferred',
      code: 451,
    });
    expect(smtpFailure(Object.assign(new Error('x'), { code: 'EAUTH', responseCode: 535 }))).toMatchObject({ outcome: 'deferred' });
    expect(smtpFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toMatchObject({ outcome: 'deferred', code: 0 });
  });

  it('warm-up ramp: day 1 start, +increase per UTC day, capped; a configured limit still applies', () => {
    const a = { warmup: { startPerDay: 10, increasePerDay: 5, maxPerDay: 30 }, warmupStartedAt: '2026-11-01T23:59:00Z', dailyLimit: null };
    expect(dailyCapOn(a, Date.parse('2026-11-01T23:59:30Z'))).toBe(10);
    expect(dailyCapOn(a, Date.parse('2026-11-02T00:00:01Z'))).toBe(15);
    expect(dailyCapOn(a, Date.parse('2026-11-30T12:00:00Z'))).toBe(30);
    expect(dailyCapOn({ ...a, dailyLimit: 12 }, Date.parse('2026-11-30T12:00:00Z'))).toBe(12);
    expect(dailyCapOn({ warmup: null, warmupStartedAt: null, dailyLimit: null }, 0)).toBeNull();
  });

  it('cap by day: from the warm-up start (at most pastDays back) to aheadDays after today, sent only up to today', () => {
    const a = { warmup: { startPerDay: 10, increasePerDay: 5, maxPerDay: 20 }, warmupStartedAt: '2026-11-01T08:00:00Z', dailyLimit: null };
    const sent: Record<string, number> = { '2026-11-01': 4, '2026-11-02': 9 };
    const rows = capByDay(a, Date.parse('2026-11-03T12:00:00Z'), (d) => sent[d] ?? 0, { pastDays: 13, aheadDays: 1 });
    expect(rows).toEqual([
      { day: '2026-11-01', cap: 10, sent: 4 },
      { day: '2026-11-02', cap: 15, sent: 9 },
      { day: '2026-11-03', cap: 20, sent: 0 },
      { day: '2026-11-04', cap: 20, sent: null },
    ]);
    // A warm-up started long ago shows only the last pastDays; without one, the configured limit (or none) per day.
    expect(capByDay(a, Date.parse('2026-12-31T00:00:00Z'), () => 0, { pastDays: 2, aheadDays: 0 }).map((r) => r.day)).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
    ]);
    const fixed = capByDay({ warmup: null, warmupStartedAt: null, dailyLimit: 7 }, Date.parse('2026-11-03T12:00:00Z'), () => 1, { pastDays: 1, aheadDays: 1 });
    expect(fixed).toEqual([
      { day: '2026-11-02', cap: 7, sent: 1 },
      { day: '2026-11-03', cap: 7, sent: 1 },
      { day: '2026-11-04', cap: 7, sent: null },
    ]);
  });
});

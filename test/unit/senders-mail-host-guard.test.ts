import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { MailHostBlocked, resolveMailHost } from '../../shared/senders/mail-host.js';
import { smtpFailure } from '../../shared/senders/transport.js';
import { dailyCapOn } from '../../shared/senders/warmup.js';

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
});

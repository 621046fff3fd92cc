import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { verifyAddresses, type VerifySettings } from '../../shared/mailing/email-verification/verify.js';

/**
 * The verifier against real parts on loopback: the DNS fixture server for MX/A answers and an
 * smtp-server that knows a few mailboxes (onRcptTo refuses the rest). A silent TCP server on
 * 127.0.0.3 (same port) never greets, for the timeout path.
 */
let dns: DnsServer;
let smtp: SMTPServer;
let silent: net.Server;
let port: number;
const seen = { mailFrom: [] as string[], rcpt: [] as string[], data: 0 };

const KNOWN = new Set(['ann@good.test', 'info@good.test', 'someone@mailinator.com', 'bob@implicit.test']);

beforeAll(async () => {
  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onMailFrom(address, _s, cb) {
      seen.mailFrom.push(address.address);
      cb();
    },
    onRcptTo(address, _s, cb) {
      const a = address.address.toLowerCase();
      seen.rcpt.push(a);
      if (a.endsWith('@catchall.test') || KNOWN.has(a)) return cb();
      if (a.endsWith('@greylist.test')) return cb(Object.assign(new Error('Greylisted, try later'), { responseCode: 450 }));
      cb(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, _s, cb) {
      seen.data++;
      stream.resume();
      stream.on('end', () => cb());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
  silent = net.createServer(() => undefined); // accepts and never says a word
  await new Promise<void>((resolve) => silent.listen(port, '127.0.0.3', () => resolve()));
  const mx = (host: string) => ({ MX: [{ priority: 10, exchange: host }] });
  dns = await startDnsServer({
    'good.test': mx('mx.good.test'),
    'mx.good.test': { A: ['127.0.0.1'] },
    'catchall.test': mx('mx.good.test'),
    'greylist.test': mx('mx.good.test'),
    'mailinator.com': mx('mx.good.test'),
    'implicit.test': { A: ['127.0.0.1'] },
    'nomx.test': { TXT: ['v=spf1 -all'] },
    'nullmx.test': { MX: [{ priority: 0, exchange: '.' }] },
    'down.test': mx('mx.down.test'),
    'mx.down.test': { A: ['127.0.0.2'] },
    'private.test': mx('mx.private.test'),
    'mx.private.test': { A: ['10.1.2.3'] },
    'slow.test': mx('mx.slow.test'),
    'mx.slow.test': { A: ['127.0.0.3'] },
    'backup.test': {
      MX: [
        { priority: 5, exchange: 'mx.down.test' },
        { priority: 10, exchange: 'mx.good.test' },
      ],
    },
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => silent?.close(() => resolve()));
  await dns?.stop();
});

const settings = (over: Partial<VerifySettings> = {}): VerifySettings => ({
  dnsServers: [dns.address],
  dnsTimeoutMs: 2000,
  smtpPort: port,
  smtpStepTimeoutMs: 2000,
  heloName: 'verifier.test',
  budgetMs: 20_000,
  allowLoopback: true,
  concurrency: 4,
  now: () => Date.now(),
  ...over,
});

const one = async (email: string, over?: Partial<VerifySettings>) => (await verifyAddresses([email], settings(over)))[0];

describe('email verification', () => {
  it('valid: the MX accepts the mailbox (and refuses a random one)', async () => {
    const v = await one('Ann@Good.test');
    expect(v).toMatchObject({ email: 'ann@good.test', result: 'valid', reasons: ['smtp_accepted'], mx: 'mx.good.test', disposable: false, role: false });
    expect(v.smtp?.code).toBe(250);
    expect(seen.mailFrom).toContain(''); // MAIL FROM:<>
    expect(seen.data).toBe(0); // nothing is ever sent
  });

  it('invalid: the MX refuses the mailbox (5xx)', async () => {
    const v = await one('nobody@good.test');
    expect(v).toMatchObject({ result: 'invalid', reasons: ['mailbox_rejected'] });
    expect(v.smtp?.code).toBe(550);
  });

  it('invalid: syntax, unknown domain, no MX, null MX', async () => {
    const out = await verifyAddresses(['not-an-address', 'a..b@good.test', 'x@missing.test', 'x@nomx.test', 'x@nullmx.test'], settings());
    expect(out.map((v) => [v.result, v.reasons[0]])).toEqual([
      ['invalid', 'syntax'],
      ['invalid', 'syntax'],
      ['invalid', 'domain_not_found'],
      ['invalid', 'no_mx'],
      ['invalid', 'null_mx'],
    ]);
  });

  it('risky: catch-all server, disposable domain, role address', async () => {
    const [catchAll, disposable, role] = await verifyAddresses(['whoever@catchall.test', 'someone@mailinator.com', 'info@good.test'], settings());
    expect(catchAll).toMatchObject({ result: 'risky', reasons: ['catch_all'] });
    expect(disposable).toMatchObject({ result: 'risky', disposable: true, reasons: ['smtp_accepted', 'disposable'] });
    expect(role).toMatchObject({ result: 'risky', role: true, reasons: ['smtp_accepted', 'role_address'] });
  });

  it('unknown: greylisting (4xx), unreachable MX, silent MX (bounded timeout), private MX address, DNS failure', async () => {
    expect(await one('x@greylist.test')).toMatchObject({ result: 'unknown', reasons: ['smtp_tempfail'] });
    expect(await one('x@down.test')).toMatchObject({ result: 'unknown', reasons: ['smtp_unreachable'] });
    const started = Date.now();
    expect(await one('x@slow.test', { smtpStepTimeoutMs: 300 })).toMatchObject({ result: 'unknown', reasons: ['smtp_timeout'] });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await one('x@private.test')).toMatchObject({ result: 'unknown', reasons: ['mx_blocked_address'] });
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const deadDns = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    expect(await one('x@good.test', { dnsServers: [deadDns], dnsTimeoutMs: 400 })).toMatchObject({ result: 'unknown', reasons: ['dns_error'] });
  });

  it('loopback MX addresses are refused unless explicitly allowed', async () => {
    expect(await one('ann@good.test', { allowLoopback: false })).toMatchObject({ result: 'unknown', reasons: ['mx_blocked_address'] });
  });

  it('implicit MX (A record only) and falling back to the next MX host', async () => {
    expect(await one('bob@implicit.test')).toMatchObject({ result: 'valid', mx: 'implicit.test' });
    expect(await one('ann@backup.test')).toMatchObject({ result: 'invalid', mx: 'mx.good.test' });
  });

  it('one session per domain for many recipients, results in input order; budget bounds the call', async () => {
    const before = seen.rcpt.length;
    const out = await verifyAddresses(['ann@good.test', 'zed@good.test', 'ann@good.test'], settings());
    expect(out.map((v) => v.result)).toEqual(['valid', 'invalid', 'valid']);
    expect(seen.rcpt.length - before).toBe(3); // ann, zed + one catch-all probe
    const spent = await verifyAddresses(['ann@good.test'], settings({ budgetMs: 0 }));
    expect(spent[0]).toMatchObject({ result: 'unknown', reasons: ['budget_exhausted'] });
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { client, startTestRuntime } from '../support/runtime.js';
import { createApprovedAccount } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';

/** EmailVerificationController_verifyBatch through the API: local DNS fixtures + a local smtp-server. */
let rt: Awaited<ReturnType<typeof startTestRuntime>>;
let http: ReturnType<typeof client>;
let dns: DnsServer;
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    logger: false,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onRcptTo(address, _s, cb) {
      if (['ann@acme.test', 'sales@acme.test'].includes(address.address.toLowerCase())) return cb();
      cb(Object.assign(new Error('No such user'), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpPort = String((smtp.server.address() as AddressInfo).port);
  dns = await startDnsServer({ 'acme.test': { MX: [{ priority: 10, exchange: 'mx.acme.test' }] }, 'mx.acme.test': { A: ['127.0.0.1'] } });
  rt = await startTestRuntime({
    env: { DNS_SERVERS: dns.address, SVC_ALLOW_LOOPBACK_TARGETS: 'true', SMTP_PROBE_PORT: smtpPort, SMTP_PROBE_TIMEOUT_MS: '3000' },
  });
  const acc = await createApprovedAccount(rt.deps);
  http = client(rt.url, { key: acc.apiKey });
});
afterAll(async () => {
  await rt?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await dns?.stop();
});

describe('POST /api/email-verification/batch', () => {
  it('classifies each address and stores the result on the contact channel', async () => {
    const contact = (await http.post('/api/contacts', { firstName: 'Ann', email: 'ann@acme.test' })).body;
    const r = await http.post('/api/email-verification/batch', {
      emails: ['ann@acme.test', 'ghost@acme.test', 'sales@acme.test', 'broken@', 'x@nowhere.test'],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((d: any) => [d.input, d.result, d.reasons[0]])).toEqual([
      ['ann@acme.test', 'valid', 'smtp_accepted'],
      ['ghost@acme.test', 'invalid', 'mailbox_rejected'],
      ['sales@acme.test', 'risky', 'smtp_accepted'],
      ['broken@', 'invalid', 'syntax'],
      ['x@nowhere.test', 'invalid', 'domain_not_found'],
    ]);
    expect(r.body.summary).toEqual({ valid: 1, invalid: 3, risky: 1, unknown: 0 });
    expect(r.body.data[0].contactIds).toEqual([contact.id]);
    const got = (await http.get(`/api/contacts/${contact.id}`)).body;
    expect(got.channels[0].verification).toMatchObject({ result: 'valid', reasons: ['smtp_accepted'], mx: 'mx.acme.test' });
  });

  it('verifies the email channels of contacts by id', async () => {
    const c = (await http.post('/api/contacts', { firstName: 'G', email: 'ghost@acme.test' })).body;
    const r = await http.post('/api/email-verification/batch', { contactIds: [c.id] });
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ email: 'ghost@acme.test', result: 'invalid', contactIds: [c.id] });
    expect((await http.get(`/api/contacts/${c.id}`)).body.channels[0].verification.result).toBe('invalid');
    expect((await http.post('/api/email-verification/batch', { contactIds: [c.id, 'nope'] })).status).toBe(404);
  });

  it('bounds and validates the batch', async () => {
    expect((await http.post('/api/email-verification/batch', {})).status).toBe(400);
    expect((await http.post('/api/email-verification/batch', { emails: [] })).status).toBe(400);
    expect((await http.post('/api/email-verification/batch', { emails: Array.from({ length: 101 }, (_, i) => `a${i}@acme.test`) })).status).toBe(400);
    expect((await http.post('/api/email-verification/batch', { emails: ['a@acme.test'], contactIds: ['x'] })).status).toBe(400);
    expect((await http.post('/api/email-verification/batch', { emails: ['a@acme.test'], force: true })).body.message).toEqual([
      'property force should not exist',
    ]);
  });
});

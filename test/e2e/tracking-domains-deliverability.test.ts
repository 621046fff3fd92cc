import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime, otherTenantClient } from '../support/accounts.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';
import { recordDeliverability, classifyRecipientDomain } from '../../shared/mailing/deliverability/matrix.js';
import { EmailAccount } from '../../shared/mailing/senders/entities.js';

// Real parts: runtime + DynamoDB Local and a fixture DNS server (DNS_SERVERS) on 127.0.0.1.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer({
    'track.good.test': { CNAME: 'track.svc.test' },
    'track.svc.test': { A: ['203.0.113.10'] },
    'track.wrong.test': { CNAME: 'elsewhere.test' },
    'elsewhere.test': { A: ['203.0.113.11'] },
    'corp.test': { MX: [{ priority: 10, exchange: 'corp-test.mail.protection.outlook.com' }] },
    'startup.test': { MX: [{ priority: 1, exchange: 'aspmx.l.google.com' }] },
  });
  ctx = await startTenantRuntime({ env: { DNS_SERVERS: dns.address, TRACKING_CNAME_TARGET: 'track.svc.test' } });
});
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dns?.stop()]);
});

/** A generous bound, not a timing assertion: real logins and DNS round trips on a shared 2-core machine. */
const SLOW_MACHINE_MS = 180_000;

describe('tracking domains', () => {
  it(
    'create answers the CNAME; health check activates a correct one and fails a wrong one; default needs ACTIVE',
    async () => {
      const good = await ctx.http.post('/api/tracking-domains', { domain: 'Track.Good.test' });
      expect(good.status).toBe(201);
      expect(good.body).toMatchObject({ id: 'track.good.test', status: 'PENDING', dns: { type: 'CNAME', name: 'track.good.test', value: 'track.svc.test' } });
      expect((await ctx.http.post('/api/tracking-domains', { domain: 'track.good.test' })).body.id).toBe('track.good.test');
      const wrong = (await ctx.http.post('/api/tracking-domains', { domain: 'track.wrong.test' })).body;
      const absent = (await ctx.http.post('/api/tracking-domains', { domain: 'track.absent.test' })).body;
      expect((await ctx.http.post('/api/tracking-domains', { domain: 'not a domain' })).status).toBe(400);

      expect((await ctx.http.post(`/api/tracking-domains/${wrong.id}/default`)).status).toBe(409);
      const active = await ctx.http.post(`/api/tracking-domains/${good.body.id}/health-check`);
      expect(active.body).toMatchObject({ status: 'ACTIVE', reason: null });
      const failed = await ctx.http.post(`/api/tracking-domains/${wrong.id}/health-check`);
      expect(failed.body.status).toBe('FAILED');
      expect(failed.body.reason).toMatch(/^cname_mismatch/);
      expect((await ctx.http.post(`/api/tracking-domains/${absent.id}/health-check`)).body).toMatchObject({ status: 'PENDING' });
      const def = await ctx.http.post(`/api/tracking-domains/${good.body.id}/default`);
      expect(def.body).toMatchObject({ isDefault: true });
      expect((await ctx.http.get('/api/tracking-domains')).body.data).toHaveLength(3);

      const other = await otherTenantClient(ctx.rt);
      expect((await other.post(`/api/tracking-domains/${good.body.id}/health-check`)).status).toBe(404);
      expect((await other.post(`/api/tracking-domains/${good.body.id}/default`)).status).toBe(404);
    },
    SLOW_MACHINE_MS,
  );
});

describe('deliverability matrix', () => {
  it(
    'answers zeros with no data, then the recorded counters per provider',
    async () => {
      const table = ctx.rt.deps.tenantTable(ctx.account.tenantId);
      expect((await ctx.http.get('/api/deliverability/matrix')).body.rows).toEqual([]);
      // An account row written directly (the matrix reads accounts; connecting one needs mail servers, covered elsewhere).
      const at = new Date().toISOString();
      await table.put(
        EmailAccount.item(
          { accountId: 'acc1', createdAt: at },
          {
            id: 'acc1',
            name: 'x',
            email: 'x@acme.test',
            auth: 'password',
            status: 'ACTIVE',
            smtpHost: 'h',
            smtpPort: 587,
            smtpUser: 'x@acme.test',
            imapHost: 'h',
            imapPort: 993,
            imapUser: 'x@acme.test',
            createdAt: at,
            updatedAt: at,
          },
        ),
      );
      const zero = (await ctx.http.get('/api/deliverability/matrix')).body;
      expect(zero.providers).toEqual(['gmail', 'microsoft', 'yahoo', 'yandex', 'mailru', 'other']);
      expect(zero.rows[0].providers.gmail).toEqual({ sent: 0, delivered: 0, bounced: 0, replied: 0, inbox: 0, spam: 0, missing: 0, inboxRate: null });

      expect(await classifyRecipientDomain(ctx.rt.deps, 'corp.test')).toBe('microsoft');
      expect(await classifyRecipientDomain(ctx.rt.deps, 'startup.test')).toBe('gmail');
      expect(await classifyRecipientDomain(ctx.rt.deps, 'nomx.test')).toBe('other');
      await recordDeliverability(table, 'acc1', 'microsoft', { sent: 3, delivered: 2, bounced: 1 });
      await recordDeliverability(table, 'acc1', 'microsoft', { inbox: 1, spam: 1, replied: 1 });
      const m = (await ctx.http.get('/api/deliverability/matrix')).body;
      expect(m.rows[0].providers.microsoft).toEqual({ sent: 3, delivered: 2, bounced: 1, replied: 1, inbox: 1, spam: 1, missing: 0, inboxRate: 0.5 });
      expect((await (await otherTenantClient(ctx.rt)).get('/api/deliverability/matrix')).body.rows).toEqual([]);
    },
    SLOW_MACHINE_MS,
  );
});

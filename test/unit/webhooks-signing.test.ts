import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { isTildaTest, parseFormPayload } from '../../shared/crm/connectors/tilda.js';
import { deliveryBody, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelayMs, signatureHeaders } from '../../shared/workspace/webhooks/signing.js';
import { standardWebhooksSecret } from '../../shared/workspace/webhooks/subscriptions.js';

describe('delivery signing', () => {
  const secret = 'unit-secret-0123456789abcdef!~';
  const body = deliveryBody({ eventId: 'e1', kind: 'lead.won', occurredAt: '2026-01-01T00:00:00.000Z', tenantId: 't1', data: { leadId: 'L', name: 'Ёжик' } });
  const now = Math.floor(Date.now() / 1000);
  const h = signatureHeaders(secret, 'd1', now, body);

  it('builds the documented body and both signatures', () => {
    expect(JSON.parse(body)).toEqual({
      id: 'e1',
      type: 'lead.won',
      occurredAt: '2026-01-01T00:00:00.000Z',
      tenantId: 't1',
      data: { leadId: 'L', name: 'Ёжик' },
    });
    expect(h['X-SERVICE-Signature']).toBe('sha256=' + createHmac('sha256', secret).update(Buffer.from(body, 'utf8')).digest('hex'));
    expect(h).toMatchObject({ 'webhook-id': 'd1', 'webhook-timestamp': String(now) });
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('verifies with the standardwebhooks package under the documented whsec_ mapping', () => {
    expect(new Webhook(standardWebhooksSecret(secret)).verify(body, h)).toEqual(JSON.parse(body));
    expect(new Webhook(secret, { format: 'raw' }).verify(body, h)).toEqual(JSON.parse(body));
    expect(() => new Webhook(standardWebhooksSecret(secret)).verify(body.replace('lead.won', 'lead.lost'), h)).toThrow();
  });

  it('retries on the documented schedule with at most 10 % jitter', () => {
    expect(MAX_ATTEMPTS).toBe(6);
    expect(RETRY_DELAYS_SECONDS).toEqual([10, 60, 300, 1800, 7200]);
    RETRY_DELAYS_SECONDS.forEach((s, i) => {
      expect(retryDelayMs(i + 1, 0)).toBe(s * 1000);
      expect(retryDelayMs(i + 1, 0.999)).toBeLessThanOrEqual(s * 1100);
    });
  });
});

describe('Tilda payloads', () => {
  it('reads form-encoded and JSON bodies and recognises the connection check', () => {
    expect(parseFormPayload('Name=%D0%98%D0%B2%D0%B0%D0%BD&Email=a%40b.ru&formid=f1&tranid=1%3A2')).toEqual({
      Name: 'Иван',
      Email: 'a@b.ru',
      formid: 'f1',
      tranid: '1:2',
    });
    expect(parseFormPayload('{"name":"X","phone":79161234567,"nested":{"a":1}}', 'application/json')).toEqual({ name: 'X', phone: '79161234567' });
    expect(isTildaTest(parseFormPayload('test=test'))).toBe(true);
    expect(isTildaTest(parseFormPayload('test=test&Email=a@b.ru'))).toBe(false);
    expect(() => parseFormPayload('{broken', 'application/json')).toThrow();
    expect(() => parseFormPayload('[1,2]', 'application/json')).toThrow();
  });
});

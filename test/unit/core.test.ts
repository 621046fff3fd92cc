import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { issueMessages, parseOrThrow } from '../../shared/http/validation.js';
import { generateApiKey, isWellFormedKey, sha256 } from '../../shared/identity/api-keys.js';
import { Router } from '../../infra/local/router.js';
import { AppError } from '../../shared/errors.js';
import { redact } from '../../shared/runtime/logger.js';
import { decryptSecret, encryptSecret } from '../../shared/security/secrets.js';
import { COMMON_PASSWORDS, assertStrongPassword } from '../../shared/identity/passwords.js';

describe('validation messages (class-validator dialect)', () => {
  const schema = z.strictObject({
    name: z.string().max(3),
    n: z.number().int().min(2),
    tags: z.array(z.string()).max(1),
    nested: z.strictObject({ a: z.string() }).optional(),
  });
  const messages = (v: unknown) => issueMessages(schema.safeParse(v).error!);

  it('names each unknown property, nested ones with their path', () => {
    expect(messages({ name: 'a', n: 2, tags: [], x: 1, nested: { a: 'b', y: 2 } }).sort()).toEqual([
      'property nested.y should not exist',
      'property x should not exist',
    ]);
  });
  it('phrases length, range, type and emptiness', () => {
    expect(messages({ name: 'abcd', n: 1, tags: ['a', 'b'] })).toEqual([
      'name must be shorter than or equal to 3 characters',
      'n must not be less than 2',
      'tags must contain no more than 1 elements',
    ]);
    expect(messages({ n: 'x', tags: [] })).toEqual(['name should not be empty', 'n must be a number']);
  });
  it('throws the spec 400 body', () => {
    try {
      parseOrThrow(schema, { name: 'a', n: 2, tags: [], bogus: true });
      expect.unreachable();
    } catch (e) {
      expect((e as AppError).status).toBe(400);
      expect((e as AppError).body).toMatchObject({ statusCode: 400, message: ['property bogus should not exist'] });
    }
  });
});

describe('API keys', () => {
  it('are svc_pk_ + 43 base62 characters, distinct, and hashed with SHA-256', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(isWellFormedKey(k)).toBe(true);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(isWellFormedKey('svc_pk_short')).toBe(false);
    expect(isWellFormedKey(`svc_pk_${'a'.repeat(42)}!`)).toBe(false);
  });
});

describe('password policy', () => {
  it('has 30 common passwords and rejects them before the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBe(30);
    expect(() => assertStrongPassword('Password1')).toThrow('Password is too common. Please choose a stronger one.');
    expect(() => assertStrongPassword('Zx8$kq2Lm')).toThrow('at least 10');
    expect(() => assertStrongPassword('Zx8$kq2Lm0')).not.toThrow();
  });
});

describe('local router', () => {
  it('prefers literal segments over parameters, as API Gateway does', () => {
    const r = new Router();
    const h = async () => ({ statusCode: 200 });
    r.add({ method: 'GET', path: '/api/companies/{id}', routeKey: 'param', maxBodyBytes: 1, handler: h });
    r.add({ method: 'GET', path: '/api/companies/custom-fields', routeKey: 'literal', maxBodyBytes: 1, handler: h });
    expect(r.match('GET', '/api/companies/custom-fields')?.route.routeKey).toBe('literal');
    expect(r.match('GET', '/api/companies/c%201')?.params).toEqual({ id: 'c 1' });
    expect(r.match('POST', '/api/companies/x')).toBeUndefined();
    expect(r.match('GET', '/api/companies/a/b')).toBeUndefined();
  });
});

describe('secrets', () => {
  const key = Buffer.alloc(32, 7).toString('base64');
  it('encrypts at rest with AES-256-GCM and refuses tampering', () => {
    const stored = encryptSecret('s3cret-value', key);
    expect(stored).not.toContain('s3cret');
    expect(decryptSecret(stored, key)).toBe('s3cret-value');
    // Flip one byte of the ciphertext (the last dot-separated part), so the change is real every time.
    const parts = stored.split('.');
    const data = Buffer.from(parts[3], 'base64url');
    data[0] ^= 0x01;
    const tampered = [...parts.slice(0, 3), data.toString('base64url')].join('.');
    expect(tampered).not.toBe(stored);
    expect(() => decryptSecret(tampered, key)).toThrow();
  });
  it('log lines never carry secret-named fields', () => {
    expect(redact({ email: 'a@b.c', password: 'x', nested: { smtpPass: 'y', apiKey: 'z', secret: 's' } })).toEqual({
      email: 'a@b.c',
      password: '[redacted]',
      nested: { smtpPass: '[redacted]', apiKey: '[redacted]', secret: '[redacted]' },
    });
  });
});

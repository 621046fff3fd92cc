import { describe, expect, it } from 'vitest';
import { redact } from '../../shared/platform/runtime/logger.js';
import { decryptSecret, encryptSecret } from '../../shared/platform/security/secrets.js';

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

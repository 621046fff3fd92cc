import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Hex SHA-256: how keys, session tokens and receipts are stored (a lookup by hash, never the value). */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Secrets at rest (mailbox passwords, webhook secrets): AES-256-GCM with SECRETS_KEY, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key never leaves the process configuration.
 */
export function encryptSecret(plain: string, keyBase64: string): string {
  const key = keyOf(keyBase64);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(stored: string, keyBase64: string): string {
  const [v, iv, tag, data] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('unreadable secret');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyBase64), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

function keyOf(b64: string) {
  const key = Buffer.from(b64, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes, base64');
  return key;
}

import { describe, expect, it } from 'vitest';
import { generateApiKey, isWellFormedKey, sha256 } from '../../shared/workspace/identity/api-keys.js';

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

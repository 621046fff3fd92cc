import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../shared/platform/runtime/config.js';

describe('configuration from the environment', () => {
  it('refuses a SECRETS_KEY that is not 32 bytes of base64, with a message that says how to make one', () => {
    expect(() => configFromEnv({ SECRETS_KEY: 'CHANGE-ME-32-byte-base64-key-for-secrets-at-rest=' })).toThrow(
      /32 random bytes in base64.*openssl rand -base64 32/,
    );
    expect(() => configFromEnv({})).toThrow(/SECRETS_KEY must be set/);
    expect(configFromEnv({ SECRETS_KEY: Buffer.alloc(32, 1).toString('base64') }).secretsKey).toHaveLength(44);
    expect(configFromEnv({ SVC_RUNTIME: 'local' }).mode).toBe('local');
  });

  it('ships no usable key: a local config without SECRETS_KEY gets a random one of its own process, never the former built-in key', () => {
    const key = configFromEnv({ SVC_RUNTIME: 'local' }).secretsKey;
    expect(key).not.toBe('bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=');
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(configFromEnv({ SVC_RUNTIME: 'local' }).secretsKey).toBe(key); // one key per process: cursors and links stay valid within it
  });

  it('turns on the test-only contract checks only when asked', () => {
    expect(configFromEnv({ SVC_RUNTIME: 'local' }).contractChecks).toBe(false);
    expect(configFromEnv({ SVC_RUNTIME: 'local', SVC_CONTRACT_CHECKS: '1' }).contractChecks).toBe(true);
  });
});

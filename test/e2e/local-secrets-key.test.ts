import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { localDeps } from '../../infra/local/local-deps.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';
import { signLink } from '../../shared/mailing/sending/links.js';
import { localSecretsKey } from '../../infra/local/secrets-key.js';
import { createApprovedAccount } from '../support/accounts.js';
import { client, startTestRuntime } from '../support/runtime.js';

/**
 * The embedded runtime without SECRETS_KEY: a random key made on the first start under DATA_DIR
 * (mode 0600) and kept across restarts, never the key that used to ship in the source (with which
 * anyone could sign a click link to any site or an unsubscribe link for another tenant's address).
 */
const FORMER_BUILT_IN_KEY = 'bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=';
const dirs: string[] = [];
const tempDataDir = () => {
  const d = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'secrets-key-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
// An explicit undefined hides a SECRETS_KEY the developer may have exported.
const start = (dataDir: string) => startTestRuntime({ dataDir, env: { SECRETS_KEY: undefined } });

describe('SECRETS_KEY of the local runtime', () => {
  it('is made on the first start under DATA_DIR (0600), kept across restarts, different per data directory, and never the former built-in key', async () => {
    const dataDir = tempDataDir();
    const first = await start(dataDir);
    const key = first.deps.config.secretsKey;
    await first.stop();
    expect(key).not.toBe(FORMER_BUILT_IN_KEY);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    const file = path.join(dataDir, 'secrets.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.deps.config.local.secretsKeyFile).toEqual({ path: file, created: true, existingData: false });

    // The next start on the same directory (localDeps: the runtime's own wiring) reads the same key.
    const again = await localDeps(inject('dynamoEndpoint'), { TABLE_PREFIX: first.prefix, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(again.config.secretsKey).toBe(key);
    expect(again.config.local.secretsKeyFile?.created).toBe(false);

    // Another data directory, another key, made once and read back by every later caller (a test and its child runtime).
    const fresh = tempDataDir();
    const calls = Array.from({ length: 3 }, () => localSecretsKey(fresh));
    expect(new Set(calls.map((r) => r.key)).size).toBe(1);
    expect(calls.map((r) => r.created)).toEqual([true, false, false]);
    expect(calls[0].key).not.toBe(key);
  }, 180_000);

  it('links signed with the former built-in key are not found: no redirect to another site, no unsubscribe in another tenant', async () => {
    const rt = await start(tempDataDir());
    try {
      const victim = await createApprovedAccount(rt.deps);
      const forger = { config: { secretsKey: FORMER_BUILT_IN_KEY } } as Deps;
      const anon = client(rt.url);
      const click = await anon.get(`/t/c/${signLink(forger, { k: 'c', t: victim.tenantId, a: 'task', c: 'contact', u: 'https://evil.example/' })}`);
      expect(click.status).toBe(404);
      expect(click.headers.get('location')).toBeNull();
      const unsubscribe = await anon.post(`/u/${signLink(forger, { k: 'u', t: victim.tenantId, a: 'task', c: 'contact', e: 'ceo@victim.example' })}`, '');
      expect(unsubscribe.status).toBe(404);
      expect((await client(rt.url, { key: victim.apiKey }).get('/api/suppression?pageSize=10')).body.data).toEqual([]);
    } finally {
      await rt.stop();
    }
  }, 180_000);
});

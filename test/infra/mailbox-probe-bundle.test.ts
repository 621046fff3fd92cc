import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../infra/aws/bundling.js';
import { mailboxProbe } from '../../shared/mailing/senders/background.js';
import { startDnsServer, type DnsServer } from '../support/dns-server.js';

/**
 * The mailbox probe's Lambda as deployed: bundled with the house options (nodemailer, imapflow and
 * mailauth inside), loaded with a deployed environment and invoked with the payloads its callers send.
 * Catches what only the bundle can break (CommonJS libraries in the ESM file, lazily imported modules).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(ROOT, '.tmp', 'probe-bundle-'));
const saved = { ...process.env };
let dns: DnsServer;
let invoke: (request: unknown) => Promise<any>;

beforeAll(async () => {
  dns = await startDnsServer({
    'probe.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
    '_dmarc.probe.test': { TXT: ['v=DMARC1; p=reject'] },
  });
  const outfile = path.join(dir, 'index.mjs');
  await build({ ...lambdaEsbuildOptions(path.join(ROOT, 'functions/senders/mailbox_probe.ts'), mailboxProbe.resources), outfile });
  Object.assign(process.env, {
    SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'),
    AWS_REGION: 'eu-west-1',
    TABLE_PREFIX: 'probe-bundle-',
    DNS_SERVERS: dns.address,
    // Refused ports on loopback stand for unreachable mailboxes (a deployed probe refuses loopback hosts).
    SVC_ALLOW_LOOPBACK_TARGETS: 'true',
  });
  delete process.env.SVC_RUNTIME;
  invoke = (await import(pathToFileURL(outfile).href)).handler;
}, 120_000);
afterAll(async () => {
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  await dns?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the mailbox probe bundle', () => {
  it('evaluates SPF with mailauth, finds DMARC and reports a missing DKIM key', async () => {
    const checks = await invoke({ kind: 'dns', domain: 'probe.test', smtpHost: '127.0.0.1' });
    expect(checks.map((c: { check: string; status: string }) => [c.check, c.status])).toEqual([
      ['spf', 'pass'],
      ['dkim', 'warn'],
      ['dmarc', 'pass'],
    ]);
  });

  it('logs in with nodemailer and imapflow: a refused port is each side unreachable, in our words', async () => {
    const login = { user: 'u@probe.test', pass: 'secret-pass' };
    const r = await invoke({
      kind: 'connection',
      target: { smtpHost: '127.0.0.1', smtpPort: 1, imapHost: '127.0.0.1', imapPort: 1 },
      logins: { smtp: login, imap: login },
    });
    expect(r).toMatchObject({
      ok: false,
      smtp: { ok: false, code: 'smtp_unreachable', reason: 'connection_refused' },
      imap: { ok: false, code: 'imap_unreachable', reason: 'connection_refused' },
    });
    expect(JSON.stringify(r)).not.toContain('secret-pass');
    const seeds = await invoke({ kind: 'imap', mailboxes: [{ imapHost: '127.0.0.1', imapPort: 1, imapUser: 'u', imapPass: 'p' }] });
    expect(seeds).toEqual([expect.objectContaining({ ok: false, code: 'imap_unreachable', reason: 'connection_refused' })]);
  });
});

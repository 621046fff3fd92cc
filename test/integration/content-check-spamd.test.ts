import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageForSpamd } from '../../shared/mailing/content-check/check.js';
import { parseSpamdAnswer, spamdCheck, SPAMD_MAX_MESSAGE_BYTES } from '../../shared/mailing/content-check/spamd-client.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import { startRealSpamd, startSpamdStandIn } from '../support/spamd-stand-in.js';

// Real parts: TCP on 127.0.0.1 to a SPAMD-protocol stand-in, and to the real Debian spamd when it is
// installed (scripts/ensure-test-tools.mjs installs it as root; -L: local rules only). Nothing mocked.
const cfg = (port: number, timeoutMs = 5000) => ({ spamd: { host: '127.0.0.1', port, timeoutMs } });
const SPAMMY = messageForSpamd('FREE MONEY!!! Act now', '<p>Click here to buy viagra now!!! 100% free, guaranteed. Act now!</p>', Date.UTC(2026, 10, 23));
let standIn: Awaited<ReturnType<typeof startSpamdStandIn>>;

beforeAll(async () => {
  standIn = await startSpamdStandIn();
});
afterAll(async () => standIn?.stop());

describe('spamd client (SPAMD protocol over TCP)', () => {
  it('sends SYMBOLS with the exact Content-length and reads score, threshold and rule names', async () => {
    const message = messageForSpamd('Привет, {{firstName}}', '<p>Ünïcode body</p>', Date.UTC(2026, 10, 23));
    const out = await spamdCheck(message, cfg(standIn.port));
    expect(out).toEqual({ report: { score: 7.5, required: 5, isSpam: true, rules: ['TRIGGER_FREE_MONEY', 'HTML_MESSAGE', 'MIME_HTML_ONLY'] }, skipped: null });
    const req = standIn.requests.at(-1)!;
    expect(req.command).toBe('SYMBOLS');
    expect(Number(req.headers['content-length'])).toBe(Buffer.byteLength(message));
    expect(req.message).toBe(message);
    expect(req.message).toContain(`Subject: =?UTF-8?B?${Buffer.from('Привет, {{firstName}}').toString('base64')}?=`);
    expect(req.message).toMatch(/^Date: .*\r\n[\s\S]*Message-ID: <[^>]+>\r\n[\s\S]*\r\n\r\n<p>Ünïcode body<\/p>$/);

    standIn.setVerdict({ score: -0.1, required: 5, rules: [] });
    expect((await spamdCheck(message, cfg(standIn.port))).report).toEqual({ score: -0.1, required: 5, isSpam: false, rules: [] });
  });

  it('never throws: off, unreachable, timeout, error code, not the protocol, too large each give a reason', async () => {
    expect(await spamdCheck(SPAMMY, { spamd: null })).toMatchObject({ report: null, skipped: { reason: 'spamd_off' } });
    expect((await spamdCheck('x'.repeat(SPAMD_MAX_MESSAGE_BYTES + 1), cfg(standIn.port))).skipped?.reason).toBe('message_too_large');
    standIn.setMode('error');
    expect(await spamdCheck(SPAMMY, cfg(standIn.port))).toEqual({
      report: null,
      skipped: { reason: 'spamd_error', detail: 'spamd answered 76 Bad header line: (EX_PROTOCOL)' },
    });
    standIn.setMode('garbage');
    expect((await spamdCheck(SPAMMY, cfg(standIn.port))).skipped?.reason).toBe('spamd_bad_answer');
    standIn.setMode('silent');
    expect(await spamdCheck(SPAMMY, cfg(standIn.port, 300))).toMatchObject({ report: null, skipped: { reason: 'spamd_timeout' } });
    standIn.setMode('ok');

    const gone = await startSpamdStandIn();
    await gone.stop();
    expect(await spamdCheck(SPAMMY, cfg(gone.port))).toEqual({
      report: null,
      skipped: { reason: 'spamd_unreachable', detail: `127.0.0.1:${gone.port}: ECONNREFUSED` },
    });
    expect(parseSpamdAnswer('SPAMD/1.1 0 EX_OK\r\nContent-length: 3\r\n\r\nA_B').skipped?.reason).toBe('spamd_bad_answer');
  });

  it('config: off by default and in Lambda; SPAMD_HOST/PORT/TIMEOUT_MS', () => {
    expect(configFromEnv({ SVC_RUNTIME: 'local' }).contentCheck.spamd).toBeNull();
    expect(configFromEnv({ SVC_RUNTIME: 'local', SPAMD_HOST: 'spamd.internal', AWS_LAMBDA_FUNCTION_NAME: 'f' }).contentCheck.spamd).toBeNull();
    expect(configFromEnv({ SVC_RUNTIME: 'local', SPAMD_HOST: 'spamd.internal' }).contentCheck.spamd).toEqual({
      host: 'spamd.internal',
      port: 783,
      timeoutMs: 10_000,
    });
    expect(configFromEnv({ SVC_RUNTIME: 'local', SPAMD_HOST: '127.0.0.1', SPAMD_PORT: '7830', SPAMD_TIMEOUT_MS: '999999' }).contentCheck.spamd).toEqual({
      host: '127.0.0.1',
      port: 7830,
      timeoutMs: 20_000,
    });
  });

  it('the real spamd when installed (else the stand-in) scores a spammy and a clean copy', { timeout: 120_000 }, async () => {
    const real = await startRealSpamd(`${process.env.TMPDIR ?? '/tmp'}/spamd-${process.pid}`);
    const spamd = real ?? standIn;
    try {
      const spammy = await spamdCheck(SPAMMY, cfg(spamd.port, 20_000));
      expect(spammy.skipped).toBeNull();
      expect(spammy.report!.required).toBe(5);
      expect(spammy.report!.rules.length).toBeGreaterThan(0);
      for (const r of spammy.report!.rules) expect(r).toMatch(/^[A-Z0-9_]+$/);
      if (real) {
        const clean = await spamdCheck(
          messageForSpamd('Route planning for your fleet', '<p>Hello Anna, we cut fleet mileage by 12% for Acme. Worth a short call?</p>', Date.now()),
          cfg(spamd.port, 20_000),
        );
        expect(clean.report!.score).toBeLessThan(spammy.report!.score);
        expect(spammy.report!.rules).toContain('DRUGS_ERECTILE');
      }
    } finally {
      await real?.stop();
    }
  });
});

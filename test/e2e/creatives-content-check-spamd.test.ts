import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startSpamdStandIn } from '../support/spamd-stand-in.js';

// Real parts: the embedded runtime with SPAMD_HOST/SPAMD_PORT pointed at the SPAMD-protocol stand-in on
// 127.0.0.1 (TCP, the real client). Nothing mocked. The real spamd is exercised in
// test/integration/content-check-spamd.test.ts.
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let spamd: Awaited<ReturnType<typeof startSpamdStandIn>>;

beforeAll(async () => {
  spamd = await startSpamdStandIn();
  ctx = await startTenantRuntime({ env: { SPAMD_HOST: spamd.host, SPAMD_PORT: String(spamd.port), SPAMD_TIMEOUT_MS: '2000' } });
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), spamd?.stop()]);
});

describe('ContentAnalyzerController_check with spamd', () => {
  it('adds the spamd score and rule names; spamd down or broken is a 200 without the report and with the reason', { timeout: 120_000 }, async () => {
    const { http } = ctx;
    const c = (
      await http.post('/api/creatives', { name: 'Spam', subject: 'FREE MONEY for {{firstName|you}}', bodyHtml: '<p>Act now, {{firstName|friend}}!</p>' })
    ).body;
    const ok = await http.post('/api/content-analyzer/check', { creativeId: c.id });
    expect(ok.status).toBe(200);
    expect(ok.body.spamAssassin).toEqual({ score: 7.5, required: 5, isSpam: true, rules: ['TRIGGER_FREE_MONEY', 'HTML_MESSAGE', 'MIME_HTML_ONLY'] });
    expect(ok.body.spamAssassinSkipped).toBeNull();
    expect(ok.body.hits.length).toBeGreaterThan(0);
    // spamd got the rendered copy (fallbacks applied), not the template.
    const sent = spamd.requests.at(-1)!;
    expect(sent.command).toBe('SYMBOLS');
    expect(sent.message).toContain('Subject: FREE MONEY for you\r\n');
    expect(sent.message).toContain('<p>Act now, friend!</p>');

    spamd.setMode('error');
    const broken = await http.post('/api/content-analyzer/check', { subject: 'Hi', bodyHtml: '<p>Hello</p>' });
    expect(broken.status).toBe(200);
    expect(broken.body).toMatchObject({ spamAssassin: null, spamAssassinSkipped: { reason: 'spamd_error' } });

    await spamd.stop();
    const down = await http.post('/api/content-analyzer/check', { creativeId: c.id });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ spamAssassin: null, spamAssassinSkipped: { reason: 'spamd_unreachable' } });
    expect(down.body.hits).toEqual(ok.body.hits);
  });
});

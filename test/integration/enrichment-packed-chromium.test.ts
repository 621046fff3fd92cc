import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, renderPage } from '../../shared/research/enrichment/crawl/browser.js';
import { startSiteFarm, type SiteFarm } from '../support/site-farm.js';

// The crawl's browser path as the Lambda runs it: @sparticuz/chromium unpacked from the package's bin
// folder (what the shared Chromium layer holds at /opt; infra/aws/chromium.ts), no system Chromium
// (chromiumPath points nowhere), rendering a JS-only loopback page through the outbound guard.
const PACK = path.resolve('node_modules/@sparticuz/chromium/bin');
let farm: SiteFarm;
beforeAll(async () => {
  farm = await startSiteFarm({
    '127.0.0.1': {
      '/': '<html><head><title>JS</title></head><body><div id="a"></div><script>document.getElementById("a").textContent = "Rendered by the packed Chromium"</script></body></html>',
    },
  });
});
afterAll(async () => {
  await closeBrowser();
  await farm?.stop();
});

describe('crawl browser path with the packaged Chromium (CHROMIUM_PACK_DIR)', () => {
  it('renders a script-only page', { timeout: 180_000 }, async () => {
    const r = await renderPage(`http://127.0.0.1:${farm.port}/`, {
      allowLoopback: true,
      timeoutMs: 30_000,
      loadImages: false,
      chromiumPath: '/nonexistent/chromium',
      chromiumPackDir: PACK,
      screenshot: true,
    });
    expect(r).toMatchObject({ ok: true, reasonCode: null });
    expect(r.html).toContain('Rendered by the packed Chromium');
    expect([r.screenshot![0], r.screenshot![1]]).toEqual([0xff, 0xd8]);
  });
});

/**
 * Site crawl benchmark: pages/min of the crawl engine (crawlSite: robots.txt + home page through the
 * outbound guard, DNS via the test DNS server, HTML parsing and contact extraction) over loopback
 * sites served by host-header routing. Fetch path: BENCH_CRAWL_SITES (default 2000) sites, 64 at once;
 * browser path: BENCH_CRAWL_BROWSER_SITES (default 100) JS-only sites, 4 at once. Measures the engine
 * only, not the queue/DynamoDB bookkeeping of a task. Run: `npm run bench site-crawl`.
 */
import { pathToFileURL } from 'node:url';
import { closeBrowser } from '../../shared/research/enrichment/crawl/browser.js';
import { crawlSite } from '../../shared/research/enrichment/crawl/crawl-site.js';
import { pool } from '../../shared/crm/imports/writer.js';
import { configFromEnv } from '../../shared/platform/runtime/config.js';
import { startDnsServer } from '../support/dns-server.js';
import { page, startSiteFarm } from '../support/site-farm.js';

export async function run() {
  const n = Number(process.env.BENCH_CRAWL_SITES) || 2000;
  const nb = Number(process.env.BENCH_CRAWL_BROWSER_SITES) || 100;
  const sites: Record<string, Record<string, string>> = {};
  for (let i = 0; i < n; i++)
    sites[`s${i}.bench.test`] = {
      '/': page(`Site ${i}`, `<p>Company ${i}: call +7 495 123-45-${String(i % 100).padStart(2, '0')} or mail info@s${i}.bench.test</p>`),
    };
  for (let i = 0; i < nb; i++)
    sites[`js${i}.bench.test`] = {
      '/': `<html><head><title>JS ${i}</title></head><body><div id="a"></div><script>document.getElementById("a").textContent = "Rendered company ${i} with contact js${i}@bench.test and a longer paragraph of text"</script></body></html>`,
    };
  const farm = await startSiteFarm(sites);
  const dns = await startDnsServer(Object.fromEntries(Object.keys(sites).map((h) => [h, { A: ['127.0.0.1'] }])));
  const base = {
    allowLoopback: true,
    dnsServers: [dns.address],
    timeoutMs: 15_000,
    visitPages: 'home' as const,
    maxAttempts: 1,
    loadImages: false,
    saveScreenshot: false,
    politenessMs: 0,
    chromiumPath: configFromEnv({ ...process.env, SVC_RUNTIME: 'local' }).chromiumPath,
    parseBudgetMs: 15_000,
  };
  try {
    let t = performance.now();
    let ok = 0;
    await pool(
      Array.from({ length: n }, (_, i) => i),
      64,
      async (i) => void ((await crawlSite(farm.url(`s${i}.bench.test`), { ...base, browser: false })).status === 'OK' && ok++),
    );
    const fetchMin = (performance.now() - t) / 60_000;
    console.log(`fetch path: ${n} sites, ${ok} OK, ${Math.round(n / fetchMin)} pages/min (target ≥ 3600)`);
    t = performance.now();
    let bok = 0;
    await pool(
      Array.from({ length: nb }, (_, i) => i),
      4,
      async (i) => void ((await crawlSite(farm.url(`js${i}.bench.test`), { ...base, browser: true })).method === 'browser' && bok++),
    );
    const browserMin = (performance.now() - t) / 60_000;
    console.log(`browser path: ${nb} sites, ${bok} rendered, ${Math.round(nb / browserMin)} pages/min`);
  } finally {
    await closeBrowser();
    await farm.stop();
    await dns.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();

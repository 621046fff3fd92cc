// The crawler's browser path (renderPage, real Chromium) gets every byte through the outbound guard: a
// crawled page holding each network vector (test/support/network-vectors.ts) aimed at its own loopback
// listener. The loopback switch is on here, as in the crawl tests, so the page itself can be served from
// 127.0.0.1 and the requests the guard answers do reach the listeners, with the guard's user agent (or
// Node's TLS hello, for https). What must never arrive is a connection Chromium opened itself: a
// preconnect (no bytes), Chromium's TLS hello, or a request in the browser's own name (speculation rules,
// pop-ups and WebSockets are not seen by request interception).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser, renderPage } from '../../shared/research/enrichment/crawl/browser.js';
import { NETWORK_VECTORS, firstLine, startVectorListeners, tlsClient, vectorHtml, type VectorListeners } from '../support/network-vectors.js';

let listeners: VectorListeners;
let site: http.Server;
let base = '';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  listeners = await startVectorListeners(NETWORK_VECTORS);
  site = http.createServer((req, res) => {
    const v = NETWORK_VECTORS.find((x) => req.url === `/page/${x.name}`);
    if (!v) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body><p>Page ${v.name}</p>${vectorHtml(v, listeners)}</body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeBrowser();
  await listeners?.stop();
  await new Promise<void>((r) => site?.close(() => r()));
});

describe('crawler browser network lockdown', () => {
  it(`${NETWORK_VECTORS.length} vectors on crawled pages: only the outbound guard's requests reach loopback`, { timeout: 600_000 }, async () => {
    const rendered: string[] = [];
    for (const v of NETWORK_VECTORS) {
      const page = await renderPage(`${base}/page/${v.name}`, {
        chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        allowLoopback: true,
        timeoutMs: 8000,
        loadImages: true,
      });
      if (page.html.includes(`Page ${v.name}`)) rendered.push(v.name);
    }
    // Pages that navigate away (meta refresh, location, form submit) end elsewhere; the others rendered.
    expect(rendered.length).toBeGreaterThan(NETWORK_VECTORS.length / 2);
    await sleep(2000);
    const byBrowser = [...listeners.connections()].flatMap(([name, heads]) =>
      heads.filter((h) => !/\r\nuser-agent: svc-outbound\/1\.0(\r\n|$)/i.test(h) && tlsClient(h) !== 'node').map((h) => `${name}: ${firstLine(h)}`),
    );
    expect(byBrowser).toEqual([]);
    // The guard's own requests did arrive: the instrument sees what interception fetched.
    expect(listeners.connections().get('link-stylesheet')?.length).toBeGreaterThan(0);
  });
});

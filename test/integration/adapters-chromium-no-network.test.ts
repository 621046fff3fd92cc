// The browser-level guard alone (NO_NETWORK_FLAGS, shared/platform/adapters/chromium/launch.ts), in both
// binaries the service runs: Debian's Chromium and the Lambda's @sparticuz/chromium headless shell
// (unpacked from the package's bin folder into TMPDIR, launched with its own Lambda flags). No sanitizing,
// no request interception, scripts on: every network vector (test/support/network-vectors.ts) loads in
// its own page, aimed at its own loopback listener, and no listener may see a connection. The same
// pages in a browser without those flags do reach the listeners, so the instrument is not blind.
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_FLAGS, NO_NETWORK_FLAGS, chromiumLaunch } from '../../shared/platform/adapters/chromium/launch.js';
import { NETWORK_VECTORS, firstLine, startVectorListeners, vectorHtml, type NetworkVector, type VectorListeners } from '../support/network-vectors.js';

const SYSTEM = { chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
const PACKED = { chromiumPath: '/nonexistent/chromium', chromiumPackDir: path.resolve('node_modules/@sparticuz/chromium/bin') };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let listeners: VectorListeners;

beforeAll(async () => {
  listeners = await startVectorListeners(NETWORK_VECTORS);
});
afterAll(async () => {
  await listeners?.stop();
});

/**
 * Loads each vector's page (scripts on, nothing intercepted) and answers the connections seen, one line each.
 * With `untilSeen` (the control) a page stays open until its listener saw a connection, bounded at 20 s:
 * a prefetch runs at idle priority and a loaded machine may not reach it before the page closes.
 */
async function loadAll(cfg: typeof SYSTEM | typeof PACKED, flags: string[], vectors: NetworkVector[], into: VectorListeners, untilSeen = false) {
  const how = await chromiumLaunch(cfg);
  const browser = await puppeteer.launch({ executablePath: how.executablePath, headless: how.headless, args: [...how.args, ...HEADLESS_FLAGS, ...flags] });
  try {
    for (const v of vectors) {
      const page = await browser.newPage();
      await page.setContent(`<html><body><p>${v.name}</p>${vectorHtml(v, into)}</body></html>`, { timeout: 8000 }).catch(() => undefined);
      for (let i = 0; untilSeen && i < 200 && !into.connections().get(v.name)?.length; i++) await sleep(100);
      await page.close().catch(() => undefined);
    }
    await sleep(2000);
  } finally {
    await browser.close();
  }
  return [...into.connections()].flatMap(([name, heads]) => heads.map((h) => `${name}: ${firstLine(h)}`));
}

describe('Chromium with NO_NETWORK_FLAGS opens no connection', () => {
  it('control: without the flags the same pages reach loopback (prefetch, preconnect, WebSocket, pop-up)', { timeout: 300_000 }, async () => {
    const names = ['link-prefetch', 'link-preconnect', 'script-websocket', 'script-window-open'];
    const vectors = NETWORK_VECTORS.filter((v) => names.includes(v.name));
    const control = await startVectorListeners(vectors);
    try {
      const seen = await loadAll(SYSTEM, [], vectors, control, true);
      expect(new Set(seen.map((s) => s.split(':')[0]))).toEqual(new Set(names));
    } finally {
      await control.stop();
    }
  });

  it(`system Chromium: ${NETWORK_VECTORS.length} vectors, no connection`, { timeout: 300_000 }, async () => {
    expect(await loadAll(SYSTEM, NO_NETWORK_FLAGS, NETWORK_VECTORS, listeners)).toEqual([]);
  });

  it(`packed @sparticuz/chromium (the Lambda's): ${NETWORK_VECTORS.length} vectors, no connection`, { timeout: 300_000 }, async () => {
    expect(await loadAll(PACKED, NO_NETWORK_FLAGS, NETWORK_VECTORS, listeners)).toEqual([]);
  });
});

// What the PDF page is built from (shared/mailing/creatives/pdf/sanitize.ts through loadDocument), read back
// from the page's DOM in real Chromium: the layout survives (styles, tables, inline SVG, data: images,
// photo variation, the doctype's layout mode), everything that loads, navigates or runs does not.
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_FLAGS, NO_NETWORK_FLAGS } from '../../shared/platform/adapters/chromium/launch.js';
import { loadDocument } from '../../shared/mailing/creatives/pdf/chromium.js';

const GIF = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';
let browser: Browser;

beforeAll(async () => {
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...HEADLESS_FLAGS, ...NO_NETWORK_FLAGS],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function load(html: string) {
  const page = await browser.newPage();
  try {
    const removed = await loadDocument(page, html, [{ photoId: 'team', filter: 'brightness(1.2)', transform: '' }], 10_000);
    const dom = await page.evaluate(() => ({
      mode: document.compatMode,
      publicId: document.doctype?.publicId ?? null,
      html: document.documentElement.outerHTML,
      images: Array.from(document.images, (i) => ({ photo: i.dataset.photo ?? null, width: i.naturalWidth, filter: i.style.filter })),
      svgGradient: document.querySelector('linearGradient')?.namespaceURI ?? null,
      h1Color: Array.from(document.querySelectorAll('h1'), (h) => getComputedStyle(h).color)[0] ?? null,
    }));
    return { removed, ...dom };
  } finally {
    await page.close();
  }
}

describe('the PDF page keeps the layout and nothing that loads', () => {
  it('keeps styles, tables, inline SVG, data: images with their photo variation, links and the standards mode', async () => {
    const got = await load(
      `<!DOCTYPE html><html><head><title>Offer</title><style>h1 { color: rgb(200, 10, 10) }</style></head><body class="page">` +
        `<h1>Offer</h1><table border="1" cellpadding="4"><tr><td colspan="2" style="width:50%">cell</td></tr></table>` +
        `<svg viewBox="0 0 10 10" width="40"><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient><rect width="10" height="10" fill="url(#g)"/></svg>` +
        `<img data-photo="team" src="${GIF}" alt="Team"><img data-photo="brand" data-role="logo" src="${GIF}">` +
        `<a href="https://example.test/offer">Read more</a><custom-note>kept text</custom-note></body></html>`,
    );
    expect(got.removed).toEqual({ removedElements: 1, removedAttributes: 0 }); // <custom-note> unwrapped
    expect(got.mode).toBe('CSS1Compat');
    expect(got.h1Color).toBe('rgb(200, 10, 10)');
    expect(got.svgGradient).toBe('http://www.w3.org/2000/svg');
    expect(got.images).toEqual([
      { photo: 'team', width: 1, filter: 'brightness(1.2)' },
      { photo: 'brand', width: 1, filter: '' },
    ]);
    expect(got.html).toContain('<td colspan="2" style="width:50%">cell</td>');
    expect(got.html).toContain('<a href="https://example.test/offer">Read more</a>kept text');
  });

  it('keeps the layout mode the doctype asks for: quirks without one, the public identifier of a legacy one', async () => {
    expect((await load('<p>no doctype</p>')).mode).toBe('BackCompat');
    const xhtml = await load(
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><p>legacy</p>',
    );
    expect(xhtml.publicId).toBe('-//W3C//DTD XHTML 1.0 Transitional//EN');
  });

  it('drops what loads, navigates or runs, and the sources that are not data: images', async () => {
    const got = await load(
      `<html><head><base href="http://10.0.0.1/"><meta http-equiv="refresh" content="0;url=http://10.0.0.1/"><link rel="prefetch" href="http://10.0.0.1/a">` +
        `<script>document.title = 'ran'</script></head><body background="http://10.0.0.1/bg.png" onload="x()"><p>Text stays</p>` +
        `<img src="http://10.0.0.1/i.png" srcset="http://10.0.0.1/2.png 2x" onerror="x()"><img/src="relative.png"><a href="javascript:x()">js link</a>` +
        `<iframe src="http://10.0.0.1/f"></iframe><object data="http://10.0.0.1/o"></object><video poster="http://10.0.0.1/p.png"></video>` +
        `<form action="http://10.0.0.1/f"><label>Label stays</label><input type="image" src="http://10.0.0.1/in.png"></form>` +
        `<svg><image href="http://10.0.0.1/s.png"/><use href="http://10.0.0.1/u.svg#a"/><foreignObject><p>inside</p></foreignObject><circle r="2"/></svg></body></html>`,
    );
    expect(got.html).toBe(
      '<html><head></head><body><p>Text stays</p><img><img><a>js link</a><label>Label stays</label><svg><circle r="2"></circle></svg></body></html>',
    );
    expect(got.removed).toEqual({ removedElements: 12, removedAttributes: 7 });
  });
});

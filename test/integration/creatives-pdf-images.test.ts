import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../shared/platform/adapters/files/local-files.js';
import { inlineImages, type ImageSources } from '../../shared/mailing/creatives/pdf/images.js';

// Real parts: the local file store on disk and an HTTP image server on 127.0.0.1, reached through the
// outbound guard (loopback admitted only where the test says allowLoopback, as SVC_ALLOW_LOOPBACK_TARGETS does).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc0000003010100c9fe92ef0000000049454e44ae426082',
  'hex',
);
const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-images-'));
const files = new LocalFileStore(dir);
let server: Server;
let base = '';
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/photo.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    if (req.url === '/big.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(5000, 1));
    if (req.url === '/moved') return void res.writeHead(302, { location: 'https://10.0.0.1/x.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const expiresAt = new Date(Date.now() + 3600_000).toISOString();
  await files.put('tenantA', 'images/logo.png', PNG, { contentType: 'image/png', expiresAt });
  await files.put('tenantA', 'docs/notes.txt', Buffer.from('text'), { contentType: 'text/plain', expiresAt });
  await files.put('tenantB', 'images/secret.png', PNG, { contentType: 'image/png', expiresAt });
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

const sources = (over: Partial<ImageSources> = {}): ImageSources => ({
  tenantId: 'tenantA',
  files,
  allowLoopback: true,
  maxImageBytes: 4096,
  maxTotalBytes: 100_000,
  ...over,
});
const dataUri = `data:image/png;base64,${PNG.toString('base64')}`;

describe('PDF images inlined before printing', () => {
  it('stored files of the tenant and https images become data: URIs; data: stays; one fetch per URL', async () => {
    const html =
      `<img data-role="logo" src="stored-file:images/logo.png"><img data-photo="p" src='${base}/photo.png?a=1&amp;b=2'>` +
      `<IMG alt=x SRC=${base}/photo.png?a=1&b=2><img src="${dataUri}">`;
    const out = await inlineImages(html, sources());
    expect(out.issues).toEqual([]);
    expect(out.inlined).toBe(2);
    expect(out.html).toBe(`<img data-role="logo" src="${dataUri}"><img data-photo="p" src="${dataUri}"><IMG alt=x SRC="${dataUri}"><img src="${dataUri}">`);
    expect(hits.filter((h) => h === '/photo.png?a=1&b=2').length).toBe(1);
  });

  it('refuses, with a reason each, what it cannot or may not inline; the rest of the page stays', async () => {
    const refs = [
      'stored-file:images/secret.png', // tenant B's file: not in tenant A's store
      'stored-file:../tenantB/images/secret.png',
      'stored-file:docs/notes.txt',
      `${base}/page.html`,
      `${base}/big.png`,
      `${base}/nope.png`,
      `${base}/moved`,
      'https://10.0.0.1/x.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ];
    const out = await inlineImages(`<p>Keep</p>${refs.map((r) => `<img src="${r}">`).join('')}`, sources());
    expect(out.inlined).toBe(0);
    expect(out.html).toBe(`<p>Keep</p>${'<img src="">'.repeat(refs.length)}`);
    expect(out.issues.map((i) => [i.src, i.reason])).toEqual([
      [refs[0], 'not_found'],
      [refs[1], 'not_found'],
      [refs[2], 'not_an_image'],
      [refs[3], 'not_an_image'],
      [refs[4], 'too_large'],
      [refs[5], 'fetch_failed'],
      [refs[6], 'blocked'],
      [refs[7], 'blocked'],
      [refs[8], 'unsupported_source'],
      [refs[9], 'unsupported_source'],
    ]);
    expect(out.issues[6].detail).toBe('private address');
  });

  it('without the loopback test switch, a plain-http or loopback image is blocked; the document byte budget and image count are capped', async () => {
    expect((await inlineImages(`<img src="${base}/photo.png">`, sources({ allowLoopback: false }))).issues).toEqual([
      { src: `${base}/photo.png`, reason: 'blocked', detail: 'HTTPS required' },
    ]);
    const budget = await inlineImages(`<img src="stored-file:images/logo.png"><img src="${base}/photo.png?2">`, sources({ maxTotalBytes: PNG.length + 10 }));
    expect(budget.inlined).toBe(1);
    expect(budget.issues.map((i) => i.reason)).toEqual(['too_large']);
    const many = await inlineImages(`<img src="${base}/photo.png?x"><img src="${base}/photo.png?y">`, sources({ maxImages: 1 }));
    expect(many.issues.map((i) => i.reason)).toEqual(['too_many_images']);
  });
});

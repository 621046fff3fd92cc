// Real Chromium (puppeteer-core, /usr/bin/chromium or CHROMIUM_PATH) prints the PDFs; poppler's
// pdftotext/pdfimages read them back (installed by scripts/ensure-test-tools.mjs). The photo comes from
// an HTTP server on 127.0.0.1 through the outbound guard (SVC_ALLOW_LOOPBACK_TARGETS admits loopback),
// the logo from the tenant's file store.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherTenantClient, startTenantRuntime } from '../support/accounts.js';
import { client } from '../support/runtime.js';

let env: Awaited<ReturnType<typeof startTenantRuntime>>;
let api: ReturnType<typeof client>;
const work = mkdtempSync(path.join(os.tmpdir(), 'pdf-test-'));
let images: Server;
let imagesBase = '';
const served = new Map<string, Buffer>();

beforeAll(async () => {
  images = createServer((req, res) => {
    const body = served.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/png' }).end(body);
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  imagesBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  env = await startTenantRuntime({ dataDir: path.join(work, 'data'), env: { SVC_ALLOW_LOOPBACK_TARGETS: 'true' } });
  api = env.http;
});
afterAll(async () => {
  await env?.rt.stop();
  await new Promise<void>((r) => images?.close(() => r()));
  rmSync(work, { recursive: true, force: true });
});

/** A small RGB PNG whose pixels come from `color(x, y)`. */
function png(w: number, h: number, color: (x: number, y: number) => [number, number, number]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set(color(x, y), y * (w * 3 + 1) + 1 + x * 3);
  return `data:image/png;base64,${Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]).toString('base64')}`;
}

async function pdfOf(creativeId: string, contactId: string) {
  const started = await api.post(`/api/creatives/${creativeId}/pdf`, { contactId });
  expect(started.status).toBe(202);
  expect(['PENDING', 'RUNNING', 'READY']).toContain(started.body.status);
  for (let i = 0; i < 300; i++) {
    const g = await api.get(`/api/creatives/pdf-generations/${started.body.generationId}`);
    if (g.body.status === 'READY') return { id: started.body.generationId as string, gen: g.body, bytes: Buffer.from(g.body.contentBase64, 'base64') };
    expect(g.body.status, g.body.error).not.toBe('FAILED');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('PDF not ready after 60 s');
}

function readPdf(name: string, bytes: Buffer) {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  const dir = mkdtempSync(path.join(work, `${name}-img-`));
  execFileSync('pdfimages', ['-png', file, path.join(dir, 'img')]);
  const images = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f)));
  return { text, images };
}

describe('per-recipient PDFs in Chromium', () => {
  it('two recipients: their names in the text, the photo varied, the logo byte-identical', { timeout: 180_000 }, async () => {
    const logo = png(48, 48, (x, y) => (((x >> 3) + (y >> 3)) % 2 ? [20, 60, 200] : [250, 250, 250]));
    const photo = png(64, 64, (x, y) => [(x * 4) & 255, (y * 4) & 255, ((x + y) * 2) & 255]);
    // The logo is a stored file of the tenant, the photo an image URL (fetched through the outbound guard).
    const bytesOf = (uri: string) => Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64');
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    await env.rt.deps.files!.put(env.account.tenantId, 'images/logo.png', bytesOf(logo), { contentType: 'image/png', expiresAt });
    served.set('/team.png', bytesOf(photo));
    const bodyHtml =
      `<html><body><img data-photo="brand" data-role="logo" src="stored-file:images/logo.png" width="96" height="96">` +
      `<h1>Offer for {{firstName}} {{lastName}}</h1><p>Dear {{firstName}}, this is for {{company.name}}.</p>` +
      `<img data-photo="team" src="${imagesBase}/team.png" width="128" height="128"><img src="https://10.1.2.3/pixel.png"></body></html>`;
    const creative = (
      await api.post('/api/creatives', {
        name: 'PDF offer',
        type: 'ATTACHMENT',
        subject: 'Offer',
        bodyHtml,
        formConfig: {
          pdf_image_variation: { enabled: true, intensity: 2, imageIds: ['team', 'brand'], brightness: true, contrast: true, saturation: true, scale: false },
        },
      })
    ).body;
    expect(creative.id).toBeTruthy();
    const co = (await api.post('/api/companies', { name: 'Northwind' })).body;
    const anna = (await api.post('/api/contacts', { firstName: 'Annabel', lastName: 'Quist', companyId: co.id })).body;
    const boris = (await api.post('/api/contacts', { firstName: 'Borislav', lastName: 'Zeller', companyId: co.id })).body;

    const a = await pdfOf(creative.id, anna.id);
    const b = await pdfOf(creative.id, boris.id);
    expect(a.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.gen.sizeBytes).toBe(a.bytes.length);
    expect(a.gen.imageIssues).toEqual([{ src: 'https://10.1.2.3/pixel.png', reason: 'blocked', detail: 'private address' }]);
    const pa = readPdf('anna', a.bytes);
    const pb = readPdf('boris', b.bytes);
    expect(pa.text).toContain('Offer for Annabel Quist');
    expect(pa.text).toContain('this is for Northwind');
    expect(pa.text).not.toContain('Borislav');
    expect(pb.text).toContain('Offer for Borislav Zeller');
    // Document order: the logo (embedded as is), the varied photo (Chromium rasterizes the filtered
    // image), and that raster's soft mask.
    expect(pa.images.length).toBe(3);
    expect(pb.images.length).toBe(3);
    expect(pa.images[0].equals(pb.images[0])).toBe(true);
    expect(pa.images[1].equals(pb.images[1])).toBe(false);

    // The same recipient and content version: the same generation, not new work.
    const again = await api.post(`/api/creatives/${creative.id}/pdf`, { contactId: anna.id });
    expect(again.body).toMatchObject({ generationId: a.id, status: 'READY' });
    // Deterministic per recipient: a new content version renders Anna's photo the same way.
    await api.patch(`/api/creatives/${creative.id}`, { bodyHtml: bodyHtml.replace('Offer for', 'Proposal for') });
    const a2 = await pdfOf(creative.id, anna.id);
    expect(a2.id).not.toBe(a.id);
    const pa2 = readPdf('anna2', a2.bytes);
    expect(pa2.text).toContain('Proposal for Annabel Quist');
    expect(pa2.images[1].equals(pa.images[1])).toBe(true);

    const other = await otherTenantClient(env.rt);
    expect((await other.get(`/api/creatives/pdf-generations/${a.id}`)).status).toBe(404);
    expect((await other.post(`/api/creatives/${creative.id}/pdf`, { contactId: anna.id })).status).toBe(404);
    expect((await api.post(`/api/creatives/${creative.id}/pdf`, { contactId: 'nope' })).status).toBe(404);
  });
});

// The PDF renderer's Chromium reaches nothing (issue 27, item 1): every way HTML can make a browser open a
// connection (test/support/network-vectors.ts) is put in a creative aimed at its own TCP listener on
// loopback, and printed through POST /api/creatives/{id}/pdf by the real runtime and its queue worker
// (real Chromium, real DynamoDB Local; no loopback switch, as in production). A listener counts every
// accepted connection, bytes or not (a preconnect sends none). A control browser without the lockdown
// shows the listeners do see Chromium's own prefetch, so an empty count is not the instrument's blindness.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLESS_FLAGS } from '../../shared/platform/adapters/chromium/launch.js';
import { startTenantRuntime } from '../support/accounts.js';
import { NETWORK_VECTORS, firstLine, startVectorListeners, vectorHtml, type VectorListeners } from '../support/network-vectors.js';

let env: Awaited<ReturnType<typeof startTenantRuntime>>;
let listeners: VectorListeners;
const work = mkdtempSync(path.join(os.tmpdir(), 'pdf-lockdown-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  listeners = await startVectorListeners(NETWORK_VECTORS);
  env = await startTenantRuntime({ dataDir: path.join(work, 'data') });
}, 120_000);
afterAll(async () => {
  await env?.rt.stop();
  await listeners?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** How long a browser without the lockdown takes to open a prefetch connection to a listener (bounded). */
async function controlPrefetchMs() {
  const control = await startVectorListeners([NETWORK_VECTORS[0]]);
  const browser = await puppeteer.launch({ executablePath: env.rt.deps.config.chromiumPath, headless: true, args: HEADLESS_FLAGS });
  try {
    const page = await browser.newPage();
    const started = Date.now();
    await page.setContent(`<html><body>${vectorHtml(NETWORK_VECTORS[0], control)}</body></html>`);
    // A connection is counted when accepted, before its request arrives, and Chromium may open a spare one
    // that never sends: wait (bounded at 20 s) until one of them has sent its request line.
    const request = /^GET \/v\/link-prefetch\?action=delete&id=1 HTTP\/1\.1/;
    const sentRequest = () => (control.connections().get(NETWORK_VECTORS[0].name) ?? []).some((head) => request.test(head));
    for (let i = 0; i < 200 && !sentRequest(); i++) await sleep(100);
    expect(
      control
        .connections()
        .get(NETWORK_VECTORS[0].name)
        ?.find((head) => request.test(head)),
    ).toMatch(request);
    return Date.now() - started;
  } finally {
    await browser.close();
    await control.stop();
  }
}

describe('PDF renderer network lockdown', () => {
  it(
    `${NETWORK_VECTORS.length} vectors printed through POST /api/creatives/{id}/pdf: no connection reaches any loopback listener`,
    { timeout: 600_000 },
    async () => {
      const controlMs = await controlPrefetchMs();
      const api = env.http;
      const company = (await api.post('/api/companies', { name: 'Lockdown Ltd' })).body;
      const contact = (await api.post('/api/contacts', { firstName: 'Vera', lastName: 'Vector', companyId: company.id })).body;

      const started: { name: string; generationId: string }[] = [];
      for (const v of NETWORK_VECTORS) {
        const creative = await api.post('/api/creatives', {
          name: `vector ${v.name}`,
          type: 'ATTACHMENT',
          subject: v.name,
          bodyHtml: `<html><head><title>${v.name}</title></head><body><p>Vector ${v.name} for {{firstName}}</p>${vectorHtml(v, listeners)}</body></html>`,
        });
        expect(creative.status, JSON.stringify(creative.body)).toBe(201);
        const pdf = await api.post(`/api/creatives/${creative.body.id}/pdf`, { contactId: contact.id });
        expect(pdf.status).toBe(202);
        started.push({ name: v.name, generationId: pdf.body.generationId });
      }

      const outcome = new Map<string, { status: string; error: string | null; contentBase64?: string }>();
      for (let i = 0; i < 1200 && outcome.size < started.length; i++) {
        for (const s of started.filter((x) => !outcome.has(x.name))) {
          const g = (await api.get(`/api/creatives/pdf-generations/${s.generationId}`)).body;
          if (g.status === 'READY' || g.status === 'FAILED') outcome.set(s.name, g);
        }
        if (outcome.size < started.length) await sleep(250);
      }
      // Every vector's document was printed, with its text: the page did render what it was given.
      const failed = [...outcome].filter(([, g]) => g.status !== 'READY').map(([n, g]) => `${n}: ${g.error}`);
      expect(failed).toEqual([]);
      expect(outcome.size).toBe(NETWORK_VECTORS.length);
      for (const [name, g] of [...outcome].slice(0, 3)) {
        const file = path.join(work, `${name}.pdf`);
        writeFileSync(file, Buffer.from(g.contentBase64 ?? '', 'base64'));
        expect(execFileSync('pdftotext', [file, '-']).toString()).toContain(`Vector ${name} for Vera`);
      }

      // A connection is opened while the page loads, before it prints; give a late one ten times the
      // control's delay (2 to 10 s) to arrive before counting.
      await sleep(Math.min(10_000, Math.max(2000, controlMs * 10)));
      expect([...listeners.connections()].flatMap(([name, heads]) => heads.map((h) => `${name}: ${firstLine(h)}`))).toEqual([]);
    },
  );
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumLaunch } from '../../shared/platform/adapters/chromium/launch.js';
import { closePdfBrowser, htmlToPdf } from '../../shared/mailing/creatives/pdf/chromium.js';

// The Lambda path, run here: @sparticuz/chromium unpacked from the package's own bin folder (what the
// Chromium layer holds at /opt; infra/aws/chromium.ts) into TMPDIR, then the real PDF print. No system
// Chromium involved: chromiumPath points nowhere.
const PACK = path.resolve('node_modules/@sparticuz/chromium/bin');
const work = mkdtempSync(path.join(os.tmpdir(), 'pdf-packed-'));
afterAll(async () => {
  await closePdfBrowser();
  rmSync(work, { recursive: true, force: true });
});

describe('PDF printing with the packaged Chromium (CHROMIUM_PACK_DIR)', () => {
  it('unpacks @sparticuz/chromium from the pack folder and prints the page', { timeout: 180_000 }, async () => {
    const cfg = { chromiumPath: '/nonexistent/chromium', chromiumPackDir: PACK };
    const how = await chromiumLaunch(cfg);
    expect(how).toMatchObject({ packed: true, headless: 'shell', pipe: true });
    expect(how.executablePath.startsWith(os.tmpdir())).toBe(true);
    expect(how.args).toContain('--no-sandbox');
    expect(await chromiumLaunch({ chromiumPath: '/usr/bin/chromium' })).toEqual({
      executablePath: '/usr/bin/chromium',
      args: [],
      headless: true,
      packed: false,
      pipe: true,
    });

    const pdf = await htmlToPdf('<html><body><h1>Printed by the packed Chromium</h1></body></html>', [], cfg);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(work, 'packed.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('pdftotext', [file, '-']).toString()).toContain('Printed by the packed Chromium');
    const producer = execFileSync('pdfinfo', [file]).toString();
    expect(producer).toMatch(/HeadlessChrome|Skia/);
  });
});

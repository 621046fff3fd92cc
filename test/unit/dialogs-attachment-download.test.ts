import { describe, expect, it } from 'vitest';
import { contentDisposition, servedType } from '../../shared/mailing/dialogs/attachment-download.js';
import { downloadName } from '../../shared/mailing/dialogs/attachment-names.js';

// What a received attachment is saved and answered as (DialogsController_getAttachment): pure rules.
describe('attachment downloads', () => {
  it('keeps a safe name; spells out invisible characters; a name passing for another type loses its dots', () => {
    expect(downloadName('price list.pdf')).toBe('price list.pdf');
    expect(downloadName('отчёт.TXT')).toBe('отчёт.TXT');
    expect(downloadName('invoice.pdf.exe')).toBe('invoice_pdf_exe');
    expect(downloadName('inv\u202Efdp.scr')).toBe('inv_u202Efdp_scr');
    expect(downloadName('report\u202Etxt.pdf')).toBe('report_u202Etxt.pdf'); // spelled out, it no longer reads as …fdp.txt
    expect(downloadName('page.html')).toBe('page_html');
    expect(downloadName('../../etc/passwd')).toBe('______etc_passwd');
    expect(downloadName('a.exe. ')).toBe('a_exe');
    expect(downloadName('. ')).toBe('attachment');
    expect(downloadName('README')).toBe('README');
    expect(downloadName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });

  it('answers the stored type only when a browser renders it without running code', () => {
    for (const t of ['image/png', 'IMAGE/JPEG', 'image/gif', 'image/webp', 'application/pdf', 'text/plain; charset=utf-8'])
      expect(servedType(t), t).toBe(t.toLowerCase().split(';')[0]);
    for (const t of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/javascript',
      'application/x-msdownload',
      'text/csv',
      'multipart/mixed',
    ])
      expect(servedType(t), t).toBe('application/octet-stream');
  });

  it('names the file for old and new clients (RFC 6266)', () => {
    expect(contentDisposition('price list.pdf')).toBe(`attachment; filename="price list.pdf"; filename*=UTF-8''price%20list.pdf`);
    expect(contentDisposition('отчёт "q".txt')).toBe(`attachment; filename="_____ _q_.txt"; filename*=UTF-8''%D0%BE%D1%82%D1%87%D1%91%D1%82%20%22q%22.txt`);
    expect(contentDisposition("it's (1)*.pdf")).toBe(`attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`);
  });
});

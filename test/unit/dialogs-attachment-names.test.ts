import { describe, expect, it } from 'vitest';
import { decodeAttachments, unsafeFilename } from '../../shared/mailing/dialogs/attachments.js';

const file = (filename: string, contentType = 'application/pdf') => ({ filename, contentBase64: 'aGk=', contentType });
const refusal = (filename: string, contentType?: string) => {
  try {
    decodeAttachments([file(filename, contentType)]);
  } catch (e) {
    return (e as { status: number; body: { message: string[] } }).body.message[0];
  }
  return undefined;
};

describe('attachment file names (compose, reply, forward)', () => {
  it('refuses a double extension, a right-to-left override and other invisible characters, with the name spelled out', () => {
    expect(refusal('invoice.pdf.exe')).toBe('attachmentsJson[0] (invoice.pdf.exe): filename has a double extension (.pdf.exe): it would open as .exe');
    expect(refusal('inv\u202Efdp.scr')).toBe(
      'attachmentsJson[0] (inv\\u202Efdp.scr): filename must not contain control, bidirectional or invisible characters',
    );
    // Looks like a PDF and ends in .pdf, but the override reverses what the reader sees.
    expect(refusal('report\u202Etxt.pdf')).toMatch(/bidirectional/);
    for (const name of ['a\u200Bb.pdf', 'a\u2066b.pdf', 'a\u061Cb.pdf', 'a\u0007b.pdf', 'a\u0085b.pdf', 'a\u2028b.pdf', 'a\uFEFFb.pdf', 'a\tb.pdf'])
      expect(refusal(name), JSON.stringify(name)).toMatch(/control, bidirectional or invisible/);
  });

  it('refuses executable and script extensions, trailing dots and spaces, and path separators', () => {
    for (const name of ['run.exe', 'setup.msi', 'x.js', 'page.html', 'macro.docm', 'photo.jpg.scr', 'a.exe.', 'a.pdf ', '.exe'])
      expect(unsafeFilename(name), name).toBeDefined();
    expect(unsafeFilename('../etc/passwd')).toMatch(/path separators/);
    expect(unsafeFilename('a\\b.pdf')).toMatch(/path separators/);
  });

  it('accepts ordinary names', () => {
    for (const name of ['proposal.pdf', 'Q3 report.2024.xlsx', 'README', 'Счёт №5.pdf', 'chart.PNG', 'invite.ics', 'archive.pdf.zip'])
      expect(unsafeFilename(name), name).toBeUndefined();
    expect(decodeAttachments([file('proposal.pdf')])[0].filename).toBe('proposal.pdf');
  });
});

// @vitest-environment happy-dom
// The inbox pages' pure parts (web/src/pages/inbox): a typed reply becomes escaped HTML, chosen files
// become attachmentsJson, received ones download links, unread dialogs are counted per label, a refused file's 400 lands next to the
// attachments input, and a sequence's stop reasons are said in words.
import { describe, expect, it } from 'vitest';
import { CLASSIFICATIONS as API_CLASSIFICATIONS } from '../../shared/mailing/dialogs/entities.js';
import { ENROLMENT_STATUSES as API_ENROLMENT_STATUSES } from '../../shared/mailing/sequences/entities.js';
import {
  attachmentHref,
  bytesToBase64,
  CLASSIFICATIONS,
  classificationLabel,
  countUnread,
  fileSize,
  filesToAttachments,
  shownFilename,
  textToHtml,
} from '../../web/src/pages/inbox/inbox-api';
import { placeAttachmentErrors } from '../../web/src/pages/inbox/send-parts';
import { ENROLMENT_STATUS_WORDS, parseIds, stopReasonInWords } from '../../web/src/pages/inbox/sequences-api';

describe('the values the inbox pages offer are the API’s', () => {
  it('every reply class and enrolment status, each named in words', () => {
    expect([...CLASSIFICATIONS].sort()).toEqual([...API_CLASSIFICATIONS].sort());
    expect(Object.keys(ENROLMENT_STATUS_WORDS).sort()).toEqual([...API_ENROLMENT_STATUSES].sort());
  });
});

describe('textToHtml', () => {
  it('escapes markup and keeps paragraphs and line breaks', () => {
    expect(textToHtml('Hi <b>Bea</b> & "co"\r\nsee you\n\n\nBest, \'Sales\'')).toBe(
      '<p>Hi &lt;b&gt;Bea&lt;/b&gt; &amp; &quot;co&quot;<br>see you</p>\n<p>Best, &#39;Sales&#39;</p>',
    );
  });
  it('leaves {{variables}} and {spin|tax} as typed', () => {
    expect(textToHtml('Hi {{firstName}}, {hello|hi}')).toBe('<p>Hi {{firstName}}, {hello|hi}</p>');
  });
});

describe('attachments', () => {
  it('encodes the chosen files as base64 with their type (octet-stream when the browser gives none)', async () => {
    const files = [new File(['%PDF-1.4 x'], 'offer.pdf', { type: 'application/pdf' }), new File([new Uint8Array([0, 255, 10])], 'raw')];
    const list = Object.assign(files, { item: (i: number) => files[i] }) as unknown as FileList;
    expect(await filesToAttachments(list)).toEqual([
      { filename: 'offer.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('%PDF-1.4 x').toString('base64') },
      { filename: 'raw', contentType: 'application/octet-stream', contentBase64: 'AP8K' },
    ]);
    expect(await filesToAttachments(null)).toBeUndefined();
  });
  it('encodes large files in chunks, byte for byte', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
  it('places the API message naming a refused file next to the attachments input', () => {
    const placed = placeAttachmentErrors({ byField: { subject: ['x'] }, form: ['attachmentsJson[0] (a.exe) type is not allowed', 'something else'] });
    expect(placed).toEqual({ byField: { subject: ['x'], attachmentsJson: ['attachmentsJson[0] (a.exe) type is not allowed'] }, form: ['something else'] });
  });
});

describe('received attachments', () => {
  const stored = { messageKey: '0123456789abcdef' };
  it('link to the download operation with the workspace in the query (a plain link sends no X-Tenant-Id)', () => {
    expect(attachmentHref('t1', 'd9', stored, 2, 1000)).toBe('/api/dialogs/d9/messages/0123456789abcdef/attachments/2?workspace=t1');
  });
  it('give no link for a send-engine email or a file over the 4 MB the operation answers', () => {
    expect(attachmentHref('t1', 'd9', { messageKey: 'send-t-c' }, 0, 10)).toBeUndefined();
    expect(attachmentHref('t1', 'd9', {}, 0, 10)).toBeUndefined();
    expect(attachmentHref('t1', 'd9', stored, 0, 4 * 1024 * 1024)).toBeDefined();
    expect(attachmentHref('t1', 'd9', stored, 0, 4 * 1024 * 1024 + 1)).toBeUndefined();
  });
  it('show names with invisible characters spelled out and sizes in words', () => {
    expect(shownFilename('inv\u202Efdp.scr')).toBe('inv\\u202Efdp.scr');
    expect([fileSize(0), fileSize(1023), fileSize(1536), fileSize(3 * 1024 * 1024 + 200_000)]).toEqual(['0 bytes', '1023 bytes', '2 KB', '3.2 MB']);
  });
});

describe('unread counts', () => {
  it('counts per label across pages and says when more remain', () => {
    const c = countUnread([
      { data: [{ classification: 'interested' }, { classification: null }], nextCursor: 'c1' },
      { data: [{ classification: 'interested' }, { classification: 'bounce' }], nextCursor: 'c2' },
    ]);
    expect(c).toEqual({ total: 4, more: true, byClass: { interested: 2, none: 1, bounce: 1 } });
    expect(countUnread([{ data: [], nextCursor: null }])).toEqual({ total: 0, more: false, byClass: {} });
  });
  it('names labels in words', () => {
    expect(classificationLabel('later')).toBe('Not now');
    expect(classificationLabel(null)).toBe('Not classified');
    expect(classificationLabel('new_class')).toBe('new class');
  });
});

describe('sequences', () => {
  it('says why an enrolment stopped', () => {
    expect(stopReasonInWords('reply <abc@x>')).toBe('They replied');
    expect(stopReasonInWords('unsubscribe_request')).toBe('They asked to be unsubscribed');
    expect(stopReasonInWords('suppressed_manual')).toBe('The address is on the suppression list (manual)');
    expect(stopReasonInWords('dsn_5.1.1')).toBe('A bounce report arrived (status 5.1.1)');
    expect(stopReasonInWords('step_2_bounced')).toBe('Step 2 bounced');
    expect(stopReasonInWords('step_1_skipped_suppressed')).toBe('Step 1 was not sent (skipped suppressed)');
    expect(stopReasonInWords('sequence_deleted')).toBe('The sequence was deleted');
    expect(stopReasonInWords(null)).toBe('');
  });
  it('reads contact ids typed one per line or with commas, without repeats', () => {
    expect(parseIds(' c1\nc2, c3;c1 \n\n')).toEqual(['c1', 'c2', 'c3']);
  });
});

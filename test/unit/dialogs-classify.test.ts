import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { classifyByRules, isAutoReply, ownText } from '../../shared/mailing/dialogs/classify.js';
import { decodeAttachments } from '../../shared/mailing/dialogs/attachments.js';
import { parseDsn, sendItemRef } from '../../shared/mailing/sending/bounces.js';
import { addBusinessDays } from '../../shared/mailing/sequences/scheduler.js';

const facts = (text: string, subject = 'Re: Hello', headers: Record<string, string> = {}, from = 'ann@buyer.test') => ({ from, subject, text, headers });

describe('reply classification rules', () => {
  it.each([
    ['Sounds good, can we book a call on Tuesday?', 'interested'],
    ['Not interested, thanks.', 'not_interested'],
    ['We are all set with our current vendor, no thanks', 'not_interested'],
    ['Please reach out again next quarter.', 'later'],
    ['Please unsubscribe me from this list.', 'unsubscribe_request'],
    ['I am not the right person for this; you should contact our CTO.', 'wrong_person'],
  ])('%s → %s', (text, cls) => {
    expect(classifyByRules(facts(text)).classification).toBe(cls);
  });

  it('quoted text of our own email does not decide the class', () => {
    const text = 'Not interested.\n\nOn Mon, 1 Jan 2026, Sales <sales@acme.test> wrote:\n> Are you interested in a demo?';
    expect(ownText(text)).toBe('Not interested.');
    expect(classifyByRules(facts(text)).classification).toBe('not_interested');
  });

  it('auto-replies: RFC 3834 Auto-Submitted, vendor headers, out-of-office subject and body; Auto-Submitted: no is a human', () => {
    expect(isAutoReply(facts('Back soon', 'Re: Hello', { 'auto-submitted': 'auto-replied' }))).toBe(true);
    expect(isAutoReply(facts('hi', 'Re: Hello', { 'x-autoreply': 'yes' }))).toBe(true);
    expect(isAutoReply(facts('hi', 'Out of Office: Hello'))).toBe(true);
    expect(isAutoReply(facts('I am currently out of the office with limited access to email.'))).toBe(true);
    expect(isAutoReply(facts('Sure, tell me more', 'Re: Hello', { 'auto-submitted': 'no' }))).toBe(false);
    const ooo = classifyByRules(facts('I am on vacation until Monday', 'Automatic reply: Hello'));
    expect(ooo).toMatchObject({ classification: 'out_of_office', autoReply: true });
    expect(classifyByRules(facts('x', 'Undelivered Mail Returned to Sender', {}, 'MAILER-DAEMON@mx.test')).classification).toBe('bounce');
  });
});

describe('DSN parsing', () => {
  const raw = (status: string, part = 'text/rfc822-headers') =>
    Buffer.from(
      `From: MAILER-DAEMON@mx.test\r\nTo: s@acme.test\r\nSubject: failure\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nfailed\r\n--b\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.test\r\n\r\nFinal-Recipient: rfc822; carl@buyer.test\r\nAction: failed\r\nStatus: ${status}\r\nDiagnostic-Code: smtp; 550 no such user\r\n--b\r\nContent-Type: ${part}\r\n\r\nMessage-ID: <t1.c1.abcdef012345@acme.test>\r\nSubject: hi\r\n\r\nbody\r\n--b--\r\n`,
    );
  it('a 5.x.x report names the original Message-ID and the recipient (rfc822 headers or a whole message/rfc822)', async () => {
    for (const part of ['text/rfc822-headers', 'message/rfc822']) {
      const r = raw('5.1.1', part);
      expect(parseDsn(await simpleParser(r), r)).toMatchObject({
        hard: true,
        status: '5.1.1',
        recipient: 'carl@buyer.test',
        originalMessageId: '<t1.c1.abcdef012345@acme.test>',
      });
    }
    const soft = raw('4.4.7');
    expect(parseDsn(await simpleParser(soft), soft)).toMatchObject({ hard: false });
    const plain = Buffer.from('From: a@b.test\r\nSubject: x\r\n\r\nStatus: 5.0.0\r\n');
    expect(parseDsn(await simpleParser(plain), plain)).toBeUndefined();
  });
  it('send-engine Message-IDs parse into task and contact; others do not', () => {
    expect(sendItemRef('<0mwt1abc.0mwt2def.a1b2c3d4e5f6@acme.test>')).toEqual({ taskId: '0mwt1abc', contactId: '0mwt2def' });
    expect(sendItemRef('<ann-1@buyer.test>')).toBeUndefined();
    expect(sendItemRef('<abc123.d0123456789abcdef01234567@acme.test>')).toBeUndefined();
  });
});

describe('attachments and business days', () => {
  it('refusals name the attachment', () => {
    let body: any;
    try {
      decodeAttachments([{ filename: 'a.pdf', contentBase64: 'abc', contentType: 'application/pdf' }]);
    } catch (e) {
      body = (e as { body: unknown }).body;
    }
    expect(body).toMatchObject({ statusCode: 400, message: ['attachmentsJson[0] (a.pdf): contentBase64 is not valid base64'] });
    expect(decodeAttachments(JSON.stringify([{ filename: 'a.txt', contentBase64: 'aGk=', contentType: 'text/plain' }]))[0].content.toString()).toBe('hi');
  });
  it('adds Monday–Friday days only', () => {
    const fri = Date.UTC(2026, 10, 20, 9); // Friday
    expect(new Date(addBusinessDays(fri, 1)).getUTCDay()).toBe(1);
    expect(addBusinessDays(fri, 2) - fri).toBe(4 * 86_400_000);
    expect(addBusinessDays(fri, 0)).toBe(fri);
  });
});

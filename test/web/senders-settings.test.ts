// The pure logic of the senders and settings pages: the connect form's body and where a failed login is
// shown, the send window editor's body and its "open now / opens at" sentence, the seed rows, reordering.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api/errors';
import { connectBody, connectFailure } from '../../web/src/pages/senders/connect-form';
import { WIPE_CONFIRMATION } from '../../shared/workspace/settings/wipe.js';
import { moved, seedBody, WIPE_PHRASE, sendWindowBody, windowStateInWords, type SendWindowAnswer } from '../../web/src/pages/settings/settings-api';

describe('connect form', () => {
  it('sends ports and the cap as numbers, and anything not a number as typed (the API names the field)', () => {
    expect(connectBody({ name: 'Me', smtpPort: '587', imapPort: '993', dailyLimit: '40', smtpHost: '127.0.0.1' })).toEqual({
      name: 'Me',
      smtpPort: 587,
      imapPort: 993,
      dailyLimit: 40,
      smtpHost: '127.0.0.1',
    });
    expect(connectBody({ smtpPort: 'abc', remember: true })).toEqual({ smtpPort: 'abc' });
  });

  it('places a 422 on the side it names, a side-less 422 above the form, and ignores other errors', () => {
    const refused = new ApiError(422, {
      statusCode: 422,
      code: 'imap_unreachable',
      side: 'imap',
      reason: 'connection_refused',
      message: 'IMAP connection refused',
    });
    expect(connectFailure(refused)).toEqual({ side: 'imap', message: 'IMAP connection refused' });
    const smtp = new ApiError(422, { statusCode: 422, code: 'smtp_auth_failed', side: 'smtp', reason: 'auth_failed' });
    expect(connectFailure(smtp)).toEqual({ side: 'smtp', message: 'The login failed (smtp_auth_failed)' });
    const combo = new ApiError(422, { statusCode: 422, code: 'oauth_refresh_failed', message: 'The refresh token was refused' });
    expect(connectFailure(combo)).toEqual({ side: undefined, message: 'The refresh token was refused' });
    expect(connectFailure(new ApiError(400, { statusCode: 400, message: ['smtpPort must be a number'] }))).toBeUndefined();
    expect(connectFailure(new Error('boom'))).toBeUndefined();
  });
});

describe('send window', () => {
  it('turns the weekday checkboxes into workDays and keeps the other fields', () => {
    const values = {
      enabled: true,
      workDay1: true,
      workDay2: false,
      workDay5: true,
      workDay7: true,
      startTime: '08:30',
      endTime: '17:00',
      timezone: 'Europe/Berlin',
    };
    expect(sendWindowBody(values)).toEqual({ enabled: true, workDays: [1, 5, 7], startTime: '08:30', endTime: '17:00', timezone: 'Europe/Berlin' });
    expect(sendWindowBody({ enabled: false })).toEqual({ enabled: false, workDays: [] });
  });

  const answer = (over: Partial<SendWindowAnswer>, enabled = true): SendWindowAnswer => ({
    source: 'workspace',
    configured: { enabled, workDays: [1], startTime: '09:00', endTime: '18:00', timezone: 'America/New_York' },
    windowOpen: false,
    nextOpenAt: null,
    ...over,
  });

  it('says open now, closed until a time (here and in the window zone), or never', () => {
    expect(windowStateInWords(answer({ windowOpen: true }))).toBe('Open now: mail may go out.');
    expect(windowStateInWords(answer({ windowOpen: true }, false))).toMatch(/^Open now: no send window/);
    expect(windowStateInWords(answer({}))).toBe('Closed: the window never opens (no work days chosen).');
    // Monday 30 Nov 2026 14:00 UTC = 09:00 in New York.
    const closed = windowStateInWords(answer({ nextOpenAt: '2026-11-30T14:00:00.000Z' }), 'en-GB');
    expect(closed).toMatch(/^Closed now: opens at Monday/);
    expect(closed).toContain('(Monday 09:00 America/New_York)');
  });
});

describe('seed rows, transports, the wipe', () => {
  it('asks for the phrase the API requires', () => expect(WIPE_PHRASE).toBe(WIPE_CONFIRMATION));

  it('reads each seed row by index with its port as a number', () => {
    const v = { 'mailboxes.0.email': 'a@x.test', 'mailboxes.0.imapPort': '993', 'mailboxes.1.email': 'b@x.test', 'mailboxes.1.provider': 'gmail' };
    expect(seedBody(v, 2)).toEqual([
      { email: 'a@x.test', imapPort: 993 },
      { email: 'b@x.test', provider: 'gmail' },
    ]);
  });

  it('moves an item one place and leaves the ends alone', () => {
    expect(moved(['oauth', 'smtp'], 1, -1)).toEqual(['smtp', 'oauth']);
    expect(moved(['oauth', 'smtp'], 0, -1)).toEqual(['oauth', 'smtp']);
    expect(moved(['oauth', 'smtp'], 1, 1)).toEqual(['oauth', 'smtp']);
  });
});

import { describe, expect, it } from 'vitest';
import { classifyMailError, failureMessage, mailSessionFailure } from '../../shared/mailing/senders/mail-failure.js';
import { MailHostBlocked } from '../../shared/mailing/senders/mail-host.js';
import { SenderUnavailable } from '../../shared/mailing/senders/transport.js';
import { unprocessable } from '../../shared/platform/errors.js';

describe("mail host failures: the side and a category, never the server's words", () => {
  it('classifies nodemailer and imapflow errors by their code first', () => {
    expect(classifyMailError({ code: 'EAUTH', message: 'Invalid login: 535 5.7.8 banner text' }, 'smtp')).toBe('auth_failed');
    expect(classifyMailError({ authenticationFailed: true, message: 'Command failed' }, 'imap')).toBe('auth_failed');
    expect(classifyMailError({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'smtp')).toBe('connection_refused');
    expect(classifyMailError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'imap')).toBe('connection_refused');
    expect(classifyMailError({ code: 'ETIMEDOUT', message: 'Greeting never received' }, 'smtp')).toBe('timeout');
    expect(classifyMailError({ code: 'CONNECT_TIMEOUT', message: 'Failed to establish connection in required time' }, 'imap')).toBe('timeout');
    expect(classifyMailError({ code: 'ETLS', message: 'Error initiating TLS' }, 'smtp')).toBe('tls_failed');
    expect(classifyMailError({ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }, 'imap')).toBe('tls_failed');
    expect(classifyMailError({ code: 'ERR_TLS_CERT_ALTNAME_INVALID', message: "Hostname/IP does not match certificate's altnames" }, 'imap')).toBe(
      'tls_failed',
    );
    expect(classifyMailError({ code: 'EDNS', message: 'getaddrinfo ENOTFOUND mail.nowhere.test' }, 'smtp')).toBe('host_not_found');
    expect(classifyMailError({ code: 'EPROTOCOL', responseCode: 554, message: 'Invalid greeting. response=554 go away TLS' }, 'smtp')).toBe(
      'refused_by_server',
    );
    expect(classifyMailError({ code: 'EPROTOCOL', message: 'Invalid greeting. response=HTTP/1.1 400 Bad Request' }, 'smtp')).toBe('protocol_error');
    expect(classifyMailError({ code: 'ESOCKET', message: 'read ECONNRESET' }, 'smtp')).toBe('connection_closed');
    expect(classifyMailError({ message: 'something else entirely' }, 'imap')).toBe('connection_failed');
  });

  it('says it in a fixed sentence per side and category', () => {
    expect(failureMessage('smtp', 'auth_failed')).toBe('SMTP authentication failed: check the user name and the password (or app password)');
    expect(failureMessage('imap', 'timeout')).toMatch(/^IMAP timed out/);
    // An SMTP reply code is a number, not the server's words: kept.
    expect(failureMessage('smtp', 'refused_by_server', 554)).toBe('SMTP refused by the server: it answered the connection with an error (554)');
  });

  it("an inbox sync error: ours keeps its words, a mail server's becomes the side and a category", () => {
    const dovecotRefusal = Object.assign(new Error('Command failed'), {
      authenticationFailed: true,
      responseText: '[AUTHENTICATIONFAILED] imap-7.corp.internal says no',
    });
    expect(mailSessionFailure(dovecotRefusal, 'imap')).toBe(failureMessage('imap', 'auth_failed'));
    expect(mailSessionFailure(Object.assign(new Error('Unexpected close: * BYE banner-text'), { code: 'NoConnection' }), 'imap')).not.toMatch(/banner/);
    expect(mailSessionFailure(new SenderUnavailable('suspended'), 'imap')).toBe('sender not available: suspended');
    expect(mailSessionFailure(unprocessable('Microsoft refused the refresh token', { code: 'oauth_refresh_failed' }), 'imap')).toBe(
      'Microsoft refused the refresh token',
    );
    expect(mailSessionFailure(new MailHostBlocked('10.0.0.1', 'private address'), 'imap')).toBe(failureMessage('imap', 'host_not_allowed'));
  });
});

import { describe, expect, it } from 'vitest';
import { EmailAccount, emailAccountView, type EmailAccountItem } from '../../shared/mailing/senders/entities.js';
import { accountOutput } from '../../shared/mailing/senders/schema.js';

// A mailbox as the senders operations answer it: the entity's answered attributes, never a secret
// (passwords and OAuth tokens are `internal`), and the flags saying which secrets are stored.
const oauthItem: EmailAccountItem = {
  id: 'acc1',
  name: 'Box',
  email: 'box@example.test',
  auth: 'oauth',
  provider: 'microsoft',
  status: 'ACTIVE',
  smtpHost: 'smtp.example.test',
  smtpPort: 587,
  smtpUser: 'box@example.test',
  imapHost: 'imap.example.test',
  imapPort: 993,
  imapUser: 'box@example.test',
  refreshTokenEnc: 'enc-refresh',
  accessTokenEnc: 'enc-access',
  oauthClientId: 'client',
  accessTokenExpiresAt: '2026-01-01T01:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('email account view', () => {
  it('names no secret in the output schema and answers none', () => {
    expect(Object.keys(accountOutput.shape).filter((k) => /Enc$|^(smtp|imap)Pass$|^(access|refresh)Token$/.test(k))).toEqual([]);
    const withPassword = { ...oauthItem, auth: 'password' as const, smtpPassEnc: 'enc-smtp', imapPassEnc: 'enc-imap' };
    for (const item of [oauthItem, withPassword]) {
      const view = emailAccountView({ ...item, ...EmailAccount.key({ accountId: item.id }) });
      expect(JSON.stringify(view)).not.toMatch(/enc-/);
      expect(accountOutput.strict().parse(view)).toEqual(view);
    }
    expect(emailAccountView(oauthItem)).toMatchObject({ hasPassword: false, hasRefreshToken: true });
    expect(emailAccountView(withPassword)).toMatchObject({ hasPassword: true, hasRefreshToken: true });
  });

  it('reads a mailbox stored before the later attributes existed: they answer null', () => {
    const view = emailAccountView(oauthItem);
    expect(view).toMatchObject({
      suspendedReason: null,
      suspendedAt: null,
      bounceTrip: null,
      dnsStatus: null,
      warmup: null,
      dailyLimit: null,
      lastConnectionCheck: null,
    });
  });
});

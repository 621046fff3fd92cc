import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTenantRuntime } from '../support/accounts.js';
import { startDovecot, type Dovecot } from '../support/dovecot.js';
import { startOAuthStandIn, type OAuthStandIn } from '../support/oauth-stand-in.js';
import { startSmtpRelay, type Relay } from '../support/smtp-relay.js';
import { EmailAccount } from '../../shared/mailing/senders/entities.js';
import { openSenderTransport, getSendingState } from '../../shared/mailing/senders/transport.js';

// Real parts: runtime + DynamoDB Local; a local stand-in for the Google/Microsoft token endpoints;
// smtp-server checking XOAUTH2 tokens against it; Dovecot with its oauth2 passdb (XOAUTH2, tokeninfo at the stand-in).
let ctx: Awaited<ReturnType<typeof startTenantRuntime>>;
let oauth: OAuthStandIn;
let dovecot: Dovecot;
let relay: Relay;

beforeAll(async () => {
  oauth = await startOAuthStandIn();
  [dovecot, relay] = await Promise.all([
    startDovecot({ oauth2TokeninfoUrl: `${oauth.url}/tokeninfo?access_token=` }),
    startSmtpRelay({ acceptToken: (user, token) => oauth.accessTokens.get(token) === user }),
  ]);
  const env: Record<string, string> = {};
  for (const p of ['GOOGLE', 'MICROSOFT']) {
    const vars: Record<string, string> = {
      CLIENT_ID: `${p.toLowerCase()}-client`,
      CLIENT_SECRET: 'secret',
      AUTH_URL: `${oauth.url}/${p.toLowerCase()}/authorize`,
      TOKEN_URL: `${oauth.url}/${p.toLowerCase()}/token`,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(relay.port),
      IMAP_HOST: '127.0.0.1',
      IMAP_PORT: String(dovecot.port),
    };
    for (const [k, v] of Object.entries(vars)) env[`OAUTH_${p}_${k}`] = v;
  }
  ctx = await startTenantRuntime({ env });
}, 120_000);
afterAll(async () => {
  await Promise.all([ctx?.rt.stop(), dovecot?.stop(), relay?.stop(), oauth?.stop()]);
});

/** The start call from a browser: the authorization URL, the callback it leads to, and the binding cookie the browser keeps. */
async function startInBrowser(provider: 'google' | 'microsoft', email: string) {
  oauth.loginAs = email;
  const start = await ctx.http.post(`/api/email-accounts/oauth/${provider}/start`, { name: `${provider} box` });
  expect(start.status).toBe(200);
  const setCookie = start.headers.getSetCookie();
  expect(setCookie).toHaveLength(1);
  expect(setCookie[0]).toMatch(/^svc_oauth_[0-9a-f]{16}=[A-Za-z0-9_-]{32}; Path=\/api\/email-accounts\/oauth\/; HttpOnly; SameSite=Lax; Max-Age=900$/);
  const redirect = await fetch(start.body.authorizationUrl, { redirect: 'manual' });
  const location = redirect.headers.get('location')!;
  expect(location.startsWith(`${ctx.rt.url}/api/email-accounts/oauth/${provider}/callback?`)).toBe(true);
  return { location, cookie: setCookie[0].split(';')[0] };
}

/** The browser's part: open the authorization URL, follow the stand-in's redirect to our callback with the binding cookie. */
async function consent(provider: 'google' | 'microsoft', email: string) {
  const { location, cookie } = await startInBrowser(provider, email);
  const res = await fetch(location, { headers: { cookie } });
  return { status: res.status, body: await res.json(), setCookie: res.headers.getSetCookie() };
}

/** A generous bound, not a timing assertion: real logins and DNS round trips on a shared 2-core machine. */
const SLOW_MACHINE_MS = 180_000;

describe('OAuth mailboxes', () => {
  it(
    'Google-style flow ends with a connected account whose SMTP and IMAP logins use XOAUTH2',
    async () => {
      const r = await consent('google', 'ann@gmail.test');
      expect(r.status).toBe(200);
      expect(r.body.account).toMatchObject({ email: 'ann@gmail.test', auth: 'oauth', provider: 'google', hasRefreshToken: true, hasPassword: false });
      expect(relay.logins).toContainEqual({ user: 'ann@gmail.test', method: 'XOAUTH2', ok: true });
      const raw = await ctx.rt.deps.tenantTable(ctx.account.tenantId).get(EmailAccount.key({ accountId: r.body.account.id }));
      expect(JSON.stringify(raw)).not.toMatch(/"(rt|at)_[0-9a-f]{32}"/);

      const t = await openSenderTransport(ctx.rt.deps, ctx.account.tenantId, r.body.account.id);
      expect(
        (
          await t.send({
            from: { address: 'ann@gmail.test' },
            to: { address: 'x@example.test' },
            subject: 'via oauth',
            html: '<p>x</p>',
            text: 'x',
            messageId: '<o1@gmail.test>',
          })
        ).outcome,
      ).toBe('accepted');
      await t.close();
      expect(relay.messages.at(-1)?.subject).toBe('via oauth');
      expect((await ctx.http.post(`/api/email-accounts/${r.body.account.id}/test-connection`)).body.ok).toBe(true);
      // A replayed callback (same state) is refused: the authorization is single-use.
      expect((await fetch(`${ctx.rt.url}/api/email-accounts/oauth/google/callback?code=x&state=nope`)).status).toBe(400);
    },
    SLOW_MACHINE_MS,
  );

  it(
    "a callback from another browser (no binding cookie, or another flow's) is refused and spends nothing; the starting browser then connects",
    async () => {
      const before = (await ctx.http.get('/api/email-accounts')).body.data.length;
      const mine = await startInBrowser('google', 'eve@gmail.test');
      const other = await startInBrowser('google', 'eve@gmail.test');
      const elsewhere: Record<string, string>[] = [{}, { cookie: other.cookie }, { cookie: `${mine.cookie.split('=')[0]}=forged-binding-value-0123456789ab` }];
      for (const headers of elsewhere) {
        const res = await fetch(mine.location, { headers });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ statusCode: 400, code: 'oauth_state_invalid' });
      }
      expect((await ctx.http.get('/api/email-accounts')).body.data.length).toBe(before);
      const res = await fetch(mine.location, { headers: { cookie: mine.cookie } });
      expect(res.status).toBe(200);
      expect((await res.json()).account.email).toBe('eve@gmail.test');
      expect(res.headers.getSetCookie()[0]).toMatch(/^svc_oauth_[0-9a-f]{16}=; .*Max-Age=0/);
    },
    SLOW_MACHINE_MS,
  );

  it(
    'Microsoft-style flow connects; a revoked refresh token suspends the account with the reason',
    async () => {
      const r = await consent('microsoft', 'bob@outlook.test');
      expect(r.status).toBe(200);
      const id = r.body.account.id;
      // Expire the cached access token and revoke every refresh token: the next use must refresh, fail, and suspend.
      await ctx.rt.deps
        .tenantTable(ctx.account.tenantId)
        .update(EmailAccount.key({ accountId: id }), { set: { accessTokenExpiresAt: '2000-01-01T00:00:00.000Z' } });
      for (const t of [...oauth.refreshTokens.keys()]) if (oauth.refreshTokens.get(t)?.email === 'bob@outlook.test') oauth.revoke(t);
      const test = await ctx.http.post(`/api/email-accounts/${id}/test-connection`);
      expect(test.body.ok).toBe(false);
      const acc = (await ctx.http.get(`/api/email-accounts/${id}`)).body;
      expect(acc.status).toBe('SUSPENDED');
      expect(acc.suspendedReason).toMatch(/^oauth_refresh_failed/);
      expect((await getSendingState(ctx.rt.deps, ctx.account.tenantId, id, Date.now())).reason).toBe('oauth_refresh_failed');
    },
    SLOW_MACHINE_MS,
  );

  it(
    'the Outlook combo import connects without a browser; a malformed combo is 400 naming the format',
    async () => {
      const refresh = oauth.issueRefreshToken('carol@hotmail.test', 'combo-client');
      const r = await ctx.http.post('/api/email-accounts/import-oauth', { combo: `carol@hotmail.test:mailbox-pass:${refresh}:combo-client` });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ email: 'carol@hotmail.test', auth: 'oauth', provider: 'microsoft' });
      const raw = await ctx.rt.deps.tenantTable(ctx.account.tenantId).get(EmailAccount.key({ accountId: r.body.id }));
      expect(JSON.stringify(raw)).not.toMatch(/mailbox-pass/);

      for (const combo of ['carol@hotmail.test:pass:token', 'not-an-email:p:t:c', 'a@b.test::t:c']) {
        const bad = await ctx.http.post('/api/email-accounts/import-oauth', { combo });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ code: 'invalid_combo', expectedFormat: 'email:password:refresh_token:client_id' });
      }
      const revoked = await ctx.http.post('/api/email-accounts/import-oauth', { combo: 'dan@hotmail.test:p:rt_unknown:combo-client' });
      expect(revoked.status).toBe(422);
      expect(revoked.body.code).toBe('oauth_refresh_failed');
    },
    SLOW_MACHINE_MS,
  );
});

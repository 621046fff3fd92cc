import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A local stand-in for the Google and Microsoft OAuth endpoints, following their documented shapes:
 * - GET  /{google|microsoft}/authorize?client_id&redirect_uri&state&scope&response_type=code → 302 to
 *   redirect_uri?code=…&state=… (the consent screen, approved at once, for `loginAs`);
 * - POST /{google|microsoft}/token (application/x-www-form-urlencoded): grant_type=authorization_code
 *   (code, redirect_uri, client_id[, client_secret, code_verifier]) or grant_type=refresh_token →
 *   200 {access_token, expires_in, refresh_token?, scope, token_type:'Bearer', id_token}; errors
 *   400 {error:'invalid_grant', error_description}. Microsoft rotates the refresh token on refresh.
 * - GET  /tokeninfo?access_token=… → {email, active:true} or 400 (Dovecot's oauth2 passdb and the
 *   SMTP stand-in check tokens here).
 */
export interface OAuthStandIn {
  url: string;
  /** The mailbox the next authorization logs in as. */
  loginAs: string;
  accessTokens: Map<string, string>;
  refreshTokens: Map<string, { email: string; clientId: string }>;
  /** Issue a refresh token directly (the Outlook combo import). */
  issueRefreshToken(email: string, clientId: string): string;
  revoke(refreshToken: string): void;
  requests: string[];
  stop(): Promise<void>;
}

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  const codes = new Map<string, { email: string; clientId: string; redirectUri: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, { email: string; clientId: string }>();
  const requests: string[] = [];
  const state = { loginAs: 'user@gmail.test' };
  const token = (p: string) => `${p}_${randomBytes(16).toString('hex')}`;
  const issue = (email: string, clientId: string, withRefresh: boolean) => {
    const access = token('at');
    accessTokens.set(access, email);
    const body: Record<string, unknown> = {
      access_token: access,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'mail',
      id_token: `${b64url({ alg: 'none' })}.${b64url({ email, email_verified: true, aud: clientId })}.`,
    };
    if (withRefresh) {
      const refresh = token('rt');
      refreshTokens.set(refresh, { email, clientId });
      body.refresh_token = refresh;
    }
    return body;
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const provider = url.pathname.split('/')[1];
    if (req.method === 'GET' && url.pathname.endsWith('/authorize')) {
      const code = token('code');
      codes.set(code, { email: state.loginAs, clientId: url.searchParams.get('client_id') ?? '', redirectUri: url.searchParams.get('redirect_uri') ?? '' });
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'GET' && url.pathname === '/tokeninfo') {
      const email = accessTokens.get(url.searchParams.get('access_token') ?? (req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return email ? json(200, { email, active: 'true' }) : json(400, { error: 'invalid_token' });
    }
    if (req.method === 'POST' && url.pathname.endsWith('/token')) {
      let raw = '';
      for await (const c of req) raw += c;
      const f = new URLSearchParams(raw);
      if (f.get('grant_type') === 'authorization_code') {
        const c = codes.get(f.get('code') ?? '');
        codes.delete(f.get('code') ?? '');
        if (!c || c.redirectUri !== f.get('redirect_uri') || c.clientId !== f.get('client_id'))
          return json(400, { error: 'invalid_grant', error_description: 'Bad code or redirect_uri' });
        return json(200, issue(c.email, c.clientId, true));
      }
      if (f.get('grant_type') === 'refresh_token') {
        const r = refreshTokens.get(f.get('refresh_token') ?? '');
        if (!r || r.clientId !== f.get('client_id')) return json(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        const rotate = provider === 'microsoft';
        if (rotate) refreshTokens.delete(f.get('refresh_token') ?? '');
        return json(200, issue(r.email, r.clientId, rotate));
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get loginAs() {
      return state.loginAs;
    },
    set loginAs(v: string) {
      state.loginAs = v;
    },
    accessTokens,
    refreshTokens,
    issueRefreshToken(email, clientId) {
      const t = token('rt');
      refreshTokens.set(t, { email, clientId });
      return t;
    },
    revoke: (t) => void refreshTokens.delete(t),
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

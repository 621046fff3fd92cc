import { createHash, randomBytes } from 'node:crypto';
import { badRequest, badRequestCode, unprocessable } from '../../platform/errors.js';
import { safeEqualHex } from '../../workspace/identity/api-keys.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { encryptSecret } from '../../platform/security/secrets.js';
import { refuseExisting, storeAccount } from './accounts.js';
import { OAuthState, type OAuthProvider } from './entities.js';
import { OAuthTokenError, tokenRequest, type TokenAnswer } from './oauth-tokens.js';
import { connectionError, probeConnection } from './probe.js';

/**
 * OAuth mailboxes: the authorization-code flow with PKCE (start → provider consent → callback) and
 * the Outlook combo import. Either way the account is stored only after SMTP and IMAP both accept
 * XOAUTH2 with the fresh access token, like a password mailbox. The pending authorization lives in
 * the platform table (the callback carries no tenant), single-use, 15 minutes.
 *
 * The authorization is bound to the browser that started it: the start answer sets a cookie holding
 * a random binding whose SHA-256 the pending authorization keeps, and the callback is refused
 * without it. Otherwise anyone could start a flow in their own workspace and send its
 * authorizationUrl to someone else: that person's consent would connect their mailbox to the
 * sender's workspace.
 */
const STATE_TTL_MS = 15 * 60_000;

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');
/** One cookie per pending authorization (two flows in one browser do not overwrite each other), sent only to the callbacks. */
export const oauthBindingCookieName = (state: string) => `svc_oauth_${sha256Hex(state).slice(0, 16)}`;
const COOKIE_PATH = '/api/email-accounts/oauth/';

/** Set-Cookie of the binding: HttpOnly, SameSite=Lax (the provider's redirect is a top-level GET), Secure when deployed. */
export function oauthBindingCookie(deps: Deps, state: string, binding: string | undefined) {
  const secure = deps.config.mode === 'aws' ? '; Secure' : '';
  const life = binding === undefined ? 'Max-Age=0' : `Max-Age=${STATE_TTL_MS / 1000}`;
  return `${oauthBindingCookieName(state)}=${binding ?? ''}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; ${life}${secure}`;
}

export const redirectUriFor = (deps: Deps, provider: OAuthProvider) => `${deps.config.publicBaseUrl}/api/email-accounts/oauth/${provider}/callback`;

export async function startOAuth(deps: Deps, tenantId: string, provider: OAuthProvider, name?: string) {
  const cfg = deps.config.oauth[provider];
  if (!cfg.clientId)
    throw badRequestCode('oauth_not_configured', {
      message: `OAuth for ${provider} is not configured on this service (OAUTH_${provider.toUpperCase()}_CLIENT_ID)`,
    });
  const now = deps.clock.now();
  const state = randomBytes(24).toString('base64url');
  const binding = randomBytes(24).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = redirectUriFor(deps, provider);
  await deps.platform.put(
    OAuthState.item(
      { state },
      {
        state,
        tenantId,
        provider,
        name: name ?? null,
        verifier,
        bindingHash: sha256Hex(binding),
        redirectUri,
        expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
        ttl: Math.floor((now + STATE_TTL_MS) / 1000),
      },
    ),
  );
  const url = new URL(cfg.authUrl);
  const params: Record<string, string> = {
    client_id: cfg.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: cfg.scope,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(provider === 'google' ? { access_type: 'offline', prompt: 'consent' } : {}),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return {
    body: { provider, authorizationUrl: url.toString(), state, redirectUri, expiresAt: new Date(now + STATE_TTL_MS).toISOString() },
    cookie: oauthBindingCookie(deps, state, binding),
  };
}

/** The email the tokens belong to: the id_token's `email` claim (read, not verified: it came straight from the token endpoint over our own request). */
function emailOf(t: TokenAnswer): string | undefined {
  const payload = t.idToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const e = claims.email ?? claims.preferred_username ?? claims.upn;
    return typeof e === 'string' && e.includes('@') ? e.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** `binding`: the value of the browser's binding cookie for this state (oauthBindingCookieName). */
export async function finishOAuth(deps: Deps, provider: OAuthProvider, q: { code?: string; state?: string; error?: string }, binding: string | undefined) {
  if (!q.state) throw badRequestCode('oauth_state_invalid', { message: 'state is missing' });
  const key = OAuthState.key({ state: q.state });
  const pending = await deps.platform.get<{
    tenantId: string;
    provider: string;
    name: string | null;
    verifier: string;
    bindingHash?: string;
    redirectUri: string;
    expiresAt: string;
  }>(key);
  if (!pending || pending.provider !== provider || Date.parse(pending.expiresAt) < deps.clock.now())
    throw badRequestCode('oauth_state_invalid', { message: 'unknown or expired authorization: start again' });
  // Checked before the single-use delete: a callback from another browser must not spend the starter's authorization.
  if (!binding || !pending.bindingHash || !safeEqualHex(sha256Hex(binding), pending.bindingHash))
    throw badRequestCode('oauth_state_invalid', {
      message: 'this authorization was started in another browser: start it again and open authorizationUrl in the browser that started it',
    });
  await deps.platform.delete(key); // single use
  if (q.error || !q.code) throw badRequestCode('oauth_denied', { message: `the provider answered ${q.error ?? 'without a code'}` });
  const cfg = deps.config.oauth[provider];
  let tokens: TokenAnswer;
  try {
    tokens = await tokenRequest(deps, provider, {
      grant_type: 'authorization_code',
      code: q.code,
      redirect_uri: pending.redirectUri,
      client_id: cfg.clientId ?? '',
      code_verifier: pending.verifier,
    });
  } catch (e) {
    if (e instanceof OAuthTokenError) throw badRequestCode('oauth_exchange_failed', { message: e.message, error: e.error });
    throw e;
  }
  const email = emailOf(tokens);
  if (!email) throw badRequestCode('oauth_no_email', { message: 'the provider did not say which mailbox was authorised (no email in the id_token)' });
  if (!tokens.refreshToken)
    throw badRequestCode('oauth_no_refresh_token', { message: 'the provider issued no refresh token (offline access was not granted)' });
  const account = await connectOAuthMailbox(deps, deps.tenantTable(pending.tenantId), {
    provider,
    email,
    name: pending.name ?? email,
    clientId: cfg.clientId ?? '',
    tokens,
  });
  return { tenantId: pending.tenantId, account };
}

/** Verifies both sides with XOAUTH2, then stores the account (tokens encrypted). */
export async function connectOAuthMailbox(
  deps: Deps,
  table: TableStore,
  a: { provider: OAuthProvider; email: string; name: string; clientId: string; tokens: TokenAnswer; refreshToken?: string },
) {
  await refuseExisting(table, a.email);
  const cfg = deps.config.oauth[a.provider];
  const login = { user: a.email, accessToken: a.tokens.accessToken };
  const check = await probeConnection(
    deps,
    { smtpHost: cfg.smtpHost, smtpPort: cfg.smtpPort, imapHost: cfg.imapHost, imapPort: cfg.imapPort },
    { smtp: login, imap: login },
  );
  if (!check.ok) throw connectionError(check);
  const key = deps.config.secretsKey;
  return storeAccount(deps, table, {
    name: a.name,
    email: a.email,
    auth: 'oauth',
    provider: a.provider,
    smtpHost: cfg.smtpHost,
    smtpPort: cfg.smtpPort,
    smtpUser: a.email,
    imapHost: cfg.imapHost,
    imapPort: cfg.imapPort,
    imapUser: a.email,
    refreshTokenEnc: encryptSecret(a.tokens.refreshToken ?? a.refreshToken ?? '', key),
    oauthClientId: a.clientId,
    accessTokenEnc: encryptSecret(a.tokens.accessToken, key),
    accessTokenExpiresAt: a.tokens.expiresAt,
    dailyLimit: null,
  });
}

export const COMBO_FORMAT = 'email:password:refresh_token:client_id';

/** The Outlook/Hotmail one-string import: refresh at Microsoft's token endpoint with the given client id, then connect over XOAUTH2. */
export async function importOAuthCombo(deps: Deps, table: TableStore, combo: string, name?: string) {
  const parts = combo.trim().split(':');
  const [email, , refreshToken, clientId] = parts;
  if (parts.length !== 4 || parts.some((p) => !p) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw badRequest([`combo must have the form ${COMBO_FORMAT} (4 non-empty parts separated by ':')`], {
      code: 'invalid_combo',
      expectedFormat: COMBO_FORMAT,
    });
  }
  let tokens: TokenAnswer;
  try {
    tokens = await tokenRequest(deps, 'microsoft', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
  } catch (e) {
    if (e instanceof OAuthTokenError) throw unprocessable(`Microsoft refused the refresh token: ${e.message}`, { code: 'oauth_refresh_failed' }, { cause: e });
    throw e;
  }
  // The mailbox password (second part) is not needed with OAuth and is never stored.
  return connectOAuthMailbox(deps, table, {
    provider: 'microsoft',
    email: email.toLowerCase(),
    name: name ?? email.toLowerCase(),
    clientId,
    tokens,
    refreshToken,
  });
}

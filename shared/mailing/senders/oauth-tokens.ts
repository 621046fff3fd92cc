import type { Deps } from '../../platform/runtime/deps.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { decryptSecret, encryptSecret } from '../../platform/security/secrets.js';
import { EmailAccount, type EmailAccountItem, type OAuthProvider } from './entities.js';

/**
 * Token endpoint calls (RFC 6749 4.1.3 code exchange, 6 refresh), as Google and Microsoft document
 * them: form-encoded POST, JSON answer `{access_token, expires_in, refresh_token?, token_type}`, or
 * `{error, error_description}` with 400/401. A failed refresh suspends the account with the reason.
 */
export class OAuthTokenError extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthTokenError';
  }
}

export interface TokenAnswer {
  accessToken: string;
  expiresAt: string;
  refreshToken?: string;
  idToken?: string;
}

export async function tokenRequest(deps: Deps, provider: OAuthProvider, params: Record<string, string>): Promise<TokenAnswer> {
  const cfg = deps.config.oauth[provider];
  const body = new URLSearchParams({ ...params, ...(cfg.clientSecret && !params.client_secret ? { client_secret: cfg.clientSecret } : {}) });
  let res: Response;
  try {
    res = await fetch(cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(10_000),
      redirect: 'error',
    });
  } catch (e) {
    throw new OAuthTokenError('token_endpoint_unreachable', `token endpoint unreachable: ${(e as Error).message}`);
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof json.access_token !== 'string') {
    throw new OAuthTokenError(
      String(json.error ?? `http_${res.status}`),
      String(json.error_description ?? json.error ?? `token endpoint answered ${res.status}`).slice(0, 300),
    );
  }
  const expiresIn = Number(json.expires_in ?? 3600);
  return {
    accessToken: json.access_token,
    expiresAt: new Date(deps.clock.now() + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000).toISOString(),
    refreshToken: typeof json.refresh_token === 'string' ? json.refresh_token : undefined,
    idToken: typeof json.id_token === 'string' ? json.id_token : undefined,
  };
}

/** A valid access token for an OAuth account: the cached one while it has a minute left, else a refresh (stored). */
export async function accessTokenFor(deps: Deps, table: TableStore, a: EmailAccountItem): Promise<string> {
  const key = deps.config.secretsKey;
  if (a.accessTokenEnc && a.accessTokenExpiresAt && Date.parse(a.accessTokenExpiresAt) - 60_000 > deps.clock.now()) return decryptSecret(a.accessTokenEnc, key);
  if (!a.refreshTokenEnc || !a.provider) throw new OAuthTokenError('no_refresh_token', 'account has no refresh token');
  const refreshToken = decryptSecret(a.refreshTokenEnc, key);
  const at = new Date(deps.clock.now()).toISOString();
  try {
    const t = await tokenRequest(deps, a.provider, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: a.oauthClientId ?? deps.config.oauth[a.provider].clientId ?? '',
    });
    const set: Record<string, unknown> = { accessTokenEnc: encryptSecret(t.accessToken, key), accessTokenExpiresAt: t.expiresAt, updatedAt: at };
    // Microsoft rotates refresh tokens: keep the newest.
    if (t.refreshToken) set.refreshTokenEnc = encryptSecret(t.refreshToken, key);
    await table.update(EmailAccount.key({ accountId: a.id }), { set, condition: { expression: 'attribute_exists(pk)' } });
    return t.accessToken;
  } catch (e) {
    if (e instanceof OAuthTokenError && e.error !== 'token_endpoint_unreachable') {
      await table
        .update(EmailAccount.key({ accountId: a.id }), {
          set: { status: 'SUSPENDED', suspendedReason: `oauth_refresh_failed: ${e.error}`, suspendedAt: at, updatedAt: at },
          condition: { expression: 'attribute_exists(pk)' },
        })
        .catch(() => undefined);
    }
    throw e;
  }
}

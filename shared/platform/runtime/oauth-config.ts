/**
 * OAuth providers for sender mailboxes (authorization-code flow + refresh). Endpoints and client
 * credentials come from the environment (`deps.config.oauth`) so tests (and a private deployment) point them at a stand-in:
 *   OAUTH_GOOGLE_CLIENT_ID, OAUTH_GOOGLE_CLIENT_SECRET, OAUTH_GOOGLE_AUTH_URL, OAUTH_GOOGLE_TOKEN_URL
 *   OAUTH_MICROSOFT_CLIENT_ID, OAUTH_MICROSOFT_CLIENT_SECRET, OAUTH_MICROSOFT_AUTH_URL, OAUTH_MICROSOFT_TOKEN_URL
 * Mail hosts of the connected mailbox: Gmail smtp.gmail.com:465 / imap.gmail.com:993, Microsoft
 * smtp.office365.com:587 / outlook.office365.com:993 (overridable per provider: OAUTH_<P>_SMTP_HOST ...).
 */
/** The OAuth providers a sender mailbox can connect with. */
export type OAuthProvider = 'google' | 'microsoft';

export interface ProviderConfig {
  provider: OAuthProvider;
  clientId?: string;
  clientSecret?: string;
  authUrl: string;
  tokenUrl: string;
  scope: string;
  smtpHost: string;
  smtpPort: number;
  imapHost: string;
  imapPort: number;
}

const DEFAULTS: Record<OAuthProvider, Omit<ProviderConfig, 'provider' | 'clientId' | 'clientSecret'>> = {
  google: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scope: 'https://mail.google.com/ openid email',
    smtpHost: 'smtp.gmail.com',
    smtpPort: 465,
    imapHost: 'imap.gmail.com',
    imapPort: 993,
  },
  microsoft: {
    authUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    scope: 'offline_access https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All openid email',
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    imapHost: 'outlook.office365.com',
    imapPort: 993,
  },
};

/** Parses one provider's OAUTH_<P>_* variables; called only by configFromEnv (read it as `deps.config.oauth[provider]`). */
export function providerConfig(provider: OAuthProvider, env: NodeJS.ProcessEnv): ProviderConfig {
  const p = provider.toUpperCase();
  const d = DEFAULTS[provider];
  return {
    provider,
    clientId: env[`OAUTH_${p}_CLIENT_ID`] || undefined,
    clientSecret: env[`OAUTH_${p}_CLIENT_SECRET`] || undefined,
    authUrl: env[`OAUTH_${p}_AUTH_URL`] || d.authUrl,
    tokenUrl: env[`OAUTH_${p}_TOKEN_URL`] || d.tokenUrl,
    scope: d.scope,
    smtpHost: env[`OAUTH_${p}_SMTP_HOST`] || d.smtpHost,
    smtpPort: Number(env[`OAUTH_${p}_SMTP_PORT`] || d.smtpPort),
    imapHost: env[`OAUTH_${p}_IMAP_HOST`] || d.imapHost,
    imapPort: Number(env[`OAUTH_${p}_IMAP_PORT`] || d.imapPort),
  };
}

/** Configuration read once from the environment; every variable is listed in the README. */
export interface Config {
  /** `local` for the embedded runtime, `aws` when deployed. */
  mode: 'local' | 'aws';
  tablePrefix: string;
  /** Public base URL used in links (confirmation links, top-up page, console). */
  publicBaseUrl: string;
  trustProxy: boolean;
  /**
   * KEY_CACHE_MS: how long a verified API key is remembered in-process (shared/workspace/identity/key-cache.ts).
   * Locally 5 s: one process serves HTTP and MCP and forgets a key the moment it revokes it. Deployed 0:
   * every Lambda instance is its own process, and a revocation must hold at once in all of them.
   */
  keyCacheMs: number;
  /** SHA-256 of SVC_ADMIN_TOKEN, so the raw token is not kept around. */
  adminTokenHash?: string;
  /** 32-byte key (base64) for secrets encrypted at rest. */
  secretsKey: string;
  platformMailFrom: string;
  platformAdminEmail: string;
  /** SVC_ADMIN_EMAILS: accounts with these addresses become platform admins when approved. */
  adminEmails: string[];
  platformSmtpUrl?: string;
  dnsServers?: string[];
  allowLoopbackTargets: boolean;
  /** The spec's limits (env overrides exist for benchmarks only). */
  limits: Limits;
  /** SMTP_PROBE_PORT, SMTP_PROBE_TIMEOUT_MS, SMTP_PROBE_HELO, DNS_TIMEOUT_MS, EMAIL_VERIFY_BUDGET_MS (email verification). */
  emailVerification?: ProbeConfig;
  /**
   * SVC_CONTRACT_CHECKS=1 (tests only, set by test/support/runtime.ts): every success answer is parsed
   * with its operation's output schema, and platform-table writes and queue sends are checked against
   * its declared `resources`; a mismatch is a loud 500. Never set in production.
   */
  contractChecks: boolean;
  /** LOG_LEVEL: debug | info (default) | warn | error | silent. */
  logLevel: LogLevel;
  /** MCP_URL: the MCP server's public address when it is not `${publicBaseUrl}/mcp` (its own function URL in AWS). */
  mcpUrl?: string;
  /** REGISTRY_BASE_URL, REGISTRY_API_KEY: the company registry (DaData); no key → the lookup answers 503. */
  registry: { baseUrl: string; apiKey?: string };
  /**
   * The AI provider of scoring (shared/platform/ai/provider.ts). AI_PROVIDER: builtin (default; any other value
   * too) | openai | bedrock. openai: AI_BASE_URL (default https://api.openai.com/v1), AI_API_KEY
   * (required), AI_MODEL (default gpt-4o-mini); bedrock: AI_MODEL (default
   * anthropic.claude-3-haiku-20240307-v1:0), credentials from the Lambda role. Circuit breaker:
   * AI_BREAKER_THRESHOLD (default 5 consecutive failures), AI_BREAKER_COOLDOWN_MS (default 30 s).
   */
  ai: { provider: 'builtin' | 'openai' | 'bedrock'; baseUrl: string; apiKey: string; model: string; breakerThreshold: number; breakerCooldownMs: number };
  /** SEND_RECONTACT_DAYS (default 30; 0 turns the guard off) as ms: an address contacted by one task is not mailed by another within this period; SEND_SMTP_BUDGET_MS (default 60 s): wall time a send batch may spend in SMTP before handing its unsent items back to the queue. */
  sending: { recontactPeriodMs: number; smtpBudgetMs: number };
  /**
   * SpamAssassin in the content check, spoken to as a spamd server over TCP (SPAMD protocol): SPAMD_HOST (unset: off, the default),
   * SPAMD_PORT (default 783), SPAMD_TIMEOUT_MS (default 10 s, at most 20 s). Always off in Lambda (AWS_LAMBDA_FUNCTION_NAME).
   */
  contentCheck: { spamd: { host: string; port: number; timeoutMs: number } | null };
  /**
   * HTML_PARSE_BUDGET_MS (default 15 s, 100 ms to 60 s): wall time one HTML analysis (detect-forms, the content check's rules,
   * one crawled page) may take in its worker thread before it is stopped: a 400 for the API, reasonCode page_too_complex for the crawl.
   */
  htmlParse: { budgetMs: number };
  /** TRACKING_CNAME_TARGET: the host tenant tracking domains CNAME to; unset means `track.<publicBaseUrl host>` (trackingHost). */
  trackingCnameTarget?: string;
  /** Site enrichment (the crawl). */
  enrichment: {
    /** SITE_ENRICHMENT_RAW_SNAPSHOT_ENABLED (default on; `false` or `0` turns it off): RawFetch rows for OK companies. */
    rawSnapshots: boolean;
    /** SITE_ENRICHMENT_MAX_RESUME_ATTEMPTS (default 5): watchdog reclaims before FAILED. */
    maxResumeAttempts: number;
    /** SITE_ENRICHMENT_STALL_MS (default 120 s): a RUNNING task without progress this long is reclaimed. */
    stallMs: number;
    /** SITE_ENRICHMENT_POLITENESS_MS (default 250): pause between two requests to one host. */
    politenessMs: number;
    /** SITE_ENRICHMENT_BROWSER=off: never start Chromium (default on). */
    browser: boolean;
    /** RDAP_BASE_URL (e.g. https://rdap.org): where the DOMAIN_AGE scoring step asks `/domain/<name>`; unset → that step is UNAVAILABLE (rdap_not_configured). */
    rdapBaseUrl?: string;
  };
  /** CHROMIUM_PATH (default /usr/bin/chromium; in Lambda a packaged Chromium): the crawl's browser path and the PDF printer. */
  chromiumPath: string;
  /**
   * CHROMIUM_PACK_DIR: the folder of @sparticuz/chromium's brotli files (in Lambda the Chromium layer, /opt; infra/aws/chromium.ts).
   * When set, Chromium is unpacked from it into TMPDIR and launched with its Lambda flags instead of chromiumPath.
   */
  chromiumPackDir?: string;
  /**
   * PLACEMENT_POLL_MS (default 3000): between IMAP rounds of a placement test; PDF_MAX_BYTES (5 MB): cap of a generated PDF;
   * PDF_TTL_HOURS (24): until it expires; the images a PDF creative references (stored-file:, https://) are inlined up to
   * PDF_IMAGE_MAX_BYTES each (2 MB) and PDF_IMAGES_MAX_BYTES per document (8 MB).
   */
  creatives: { placementPollMs: number; pdfMaxBytes: number; pdfTtlMs: number; pdfImageMaxBytes: number; pdfImagesMaxBytes: number };
  /**
   * OAuth sender mailboxes, per provider: OAUTH_<P>_CLIENT_ID, _CLIENT_SECRET (none: that provider is off),
   * _AUTH_URL, _TOKEN_URL, _SMTP_HOST, _SMTP_PORT, _IMAP_HOST, _IMAP_PORT (defaults: the provider's
   * documented endpoints and mail hosts, shared/platform/runtime/oauth-config.ts), P = GOOGLE | MICROSOFT.
   */
  oauth: Record<OAuthProvider, ProviderConfig>;
  /** AWS wiring, all set by the CDK stack from each function's declared resources (aws-config.ts). */
  aws: AwsConfig;
  /** The embedded runtime only (local-config.ts). */
  local: LocalConfig;
}

import { createHash, randomBytes } from 'node:crypto';
import type { LogLevel } from '../ports/logger.js';
import { limits, type Limits } from '../limits/limits.js';
import { probeConfig, type ProbeConfig } from './probe-config.js';
import { providerConfig, type OAuthProvider, type ProviderConfig } from './oauth-config.js';
import { awsConfig, type AwsConfig } from './aws-config.js';
import { localConfig, type LocalConfig } from './local-config.js';

/** The company registry provider (shared/crm/connectors/registry.ts) when REGISTRY_BASE_URL is unset: DaData. */
const DADATA_BASE_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs';

/** The embedded runtime's key cache bound (KEY_CACHE_MS unset). */
export const LOCAL_KEY_CACHE_MS = 5_000;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.SVC_RUNTIME === 'local' ? 'local' : 'aws';
  return {
    mode,
    tablePrefix: env.TABLE_PREFIX ?? 'svc-',
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY === 'true',
    keyCacheMs: Math.max(0, Number(env.KEY_CACHE_MS ?? (mode === 'local' ? LOCAL_KEY_CACHE_MS : 0)) || 0),
    adminTokenHash: env.SVC_ADMIN_TOKEN ? createHash('sha256').update(env.SVC_ADMIN_TOKEN).digest('hex') : undefined,
    secretsKey: secretsKeyOf(env.SECRETS_KEY ?? (mode === 'local' ? processOnlyKey() : missing('SECRETS_KEY'))),
    platformMailFrom: env.PLATFORM_MAIL_FROM ?? 'no-reply@svc.local',
    platformAdminEmail: env.PLATFORM_ADMIN_EMAIL ?? 'admin@svc.local',
    adminEmails: (env.SVC_ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    platformSmtpUrl: env.PLATFORM_SMTP_URL || undefined,
    dnsServers: env.DNS_SERVERS
      ? env.DNS_SERVERS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
    allowLoopbackTargets: env.SVC_ALLOW_LOOPBACK_TARGETS === 'true',
    limits: limits(env),
    emailVerification: probeConfig(env),
    contractChecks: env.SVC_CONTRACT_CHECKS === '1',
    logLevel: logLevelOf(env.LOG_LEVEL),
    mcpUrl: env.MCP_URL || undefined,
    registry: { baseUrl: (env.REGISTRY_BASE_URL || DADATA_BASE_URL).replace(/\/$/, ''), apiKey: env.REGISTRY_API_KEY || undefined },
    ai: aiConfig(env),
    sending: {
      recontactPeriodMs: Math.max(0, Number(env.SEND_RECONTACT_DAYS ?? 30)) * 86_400_000,
      smtpBudgetMs: Math.min(90_000, Math.max(0, Number(env.SEND_SMTP_BUDGET_MS ?? 60_000))),
    },
    contentCheck: {
      spamd:
        env.SPAMD_HOST && !env.AWS_LAMBDA_FUNCTION_NAME
          ? {
              host: env.SPAMD_HOST,
              port: Number(env.SPAMD_PORT) || 783,
              timeoutMs: Math.min(20_000, Math.max(100, Number(env.SPAMD_TIMEOUT_MS) || 10_000)),
            }
          : null,
    },
    htmlParse: { budgetMs: Math.min(60_000, Math.max(100, Number(env.HTML_PARSE_BUDGET_MS) || 15_000)) },
    trackingCnameTarget: env.TRACKING_CNAME_TARGET || undefined,
    enrichment: {
      rawSnapshots: env.SITE_ENRICHMENT_RAW_SNAPSHOT_ENABLED !== 'false' && env.SITE_ENRICHMENT_RAW_SNAPSHOT_ENABLED !== '0',
      maxResumeAttempts: Number(env.SITE_ENRICHMENT_MAX_RESUME_ATTEMPTS) || 5,
      stallMs: Number(env.SITE_ENRICHMENT_STALL_MS) || 120_000,
      politenessMs: Number(env.SITE_ENRICHMENT_POLITENESS_MS ?? 250),
      browser: env.SITE_ENRICHMENT_BROWSER !== 'off',
      rdapBaseUrl: env.RDAP_BASE_URL ? env.RDAP_BASE_URL.replace(/\/+$/, '') : undefined,
    },
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromiumPackDir: env.CHROMIUM_PACK_DIR || undefined,
    creatives: {
      placementPollMs: Number(env.PLACEMENT_POLL_MS ?? 3000),
      pdfMaxBytes: Number(env.PDF_MAX_BYTES ?? 5 * 1024 * 1024),
      pdfTtlMs: Number(env.PDF_TTL_HOURS ?? 24) * 3600_000,
      pdfImageMaxBytes: Number(env.PDF_IMAGE_MAX_BYTES) || 2 * 1024 * 1024,
      pdfImagesMaxBytes: Number(env.PDF_IMAGES_MAX_BYTES) || 8 * 1024 * 1024,
    },
    oauth: { google: providerConfig('google', env), microsoft: providerConfig('microsoft', env) },
    aws: awsConfig(env),
    local: localConfig(env),
  };
}

function aiConfig(env: NodeJS.ProcessEnv): Config['ai'] {
  const name = (env.AI_PROVIDER ?? 'builtin').toLowerCase();
  const provider = name === 'openai' || name === 'bedrock' ? name : 'builtin';
  const defaultModel = provider === 'openai' ? 'gpt-4o-mini' : provider === 'bedrock' ? 'anthropic.claude-3-haiku-20240307-v1:0' : '';
  return {
    provider,
    baseUrl: env.AI_BASE_URL ?? 'https://api.openai.com/v1',
    apiKey: env.AI_API_KEY ?? '',
    model: env.AI_MODEL ?? defaultModel,
    breakerThreshold: Number(env.AI_BREAKER_THRESHOLD) || 5,
    breakerCooldownMs: Number(env.AI_BREAKER_COOLDOWN_MS) || 30_000,
  };
}

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
/** LOG_LEVEL's value, `info` unless it names a level. */
export const logLevelOf = (value: string | undefined): LogLevel => (LOG_LEVELS.includes(value as LogLevel) ? (value as LogLevel) : 'info');

/** 32 bytes in base64: 43 characters and one '=' (also the CDK parameter's allowed pattern). */
export const SECRETS_KEY_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

/** Refused at cold start with a clear message, rather than a 500 on the first secret-bearing write. */
function secretsKeyOf(value: string) {
  if (!SECRETS_KEY_PATTERN.test(value) || Buffer.from(value, 'base64').length !== 32)
    throw new Error('SECRETS_KEY must be 32 random bytes in base64 (44 characters ending in "="): openssl rand -base64 32');
  return value;
}

let processKey: string | undefined;
/**
 * No key ships with the source. The local runtime always passes one (SECRETS_KEY, else the key it
 * keeps in DATA_DIR/secrets.key: infra/local/secrets-key.ts); a local process that builds its config
 * without the runtime (a unit test, a bench) gets a random key of its own that dies with it.
 */
const processOnlyKey = () => (processKey ??= randomBytes(32).toString('base64'));

function missing(name: string): never {
  throw new Error(`${name} must be set`);
}

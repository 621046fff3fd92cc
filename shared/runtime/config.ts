/** Configuration read once from the environment; every variable is listed in the README. */
export interface Config {
  /** `local` for the embedded runtime, `aws` when deployed. */
  mode: 'local' | 'aws';
  tablePrefix: string;
  /** Public base URL used in links (confirmation links, top-up page, console). */
  publicBaseUrl: string;
  trustProxy: boolean;
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
  /** AWS wiring, all set by the CDK stack from each function's declared resources. */
  aws: {
    region: string;
    /** AWS_ENDPOINT_URL_<SERVICE> / AWS_ENDPOINT_URL (DynamoDB Local, LocalStack). */
    endpoints: { dynamodb?: string; sqs?: string; sfn?: string };
    /** PLATFORM_TABLE (default: `${tablePrefix}platform`). */
    platformTable?: string;
    /** QUEUE_URL_<NAME>: the queues this function may send to, by logical name (lower case). */
    queueUrls: Record<string, string>;
    /** SFN_ARN_<MACHINE>: the state machines this function may start or signal. */
    workflowArns: Record<string, string>;
  };
  /** Local runtime periods: LOCAL_WORKFLOW_TICK_MS, REGISTRATION_SWEEP_MS, WEBHOOK_SWEEP_MS. */
  local: { workflowTickMs: number; registrationSweepMs: number; webhookSweepMs: number };
}

import { createHash } from 'node:crypto';
import type { LogLevel } from '../ports/logger.js';
import { limits, type Limits } from '../limits/limits.js';
import { probeConfig, type ProbeConfig } from '../email-verification/settings.js';
import { DADATA_DEFAULT_BASE_URL } from '../connectors/registry.js';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.SVC_RUNTIME === 'local' ? 'local' : 'aws';
  return {
    mode,
    tablePrefix: env.TABLE_PREFIX ?? 'svc-',
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://127.0.0.1:${env.PORT ?? 3000}`).replace(/\/$/, ''),
    trustProxy: env.TRUST_PROXY === 'true',
    adminTokenHash: env.SVC_ADMIN_TOKEN ? createHash('sha256').update(env.SVC_ADMIN_TOKEN).digest('hex') : undefined,
    secretsKey: secretsKeyOf(env.SECRETS_KEY ?? (mode === 'local' ? 'bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=' : missing('SECRETS_KEY'))),
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
    logLevel: LOG_LEVELS.includes(env.LOG_LEVEL as LogLevel) ? (env.LOG_LEVEL as LogLevel) : 'info',
    mcpUrl: env.MCP_URL || undefined,
    registry: { baseUrl: (env.REGISTRY_BASE_URL || DADATA_DEFAULT_BASE_URL).replace(/\/$/, ''), apiKey: env.REGISTRY_API_KEY || undefined },
    aws: {
      region: env.AWS_REGION ?? 'us-east-1',
      endpoints: {
        dynamodb: env.AWS_ENDPOINT_URL_DYNAMODB ?? env.AWS_ENDPOINT_URL,
        sqs: env.AWS_ENDPOINT_URL_SQS ?? env.AWS_ENDPOINT_URL,
        sfn: env.AWS_ENDPOINT_URL_SFN ?? env.AWS_ENDPOINT_URL,
      },
      platformTable: env.PLATFORM_TABLE || undefined,
      queueUrls: byPrefix(env, 'QUEUE_URL_'),
      workflowArns: byPrefix(env, 'SFN_ARN_'),
    },
    local: {
      workflowTickMs: Number(env.LOCAL_WORKFLOW_TICK_MS) || 1000,
      registrationSweepMs: Number(env.REGISTRATION_SWEEP_MS) || 30_000,
      webhookSweepMs: Number(env.WEBHOOK_SWEEP_MS) || 2000,
    },
  };
}

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** `PREFIX_NAME=value` variables as {name: value} (names lower-cased, `_` as in the variable). */
function byPrefix(env: NodeJS.ProcessEnv, prefix: string) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (k.startsWith(prefix) && v) out[k.slice(prefix.length).toLowerCase()] = v;
  return out;
}

/** 32 bytes in base64: 43 characters and one '=' (also the CDK parameter's allowed pattern). */
export const SECRETS_KEY_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

/** Refused at cold start with a clear message, rather than a 500 on the first secret-bearing write. */
function secretsKeyOf(value: string) {
  if (!SECRETS_KEY_PATTERN.test(value) || Buffer.from(value, 'base64').length !== 32)
    throw new Error('SECRETS_KEY must be 32 random bytes in base64 (44 characters ending in "="): openssl rand -base64 32');
  return value;
}

function missing(name: string): never {
  throw new Error(`${name} must be set`);
}

import { inject } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startLocalRuntime, type LocalRuntime, type LocalRuntimeOptions } from '../../infra/local/runtime.js';

/**
 * Schedule periods tests run with (the declared ones are minutes, as in AWS): the local overrides the
 * suite was written against. A test's own env, or the process's, wins.
 */
const TEST_PERIODS: Record<string, string> = {
  WEBHOOK_SWEEP_MS: '2000',
  SEND_SWEEP_MS: '5000',
  REGISTRATION_SWEEP_MS: '30000',
  SITE_ENRICHMENT_WATCHDOG_MS: '30000',
  LOCAL_WORKFLOW_TICK_MS: '1000',
  INBOX_SYNC_MS: '60000',
  SEQUENCE_TICK_MS: '10000',
};
const testPeriods = () => Object.fromEntries(Object.entries(TEST_PERIODS).filter(([k]) => process.env[k] === undefined));

/**
 * Starts the embedded runtime on a random loopback port against the run's shared DynamoDB Local,
 * with a fresh table prefix so test files never see each other's data.
 */
export async function startTestRuntime(opts: LocalRuntimeOptions = {}): Promise<LocalRuntime & { prefix: string }> {
  const prefix = `t${randomBytes(4).toString('hex')}-`;
  const runtime = await startLocalRuntime({
    port: 0,
    dynamoEndpoint: inject('dynamoEndpoint'),
    ...opts,
    env: { ...testPeriods(), TABLE_PREFIX: prefix, SVC_ADMIN_TOKEN: TEST_ADMIN_TOKEN, LOG_LEVEL: 'silent', SVC_CONTRACT_CHECKS: '1', ...opts.env },
  });
  return Object.assign(runtime, { prefix });
}

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

/** Small JSON HTTP client for e2e tests. */
export function client(baseUrl: string, defaults: { key?: string; headers?: Record<string, string> } = {}) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(defaults.key ? { authorization: `Bearer ${defaults.key}` } : {}),
        ...defaults.headers,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, body: json, text, headers: res.headers };
  };
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body ?? {}, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) => call('PATCH', path, body ?? {}, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => call('PUT', path, body ?? {}, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
    call,
  };
}

/** Every signup from a distinct client address (TRUST_PROXY), so per-address limits do not interfere. */
let addressCounter = 0;
export const freshAddress = () => `198.51.100.${(++addressCounter % 250) + 1}`;

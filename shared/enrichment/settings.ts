import type { Deps } from '../runtime/deps.js';

/** Environment switches of site enrichment (documented in the README's environment table). */
export function enrichmentSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    /** SITE_ENRICHMENT_RAW_SNAPSHOT_ENABLED (default on): RawFetch rows for OK companies. */
    rawSnapshots: env.SITE_ENRICHMENT_RAW_SNAPSHOT_ENABLED !== 'false' && env.SITE_ENRICHMENT_RAW_SNAPSHOT_ENABLED !== '0',
    /** SITE_ENRICHMENT_MAX_RESUME_ATTEMPTS (default 5): watchdog reclaims before FAILED. */
    maxResumeAttempts: Number(env.SITE_ENRICHMENT_MAX_RESUME_ATTEMPTS) || 5,
    /** SITE_ENRICHMENT_STALL_MS (default 120 s): a RUNNING task without progress this long is reclaimed. */
    stallMs: Number(env.SITE_ENRICHMENT_STALL_MS) || 120_000,
    /** SITE_ENRICHMENT_POLITENESS_MS (default 250): pause between two requests to one host. */
    politenessMs: Number(env.SITE_ENRICHMENT_POLITENESS_MS ?? 250),
    /** SITE_ENRICHMENT_BROWSER=off: never start Chromium. */
    browser: env.SITE_ENRICHMENT_BROWSER !== 'off',
  };
}

export const RAW_TTL_MS = 12 * 3600_000;
export const RAW_TEXT_MAX = 8000;
export const CRAWL_QUEUE = 'crawls';
export const ENRICHMENT_MACHINE = 'site-enrichment';

export const fetchOptions = (deps: Deps, timeoutMs: number) => ({
  allowLoopback: deps.config.allowLoopbackTargets,
  dnsServers: deps.config.dnsServers,
  timeoutMs,
});

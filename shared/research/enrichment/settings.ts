import type { Deps } from '../../platform/runtime/deps.js';

// The crawl's environment switches (SITE_ENRICHMENT_*) are `deps.config.enrichment` (shared/platform/runtime/config.ts).
export const RAW_TTL_MS = 12 * 3600_000;
export const RAW_TEXT_MAX = 8000;
export const CRAWL_QUEUE = 'crawls';
export const ENRICHMENT_MACHINE = 'site-enrichment';

export const fetchOptions = (deps: Deps, timeoutMs: number) => ({
  allowLoopback: deps.config.allowLoopbackTargets,
  dnsServers: deps.config.dnsServers,
  timeoutMs,
});

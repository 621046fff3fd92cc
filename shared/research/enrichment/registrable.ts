import { parse } from 'tldts';
import { targetOf, type Target } from './targets.js';

// Apart from targets.ts: the public suffix list (tldts, ~122 KB) is read where a site is crawled or
// scored, not on the request path that creates or previews a task (issue 25).

/** Whether a hostname that passed targetOf has a registrable domain: false when it is itself a public suffix (`co.uk`, `kawasaki.jp`'s `*.` names). */
export function isRegistrable(hostname: string): boolean {
  return parse(hostname).domain !== null;
}

/** targetOf with the public suffix list applied: a site whose hostname is a public suffix is invalid_domain. */
export function registrableTarget(value: string | null): Target {
  const t = targetOf(value);
  return t.ok && !isRegistrable(t.hostname) ? { ok: false, reasonCode: 'invalid_domain' } : t;
}

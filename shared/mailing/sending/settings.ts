/** Send-engine constants that are not workspace settings (the re-contact period is `deps.config.sending`). */

/** How long a worker holds an item it claimed (longer than the SMTP timeouts of one message). */
export const LEASE_MS = 120_000;
/** Deferred (4xx) sends: attempts before the item FAILS, and the backoff between them. */
export const MAX_ATTEMPTS = 5;
export const backoffMs = (attempt: number) => Math.min(3_600_000, 60_000 * 2 ** Math.max(0, attempt - 1));
/** Why a mailbox whose bounce guard tripped is suspended, and the tasks sending through it paused (`sender_<reason>`). */
export const BOUNCE_REASON = 'bounce_rate_exceeded';

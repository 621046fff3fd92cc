/**
 * Send-engine settings that are not workspace settings. SEND_RECONTACT_DAYS: an address contacted by
 * one task is not mailed by another within this many days (default 30; 0 turns the guard off).
 */
export const recontactPeriodMs = (env: NodeJS.ProcessEnv = process.env) => Math.max(0, Number(env.SEND_RECONTACT_DAYS ?? 30)) * 86_400_000;

/** How long a worker holds an item it claimed (longer than the SMTP timeouts of one message). */
export const LEASE_MS = 120_000;
/** Deferred (4xx) sends: attempts before the item FAILS, and the backoff between them. */
export const MAX_ATTEMPTS = 5;
export const backoffMs = (attempt: number) => Math.min(3_600_000, 60_000 * 2 ** Math.max(0, attempt - 1));

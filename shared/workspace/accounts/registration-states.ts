/** The pending states of a full-account registration and how long each may last. */
export const PENDING_STATES = ['awaiting_email_confirm', 'awaiting_agreement', 'awaiting_admin_approval'] as const;
export type PendingState = (typeof PENDING_STATES)[number];
export const isPendingState = (s: unknown): s is PendingState => PENDING_STATES.includes(s as PendingState);

/** Links (confirm, terms) live 24 h; so does a registration the user does not advance. */
export const LINK_TTL_MS = 24 * 3_600_000;
export const INACTIVITY_MS = 24 * 3_600_000;
/** An admin has 7 days to decide. */
export const APPROVAL_WINDOW_MS = 7 * 24 * 3_600_000;

/** How long a registration may stay in a state before it is deleted. */
export const stateWindowMs = (state: PendingState) => (state === 'awaiting_admin_approval' ? APPROVAL_WINDOW_MS : INACTIVITY_MS);

/** Used links are kept a while so a second click says "already used", not "invalid". */
export const LINK_RETENTION_MS = 7 * 24 * 3_600_000;

export const SIGNUP_APPROVAL_MACHINE = 'signup-approval';

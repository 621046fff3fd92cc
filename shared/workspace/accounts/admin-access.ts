import type { OperationContext } from '../../platform/runtime/context.js';

/**
 * Who counts as a platform admin (access 'admin'): the bearer SVC_ADMIN_TOKEN, or a key/session of an
 * account flagged platformAdmin. The flag is set when a registration whose email is listed in
 * SVC_ADMIN_EMAILS is approved. Non-admins get 404 (the admin API is not advertised).
 */
export const ADMIN_ACCESS_NOTE =
  'Admin only: Bearer SVC_ADMIN_TOKEN, or the key/session of an account flagged platformAdmin (accounts whose email is in SVC_ADMIN_EMAILS get the flag when their registration is approved). Others get 404.';

/** Who did it, for the ledger and logs (never the token itself). */
export const adminActor = (ctx: OperationContext) =>
  ctx.principal?.kind === 'platform-admin' ? 'platform-admin-token' : (ctx.principal?.email ?? ctx.principal?.accountId ?? 'admin');

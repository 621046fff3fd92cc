import { AppError, forbidden, notFound, unauthorized } from '../errors.js';
import { hasScope, type Principal } from '../runtime/principal.js';
import type { AnyOperation } from './operation.js';

/**
 * The one access rule of an operation, used by the HTTP pipeline (which answers with the error) and by
 * MCP (which lists only the tools a caller may call), so the two can never disagree. `undefined`
 * means allowed.
 */
export function accessDenial(op: Pick<AnyOperation, 'access' | 'scope'>, p: Principal | undefined): AppError | undefined {
  if (op.access === 'public') return undefined;
  if (!p) return unauthorized();
  if (p.platformAdmin && p.kind === 'platform-admin') {
    // The bootstrap admin token is for the admin API only; it has no workspace of its own.
    return op.access === 'admin' ? undefined : forbidden('The platform admin token only reaches the admin API');
  }
  switch (op.access) {
    case 'admin':
      return p.platformAdmin ? undefined : notFound('Route');
    case 'identity':
      return undefined;
    case 'sandbox':
      if (p.accountScope === 'pending') return pending();
      if (op.scope && !hasScope(p, op.scope)) return forbidden(`Missing scope ${op.scope}`, { code: 'insufficient_scope', requiredScope: op.scope });
      return undefined;
    case 'tenant':
      if (p.accountScope === 'sandbox')
        return forbidden('Sandbox keys reach only the /v1 surface; sign up with full_account=true for /api/*', { code: 'sandbox_key' });
      if (p.accountScope === 'pending') return pending();
      if (op.scope && !hasScope(p, op.scope)) return forbidden(`Missing scope ${op.scope}`, { code: 'insufficient_scope', requiredScope: op.scope });
      if (p.status === 'PENDING')
        return forbidden('Account is pending verification: the workspace is read-only until it is approved', { code: 'account_pending' });
      return undefined;
  }
  return notFound('Route');
}

const pending = () => forbidden('Registration pending: this key only works for GET /v1/me until approval', { code: 'registration_pending' });

/** Throws the caller's answer when the operation is not allowed (HTTP, MCP tools/call). */
export function authorize(op: Pick<AnyOperation, 'access' | 'scope'>, p: Principal | undefined): void {
  const denial = accessDenial(op, p);
  if (denial) throw denial;
}

/** Whether the caller may call the operation at all (MCP tools/list). */
export const mayCall = (op: Pick<AnyOperation, 'access' | 'scope'>, p: Principal | undefined) => accessDenial(op, p) === undefined;

import type { Deps } from './deps.js';
import type { Principal } from './principal.js';
import type { TableStore } from '../ports/table-store.js';
import type { Logger } from '../ports/logger.js';
import { forbidden } from '../errors.js';

export interface RequestInfo {
  requestId: string;
  method: string;
  path: string;
  /** Client address: API Gateway sourceIp, the socket address locally, or X-Forwarded-For with TRUST_PROXY. */
  ip: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  cookies: Record<string, string>;
  rawBody: string;
  /** How the call arrived, for logs and guidance. */
  channel: 'http' | 'mcp';
}

export interface TenantContext {
  tenantId: string;
  role: 'SUPER' | 'ADMIN' | 'MEMBER';
  /** The tenant's own data table. */
  table: TableStore;
}

export interface OperationContext {
  deps: Deps;
  request: RequestInfo;
  /** The request's logger: every line carries requestId, operationId, channel and (once resolved) tenantId. */
  log: Logger;
  principal?: Principal;
  tenant?: TenantContext;
}

/** Narrowing helpers for handlers whose access level guarantees these are present. */
export function requireTenant(ctx: OperationContext): TenantContext {
  if (!ctx.tenant) throw new Error('tenant context missing: operation access must be "tenant"');
  return ctx.tenant;
}

export function requirePrincipal(ctx: OperationContext): Principal {
  if (!ctx.principal) throw new Error('principal missing: operation is not authenticated');
  return ctx.principal;
}

/** The caller's account: every key and session has one (only the platform admin token does not). */
export function requireAccount(ctx: OperationContext): Principal & { accountId: string } {
  const p = requirePrincipal(ctx);
  if (!p.accountId) throw forbidden('This operation acts on an account; the platform admin token has none');
  return p as Principal & { accountId: string };
}

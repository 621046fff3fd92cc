import { describe, expect, it } from 'vitest';
import { operations } from '../../functions/registry.js';
import { accessDenial, authorize } from '../../shared/platform/registry/access.js';
import { isMcpTool, visibleTo } from '../../shared/platform/mcp/tools.js';
import type { Principal } from '../../shared/platform/runtime/principal.js';

const key = (p: Partial<Principal>): Principal => ({ kind: 'key', scopes: ['*'], platformAdmin: false, accountId: 'a', userId: 'u', ...p });
const principals: Record<string, Principal | undefined> = {
  anonymous: undefined,
  adminToken: { kind: 'platform-admin', scopes: ['*'], platformAdmin: true },
  sandbox: key({ accountScope: 'sandbox', status: 'ACTIVE' }),
  pending: key({ accountScope: 'pending', status: 'PENDING' }),
  approved: key({ accountScope: 'approved', status: 'ACTIVE' }),
  approvedButPending: key({ accountScope: 'approved', status: 'PENDING' }),
  readOnly: key({ accountScope: 'approved', status: 'ACTIVE', scopes: ['crm:read'] }),
  platformAdminUser: key({ accountScope: 'approved', status: 'ACTIVE', platformAdmin: true }),
};

describe('one access rule for HTTP and MCP', () => {
  it('MCP lists a tool exactly when the pipeline would let the same caller call it', () => {
    const mismatches: string[] = [];
    for (const op of operations.filter((o) => isMcpTool(o))) {
      for (const [who, p] of Object.entries(principals)) {
        const callable = (() => {
          try {
            authorize(op, p);
            return true;
          } catch {
            return false;
          }
        })();
        if (callable !== visibleTo(op, p)) mismatches.push(`${op.operationId} for ${who}: call ${callable}, listed ${visibleTo(op, p)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('answers with the pipeline error bodies', () => {
    expect(accessDenial({ access: 'tenant' }, undefined)?.status).toBe(401);
    expect(accessDenial({ access: 'tenant' }, principals.sandbox)?.body).toMatchObject({ statusCode: 403, code: 'sandbox_key' });
    expect(accessDenial({ access: 'tenant' }, principals.pending)?.body).toMatchObject({ code: 'registration_pending' });
    expect(accessDenial({ access: 'tenant', scope: 'crm:write' }, principals.readOnly)?.body).toMatchObject({
      code: 'insufficient_scope',
      requiredScope: 'crm:write',
    });
    expect(accessDenial({ access: 'tenant' }, principals.approvedButPending)?.body).toMatchObject({ code: 'account_pending' });
    expect(accessDenial({ access: 'admin' }, principals.approved)?.status).toBe(404);
    expect(accessDenial({ access: 'identity' }, principals.adminToken)?.status).toBe(403);
    expect(accessDenial({ access: 'admin' }, principals.platformAdminUser)).toBeUndefined();
    expect(accessDenial({ access: 'public' }, undefined)).toBeUndefined();
  });
});

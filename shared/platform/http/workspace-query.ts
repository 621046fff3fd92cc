import * as z from 'zod';

/**
 * `workspace` query of a framed document or a download link: neither request can carry X-Tenant-Id, so
 * the workspace rides in the URL (a GET that declares `workspace` takes the tenant from it; X-Tenant-Id wins).
 * Apart from framed-document.ts, whose HTML tooling a download does not need (issue 25).
 */
export const workspaceQuery = z
  .string()
  .max(64)
  .optional()
  .describe('Tenant id, for a frame or a plain link that cannot send X-Tenant-Id; agents pass tenant_id as usual (default: yours)');

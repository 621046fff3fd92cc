import { respond } from '../../platform/registry/operation.js';
import { requireTenant, type OperationContext } from '../../platform/runtime/context.js';
import { startImportJob, wantsAsync, type JobKind } from './jobs.js';
import type { CompanyImportBody, ContactImportBody } from './schema.js';
import { runImportWithinBudget } from './sync-budget.js';

/**
 * The one handler of the three import operations (companies start, combined, contacts): a large or
 * `Prefer: respond-async` import answers 202 with its job at once; a synchronous call hands what it
 * did not reach within the sync budget to a job (202 too), else answers the result.
 */
export const importHandler =
  (kind: JobKind) =>
  async ({ body }: { body: CompanyImportBody | ContactImportBody }, ctx: OperationContext) => {
    const tenant = requireTenant(ctx);
    if (wantsAsync(ctx.request.headers.prefer, body.rows.length))
      return respond(202, await startImportJob(ctx.deps, tenant.tenantId, tenant.table, kind, body), { 'preference-applied': 'respond-async' });
    const out = await runImportWithinBudget(ctx.deps, tenant, kind, body);
    return 'job' in out ? respond(202, out.job) : out.result;
  };

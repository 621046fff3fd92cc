import { badRequest, notFound } from '../../platform/errors.js';
import { getContactList } from '../../crm/contact-lists/lists.js';
import { Creative } from '../creatives/entities.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import type { OperationContext } from '../../platform/runtime/context.js';
import { requireTenant } from '../../platform/runtime/context.js';
import { getEmailAccount } from '../senders/entities.js';
import type { TaskCreateBody } from './schema.js';
import { approverOf, createMailingTask } from './tasks.js';
import { workspaceAutoApprove } from './integrations.js';

/** The creative's content version (bumped by every content edit): what an approval pins. */
export async function creativeVersion(table: TableStore, creativeId: string): Promise<number | null> {
  if (creativeId.includes('#')) throw notFound('Creative');
  const c = await table.get<{ contentVersion?: number; version?: number }>(Creative.key({ creativeId }));
  if (!c || !Creative.is(c)) throw notFound('Creative');
  return c.contentVersion ?? 1;
}

/** POST /api/tasks for methodId 2: every reference must exist in this workspace (404 otherwise). */
export async function createMailing(ctx: OperationContext, body: TaskCreateBody) {
  const missing = (['description', 'creativeId', 'accountId', 'contactListId'] as const).filter((k) => !body[k]);
  if (missing.length) throw badRequest(missing.map((k) => `${k} is required for methodId 2`));
  const extra = (['companyListId', 'steps', 'options'] as const).filter((k) => body[k] !== undefined);
  if (extra.length) throw badRequest(extra.map((k) => `${k} is not used by methodId 2`));
  const tenant = requireTenant(ctx);
  const version = await creativeVersion(tenant.table, body.creativeId!);
  if (!(await getEmailAccount(tenant.table, body.accountId!))) throw notFound('Email account');
  await getContactList(tenant.table, body.contactListId!);
  const now = ctx.deps.clock.now();
  // Workspace auto-approve (a SUPER setting) approves at creation, pinning the creative version.
  const auto = (await workspaceAutoApprove(ctx.deps, tenant.tenantId, tenant.table))
    ? { by: approverOf(ctx.principal), note: 'workspace auto-approve', at: new Date(now).toISOString(), creativeVersion: version, auto: true }
    : undefined;
  return createMailingTask(
    tenant.table,
    { description: body.description!, creativeId: body.creativeId!, accountId: body.accountId!, contactListId: body.contactListId!, tracking: body.tracking },
    now,
    { autoApproved: auto, createdBy: approverOf(ctx.principal, ctx.request.channel) },
  );
}

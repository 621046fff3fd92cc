import type { TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getAutoApprove } from '../../workspace/settings/settings.js';

/**
 * The seams to the senders/settings and creatives domains, in one place, so the task and send code
 * reads one small surface.
 */
export async function workspaceAutoApprove(_deps: Deps, _tenantId: string, table: TableStore): Promise<boolean> {
  return getAutoApprove(table);
}

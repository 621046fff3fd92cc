import type { Deps } from '../../platform/runtime/deps.js';

/**
 * Work other domains do when a tenant is born (default pipeline, balance, ...), in registration order.
 * Kept apart from provision.ts so a domain can register without an import cycle through it.
 */
export type TenantInitializer = (deps: Deps, tenant: { tenantId: string; userId: string }) => Promise<void>;
const initializers: TenantInitializer[] = [];
export const onTenantProvisioned = (fn: TenantInitializer) => void initializers.push(fn);

export async function runTenantInitializers(deps: Deps, tenant: { tenantId: string; userId: string }) {
  for (const init of initializers) await init(deps, tenant);
}

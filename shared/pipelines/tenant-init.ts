import { onTenantProvisioned } from '../tenancy/initializers.js';
import { createPipeline, defaultPipelineId } from './pipelines.js';

/**
 * Every new tenant gets a default pipeline (New, Contacted, Qualified, Won, Lost). Imported by
 * shared/tenancy/provision.ts so every bundle that provisions a tenant runs it; idempotent.
 */
onTenantProvisioned(async (deps, { tenantId }) => {
  const table = deps.tenantTable(tenantId);
  if (await defaultPipelineId(table)) return;
  await createPipeline(deps, { tenantId, table }, { name: 'Sales', isDefault: true });
});

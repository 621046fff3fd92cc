import { onTenantProvisioned } from '../../workspace/tenancy/initializers.js';
import { createPipeline, defaultPipelineId } from './pipelines.js';

/**
 * Every new tenant gets a default pipeline (New, Contacted, Qualified, Won, Lost). Imported by the
 * composition roots (infra/aws/runtime/aws-deps.ts, infra/local/local-deps.ts), so every process that
 * provisions or wipes a tenant runs it, while tenancy names no CRM domain; idempotent.
 */
onTenantProvisioned(async (deps, { tenantId }) => {
  const table = deps.tenantTable(tenantId);
  if (await defaultPipelineId(table)) return;
  await createPipeline(deps, { tenantId, table }, { name: 'Sales', isDefault: true });
});

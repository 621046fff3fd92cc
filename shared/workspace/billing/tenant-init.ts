import { onTenantProvisioned } from '../tenancy/initializers.js';
import { initBalance } from './billing.js';

// Imported by shared/workspace/tenancy/provision.ts, so every bundle that provisions a tenant opens its balance.
onTenantProvisioned((deps, { tenantId }) => initBalance(deps, tenantId));

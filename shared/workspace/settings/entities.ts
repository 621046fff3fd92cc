import { defineEntity } from '../../platform/data/entity.js';

/** Workspace settings (tenant table): one item per setting name under one partition. */
export const WorkspaceSetting = defineEntity({
  entity: 'workspace_setting',
  formerly: 'workspaceSetting',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'WSSETTING', sk: '${name}' } },
});

export type SettingName =
  'sendWindow' | 'minSendInterval' | 'transports' | 'autoApprove' | 'companyProfile' | 'inboxCheck' | 'defaultTrackingDomain' | 'bounceGuard';

/** A workspace wipe job (platform table: the tenant's own table is what the job drops). */
export const WipeJob = defineEntity({
  entity: 'wipe_job',
  formerly: 'wipeJob',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'WIPEJOB#${tenantId}', sk: '${jobId}' } },
});

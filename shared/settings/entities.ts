import { defineEntity } from '../data/entity.js';

/** Workspace settings (tenant table): one item per setting name under one partition. */
export const WorkspaceSetting = defineEntity({
  entity: 'workspaceSetting',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'WSSETTING', sk: '${name}' } },
});

export type SettingName = 'sendWindow' | 'minSendInterval' | 'transports' | 'autoApprove' | 'companyProfile' | 'inboxCheck' | 'defaultTrackingDomain';

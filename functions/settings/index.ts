import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as getSendWindow } from './SettingsController_getSendWindow.js';
import { operation as setSendWindow } from './SettingsController_setSendWindow.js';
import { operation as getMinSendInterval } from './SettingsController_getMinSendInterval.js';
import { operation as setMinSendInterval } from './SettingsController_setMinSendInterval.js';
import { operation as getTransports } from './SettingsController_getTransports.js';
import { operation as updateTransports } from './SettingsController_updateTransports.js';
import { operation as getAutoApprove } from './SettingsController_getAutoApprove.js';
import { operation as setAutoApprove } from './SettingsController_setAutoApprove.js';
import { operation as getCompanyProfile } from './SettingsController_getCompanyProfile.js';
import { operation as setCompanyProfile } from './SettingsController_setCompanyProfile.js';
import { operation as deleteAllData } from './SettingsController_deleteAllData.js';
import { operation as deleteAllDataStatus } from './SettingsController_deleteAllDataStatus.js';
import { operation as getBounceGuard } from './SettingsController_getBounceGuard.js';
import { operation as setBounceGuard } from './SettingsController_setBounceGuard.js';
import { operation as testInboxCheckConnection } from './SettingsController_testInboxCheckConnection.js';
import { operation as getInboxCheckMailboxes } from './SettingsController_getInboxCheckMailboxes.js';

/** Workspace settings (send window, pace, bounce-rate protection, transports, auto-approve, compliance footer, wipe). */
export const settingsOperations: AnyOperation[] = [
  getSendWindow,
  setSendWindow,
  getMinSendInterval,
  setMinSendInterval,
  getBounceGuard,
  setBounceGuard,
  getTransports,
  updateTransports,
  getAutoApprove,
  setAutoApprove,
  getCompanyProfile,
  setCompanyProfile,
  testInboxCheckConnection,
  getInboxCheckMailboxes,
  deleteAllData,
  deleteAllDataStatus,
];

import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as create } from './EmailAccountsController_create.js';
import { operation as list } from './EmailAccountsController_list.js';
import { operation as get } from './EmailAccountsController_get.js';
import { operation as update } from './EmailAccountsController_update.js';
import { operation as remove } from './EmailAccountsController_delete.js';
import { operation as testConnection } from './EmailAccountsController_testConnection.js';
import { operation as checkDns } from './EmailAccountsController_checkDns.js';
import { operation as warmupStart } from './EmailAccountsController_warmupStart.js';
import { operation as relayHealth } from './EmailAccountsController_relayHealth.js';
import { operation as suspend } from './EmailAccountsController_suspend.js';
import { operation as resume } from './EmailAccountsController_resume.js';
import { operation as oauthStart } from './EmailAccountsController_oauthStart.js';
import { operation as oauthCallback } from './EmailAccountsController_oauthCallback.js';
import { operation as importOauth } from './EmailAccountsController_importOauth.js';

/** Sender mailboxes: connect (real login), read, change, disconnect, and the sender operations of the spec. */
export const senderOperations: AnyOperation[] = [
  create,
  list,
  get,
  update,
  remove,
  testConnection,
  checkDns,
  warmupStart,
  relayHealth,
  suspend,
  resume,
  oauthStart,
  oauthCallback,
  importOauth,
];

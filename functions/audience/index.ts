import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as suppression_list } from './suppression_list.js';
import { operation as suppression_add } from './suppression_add.js';
import { operation as suppression_remove } from './suppression_remove.js';
import { operation as suppression_check } from './suppression_check.js';
import { operation as stoplist_list } from './stoplist_list.js';
import { operation as stoplist_add } from './stoplist_add.js';
import { operation as stoplist_remove } from './stoplist_remove.js';
import { operation as DsarController_create } from './DsarController_create.js';
import { operation as dsar_list } from './dsar_list.js';
import { operation as dsar_get } from './dsar_get.js';
import { operation as EmailVerificationController_verifyBatch } from './EmailVerificationController_verifyBatch.js';

/** Operations of the audience domain (suppression, stop-list, DSAR, email verification): one file per operation. */
export const audienceOperations: AnyOperation[] = [
  suppression_list,
  suppression_add,
  suppression_remove,
  suppression_check,
  stoplist_list,
  stoplist_add,
  stoplist_remove,
  DsarController_create,
  dsar_list,
  dsar_get,
  EmailVerificationController_verifyBatch,
];

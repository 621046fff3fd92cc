import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as pipelines_list } from './pipelines_list.js';
import { operation as pipelines_create } from './pipelines_create.js';
import { operation as pipelines_get } from './pipelines_get.js';
import { operation as pipelines_delete } from './pipelines_delete.js';
import { operation as pipelines_set_default } from './pipelines_set_default.js';
import { operation as PipelinesController_createStage } from './PipelinesController_createStage.js';
import { operation as PipelinesController_createAutomation } from './PipelinesController_createAutomation.js';
import { operation as leads_create } from './leads_create.js';
import { operation as LeadsController_kanban } from './LeadsController_kanban.js';
import { operation as LeadsController_move } from './LeadsController_move.js';
import { operation as LeadsController_setInterest } from './LeadsController_setInterest.js';
import { operation as LeadsController_dossier } from './LeadsController_dossier.js';

/** Operations of the leads domain (leads and pipelines): one file per operation (functions/leads/<operationId>.ts). */
export const leadOperations: AnyOperation[] = [
  pipelines_list,
  pipelines_create,
  pipelines_get,
  pipelines_delete,
  pipelines_set_default,
  PipelinesController_createStage,
  PipelinesController_createAutomation,
  leads_create,
  LeadsController_kanban,
  LeadsController_move,
  LeadsController_setInterest,
  LeadsController_dossier,
];

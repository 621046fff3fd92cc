import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as create } from './creatives_create.js';
import { operation as get } from './creatives_get.js';
import { operation as update } from './creatives_update.js';
import { operation as list } from './creatives_list.js';
import { operation as del } from './creatives_delete.js';
import { operation as moderate } from './CreativesController_moderateChannelCreative.js';
import { operation as preview } from './creatives_preview.js';
import { operation as previewDocument } from './creatives_preview_document.js';
import { operation as variablesAvailable } from './creatives_variables_available.js';
import { operation as variables } from './creatives_variables.js';
import { operation as contentCheck } from './ContentAnalyzerController_check.js';
import { operation as generatePdf } from './creatives_generate_pdf.js';
import { operation as pdfGet } from './creatives_pdf_generations_get.js';
import { operation as testSend } from './creatives_test_send.js';
import { operation as testSends } from './creatives_test_sends.js';
import { operation as placementStart } from './CreativesController_startInboxPlacementTest.js';
import { operation as placementGet } from './creatives_inbox_placement_get.js';

/** Operations of the creatives domain: one file per operation (functions/creatives/<operationId>.ts). */
export const creativeOperations: AnyOperation[] = [
  create,
  get,
  update,
  list,
  del,
  moderate,
  preview,
  previewDocument,
  variablesAvailable,
  variables,
  contentCheck,
  generatePdf,
  pdfGet,
  testSend,
  testSends,
  placementStart,
  placementGet,
];

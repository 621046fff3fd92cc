import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as listDocuments } from './LegalController_listDocuments.js';
import { operation as getDocument } from './LegalController_getDocument.js';
import { operation as recordAcceptance } from './LegalController_recordAcceptance.js';
import { operation as listAcceptances } from './LegalController_listAcceptances.js';

/** Operations of the legal domain: one file per operation (functions/legal/<operationId>.ts). */
export const legalOperations: AnyOperation[] = [listDocuments, getDocument, recordAcceptance, listAcceptances];

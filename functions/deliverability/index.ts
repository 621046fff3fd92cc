import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as getMatrix } from './DeliverabilityController_getMatrix.js';
import { operation as createDomain } from './TrackingDomainController_create.js';
import { operation as listDomains } from './TrackingDomainController_list.js';
import { operation as healthCheck } from './TrackingDomainController_healthCheck.js';
import { operation as setDefault } from './TrackingDomainController_setDefault.js';

/** Deliverability: the matrix and tracking domains. */
export const deliverabilityOperations: AnyOperation[] = [getMatrix, createDomain, listDomains, healthCheck, setDefault];

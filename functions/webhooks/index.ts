import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as webhooksCreate } from './webhooks_create.js';
import { operation as webhooksList } from './webhooks_list.js';
import { operation as webhooksGet } from './webhooks_get.js';
import { operation as webhooksUpdate } from './webhooks_update.js';
import { operation as webhooksDelete } from './webhooks_delete.js';
import { operation as deliveriesList } from './webhooks_deliveries_list.js';
import { operation as deliveriesRetry } from './webhooks_deliveries_retry.js';

/** Operations of the webhooks domain: one file per operation (functions/webhooks/<operationId>.ts). */
export const webhookOperations: AnyOperation[] = [webhooksCreate, webhooksList, webhooksGet, webhooksUpdate, webhooksDelete, deliveriesList, deliveriesRetry];

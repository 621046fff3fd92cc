import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as tokensCreate } from './connectors_tokens_create.js';
import { operation as tokensList } from './connectors_tokens_list.js';
import { operation as tokensRevoke } from './connectors_tokens_revoke.js';
import { operation as tildaWebhook } from './connectors_tilda_webhook.js';
import { operation as registryName } from './connectors_registry_name.js';

/** Operations of the connectors domain: one file per operation (functions/connectors/<operationId>.ts). */
export const connectorOperations: AnyOperation[] = [tokensCreate, tokensList, tokensRevoke, tildaWebhook, registryName];

import type { AnyOperation } from '../shared/platform/registry/operation.js';
import { identityOperations } from './identity/index.js';
import { discoveryOperations } from './discovery/index.js';
import { localOperations } from './local/index.js';
import { authOperations } from './auth/index.js';
import { keysOperations } from './keys/index.js';
import { adminOperations } from './admin/index.js';
import { consoleOperations } from './console/index.js';
import { legalOperations } from './legal/index.js';
import { billingOperations } from './billing/index.js';
import { tenantOperations } from './tenants/index.js';
import { companyOperations } from './companies/index.js';
import { contactOperations } from './contacts/index.js';
import { leadOperations } from './leads/index.js';
import { audienceOperations } from './audience/index.js';
import { agentOperations } from './agent/index.js';
import { notificationOperations } from './notifications/index.js';
import { webhookOperations } from './webhooks/index.js';
import { connectorOperations } from './connectors/index.js';
import { taskOperations } from './tasks/index.js';
import { mailingOperations } from './mailing/index.js';
import { creativeOperations } from './creatives/index.js';
import { briefOperations } from './briefs/index.js';
import { senderOperations } from './senders/index.js';
import { settingsOperations } from './settings/index.js';
import { deliverabilityOperations } from './deliverability/index.js';
import { enrichmentOperations } from './enrichment/index.js';
import { scoringOperations } from './scoring/index.js';
import { dialogOperations } from './dialogs/index.js';
import { sequenceOperations } from './sequences/index.js';
import { campaignOperations } from './campaigns/index.js';

/**
 * Every operation of the service. Routes (local and API Gateway), Lambda functions, MCP tools, the
 * agent card and OpenAPI are all derived from this list. An operation lives in
 * `functions/<tag>/<operationId>.ts` (its Lambda entry) and is listed in `functions/<tag>/index.ts`.
 */
export const operations: AnyOperation[] = [
  ...identityOperations,
  ...discoveryOperations,
  ...localOperations,
  ...authOperations,
  ...keysOperations,
  ...adminOperations,
  ...consoleOperations,
  ...legalOperations,
  ...billingOperations,
  ...tenantOperations,
  ...companyOperations,
  ...contactOperations,
  ...leadOperations,
  ...audienceOperations,
  ...agentOperations,
  ...notificationOperations,
  ...webhookOperations,
  ...connectorOperations,
  ...taskOperations,
  ...mailingOperations,
  ...creativeOperations,
  ...briefOperations,
  ...senderOperations,
  ...settingsOperations,
  ...deliverabilityOperations,
  ...enrichmentOperations,
  ...scoringOperations,
  ...campaignOperations,
  ...dialogOperations,
  ...sequenceOperations,
];

export const operationById = new Map(operations.map((op) => [op.operationId, op]));

/** The operation file (Lambda entry) of each operation, relative to the project root. */
export const operationEntry = (op: AnyOperation) => `functions/${op.tag}/${op.operationId}.ts`;

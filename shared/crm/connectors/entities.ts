import { defineEntity } from '../../platform/data/entity.js';

/**
 * Connector tokens: the platform table resolves a presented token (by SHA-256) to its tenant; the
 * tenant table lists the tenant's tokens (never the token itself).
 */
export const ConnectorTokenByHash = defineEntity({
  entity: 'connector_token_ref',
  version: 1,
  table: 'platform',
  keys: { primary: { pk: 'CONNTOKEN#${tokenHash}', sk: 'CONNTOKEN' } },
});

export const ConnectorToken = defineEntity({
  entity: 'connector_token',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CONNTOKEN', sk: 'CONNTOKEN#${tokenId}' } },
});

/** A form submission already handled, by the form builder's transaction id (`ref`, external text). */
export const ConnectorSubmission = defineEntity({
  entity: 'connector_submission',
  version: 1,
  table: 'tenant',
  freeText: ['ref'],
  keys: { primary: { pk: 'CONNSUB#${connector}', sk: 'SUB#${ref}' } },
});

/** Form builders with an inbound webhook. */
export const FORM_CONNECTORS = ['tilda'] as const;
export type FormConnector = (typeof FORM_CONNECTORS)[number];

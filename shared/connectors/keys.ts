/**
 * Connector tokens: the platform table resolves a presented token (by SHA-256) to its tenant; the
 * tenant table lists the tenant's tokens (never the token itself). Form submissions already handled
 * are remembered per tenant by the form builder's transaction id.
 */
export const ConnectorKeys = {
  tokenByHash: (hash: string) => ({ pk: `CONNTOKEN#${hash}`, sk: 'CONNTOKEN' }),
  token: (id: string) => ({ pk: 'CONNTOKEN', sk: `CONNTOKEN#${id}` }),
  tokenPrefix: 'CONNTOKEN#',
  submission: (connector: string, ref: string) => ({ pk: `CONNSUB#${connector}`, sk: `SUB#${ref}` }),
};

/** Form builders with an inbound webhook. */
export const FORM_CONNECTORS = ['tilda'] as const;
export type FormConnector = (typeof FORM_CONNECTORS)[number];

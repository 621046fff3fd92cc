import { notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { recordAcceptance } from './acceptances.js';
import { DOC_KEYS, DOCUMENTS, isDocKey } from './documents/index.js';

/** The documents without their bodies, in the spec's order. */
export const listDocuments = () => ({
  data: DOC_KEYS.map((key) => {
    const { title, version, effectiveDate, summary } = DOCUMENTS[key];
    return { key, title, version, effectiveDate, summary, path: `/api/legal/documents/${key}` };
  }),
});

/** One document with its Markdown body; unknown key: 404 Document not found. */
export function getDocument(key: string) {
  if (!isDocKey(key)) throw notFound('Document');
  return { ...DOCUMENTS[key], format: 'markdown' as const };
}

/**
 * Records that the caller accepted the CURRENT version of a document in a tenant, with context
 * (`signup`, `campaign`, `workspace`, ...) and refId (e.g. the campaign id). Unknown key: 404.
 */
export async function acceptDocument(deps: Deps, input: { accountId: string; tenantId: string; docKey: string; context: string; refId?: string; ip?: string }) {
  if (!isDocKey(input.docKey)) throw notFound('Document');
  return recordAcceptance(deps, { ...input, version: DOCUMENTS[input.docKey].version });
}

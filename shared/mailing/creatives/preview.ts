import type { TableStore } from '../../platform/ports/table-store.js';
import { getCreative } from './creatives.js';
import { renderCreativeFor } from './render.js';
import { loadRecipientContext } from './recipient.js';

/**
 * A saved creative as one recipient would get it (the same spintax choice as their send): what
 * creatives_preview answers as JSON and creatives_preview_document serves as the document itself.
 * 404 Creative / Contact / Company for ids that are not in this tenant's table.
 */
export async function previewCreative(table: TableStore, creativeId: string, recipientIds: { contactId?: string; companyId?: string }) {
  const creative = await getCreative(table, creativeId);
  const recipient = await loadRecipientContext(table, recipientIds);
  const out = renderCreativeFor(creative, recipient);
  return { ...out, contactId: recipient.contactId ?? null, companyId: recipient.companyId ?? null, contentVersion: creative.contentVersion };
}

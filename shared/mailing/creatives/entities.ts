import { defineEntity } from '../../platform/data/entity.js';

/**
 * Tenant-table entities of creatives:
 * - a creative: one partition, listed newest first on gsi1 `CREATIVES`;
 * - its test sends under the creative's partition (sk `TESTSEND#<at>#<id>`), newest last;
 * - PDF generations (one partition each, polled by id; `ttl` = expiry of the file);
 * - inbox-placement tests (one partition each; results per seed mailbox on the item).
 */
export const Creative = defineEntity({
  entity: 'creative',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CREATIVE#${creativeId}', sk: 'CREATIVE' },
    byCreated: { index: 'gsi1', pk: 'CREATIVES', sk: '${createdAt}#${creativeId}' },
  },
});

export const CreativeTestSend = defineEntity({
  entity: 'creative_test_send',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CREATIVE#${creativeId}', sk: 'TESTSEND#${createdAt}#${testSendId}' } },
});

export const PdfGeneration = defineEntity({
  entity: 'creative_pdf_generation',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'PDFGEN#${generationId}', sk: 'PDFGEN' } },
});

export const PlacementTest = defineEntity({
  entity: 'creative_placement_test',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'INBOXTEST#${testId}', sk: 'INBOXTEST' } },
});

/**
 * The content (subject, body) of a creative as it was when a mailing task approved it, one item per
 * approved contentVersion, under the creative's partition: what a reviewer compares an edited
 * creative with when the edit reset the approval (content drift).
 */
export const CreativeRevision = defineEntity({
  entity: 'creative_revision',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CREATIVE#${creativeId}', sk: 'REV#${contentVersion}' } },
});

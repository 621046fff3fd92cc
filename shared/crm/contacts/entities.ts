import * as z from 'zod';
import { defineEntity } from '../../platform/data/entity.js';

/** Tenant-table entities of contacts, their channels and their company links. */
export const CHANNEL_TYPES = ['email', 'phone'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
/** Where a contact came from; DSAR "where did you get my address" answers from this. */
export const SOURCE_KINDS = ['import', 'crawl', 'form', 'manual'] as const;

const at = (what: string) => z.string().describe(`${what} (ISO 8601)`);

/** One way to reach a contact, as stored in its `channels` (and answered). */
export const contactChannel = z.looseObject({
  type: z.enum(CHANNEL_TYPES),
  value: z.string().describe('Normalised value (email lower-case, phone +digits)'),
  addedAt: at('Added'),
  duplicateOf: z.string().optional().describe('Another contact of this workspace already holds this value (its id)'),
  verification: z
    .looseObject({ result: z.string().describe('valid | invalid | risky | unknown'), reasons: z.array(z.string()), mx: z.string(), checkedAt: z.string() })
    .optional()
    .describe('Last email verification of this channel'),
});

/**
 * A contact; gsi1 lists every contact, oldest first; gsi3 lists a company's contacts (the contact item
 * itself, sparse: only contacts with a companyId), so linking a contact to a company writes no item of
 * its own. Contacts linked before this index carry `CompanyContact` link items instead: readers of a
 * company's contacts read both (companyContactSources). Its attributes are what the contacts
 * operations answer (`ContactEntity.output`, the type `Contact`), in the order a create answers them.
 */
export const ContactEntity = defineEntity({
  entity: 'contact',
  formerly: 'CONTACT',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CONTACT#${contactId}', sk: 'CONTACT' },
    all: { index: 'gsi1', pk: 'CONTACTS', sk: '${contactId}' },
    byCompany: { index: 'gsi3', pk: 'COMPANY#${companyId}#CONTACTS', sk: '${contactId}' },
  },
  attributes: {
    id: z.string().describe('Contact id'),
    channels: z.array(contactChannel).describe('Every way to reach the contact'),
    customFields: z.record(z.string(), z.unknown()).describe('Custom field values by slug (contacts_custom_fields_list names them)'),
    source: z
      .looseObject({
        kind: z.enum(SOURCE_KINDS).describe('manual | import | crawl | form'),
        collectedAt: at('Collected'),
        sourceUrl: z.string().optional(),
        importId: z.string().optional(),
      })
      .describe('Where the contact came from (GDPR source disclosure)'),
    createdAt: at('Created'),
    updatedAt: at('Last changed'),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    position: z.string().optional().describe('Job title'),
    personalEmail: z.string().optional(),
    linkedin: z.string().optional(),
    companyId: z.string().optional().describe('The company the contact works for'),
    /** An imported address without a name: the import named it (genericContactName). */
    generic: z.boolean().optional().describe('A role address (info@, sales@) rather than a person'),
    /** Primary email and phone: the first channel of each type (email and phone are channels, never fields). */
    email: z.string().optional().describe('Primary email (also among channels)'),
    phone: z.string().optional(),
    /** The import row that created the contact (import recovery finds a resumed row's contact by it). */
    importRow: z.number().optional(),
  },
  internal: ['importRow'],
  defaults: { channels: [], customFields: {} },
});

/**
 * A channel (email address or phone number) a contact holds as a duplicate (`duplicateOf`: another
 * contact holds the value's marker); gsi1 finds every holder of a value. The first holder has no
 * channel item: its ChannelMarker carries the same gsi1 partition (channelHolders). Channels written
 * before this rule have an item whether or not they hold the marker.
 */
export const ContactChannel = defineEntity({
  entity: 'channel',
  formerly: 'CHANNEL',
  version: 1,
  table: 'tenant',
  freeText: ['value'],
  keys: {
    primary: { pk: 'CONTACT#${contactId}', sk: 'CHANNEL#${type}#${value}' },
    byValue: { index: 'gsi1', pk: 'CHANNEL#${type}#${value}', sk: 'CONTACT#${contactId}' },
  },
});

/**
 * Uniqueness marker: the first contact of the tenant that holds this address or number
 * (attribute_not_exists). It is also that holder's entry in the value's gsi1 partition (sk `!OWNER#`,
 * which sorts before the duplicates' `CONTACT#` entries), so the first holder needs no channel item.
 */
export const ChannelMarker = defineEntity({
  entity: 'channel_marker',
  formerly: 'CHANNEL_MARKER',
  version: 1,
  table: 'tenant',
  freeText: ['value'],
  keys: {
    primary: { pk: 'CHANNEL#${type}#${value}', sk: 'CHANNEL' },
    owner: { index: 'gsi1', pk: 'CHANNEL#${type}#${value}', sk: '!OWNER#${contactId}' },
  },
});

/** Every holder of a value (gsi1: the marker's owner first, then the duplicates' channel items); each carries `contactId`. */
export const channelHolders = (type: ChannelType, value: string) => ({ index: 'gsi1' as const, pk: ContactChannel.query('byValue', { type, value }).pk });

/**
 * The company → contact link of contacts linked before ContactEntity's gsi3 `byCompany` index (legacy:
 * no longer written; read beside the index, deleted when the contact's company link is next written).
 * It carries the contact's names and email, which the companies `contacts` filter reads.
 */
export const CompanyContact = defineEntity({
  entity: 'company_contact',
  formerly: 'COMPANY_CONTACT',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'COMPANY#${companyId}', sk: 'CONTACT#${contactId}' } },
});

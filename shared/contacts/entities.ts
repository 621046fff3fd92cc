import { defineEntity } from '../data/entity.js';

/** Tenant-table entities of contacts, their channels and their company links. */
export type ChannelType = 'email' | 'phone';

/**
 * A contact; gsi1 lists every contact, oldest first; gsi3 lists a company's contacts (the contact item
 * itself, sparse: only contacts with a companyId), so linking a contact to a company writes no item of
 * its own. Contacts linked before this index carry `CompanyContact` link items instead: readers of a
 * company's contacts read both (companyContactSources).
 */
export const ContactEntity = defineEntity({
  entity: 'CONTACT',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CONTACT#${contactId}', sk: 'CONTACT' },
    all: { index: 'gsi1', pk: 'CONTACTS', sk: '${contactId}' },
    byCompany: { index: 'gsi3', pk: 'COMPANY#${companyId}#CONTACTS', sk: '${contactId}' },
  },
});

/**
 * A channel (email address or phone number) a contact holds as a duplicate (`duplicateOf`: another
 * contact holds the value's marker); gsi1 finds every holder of a value. The first holder has no
 * channel item: its ChannelMarker carries the same gsi1 partition (channelHolders). Channels written
 * before this rule have an item whether or not they hold the marker.
 */
export const ContactChannel = defineEntity({
  entity: 'CHANNEL',
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
  entity: 'CHANNEL_MARKER',
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
  entity: 'COMPANY_CONTACT',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'COMPANY#${companyId}', sk: 'CONTACT#${contactId}' } },
});

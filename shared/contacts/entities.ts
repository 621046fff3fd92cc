import { defineEntity } from '../data/entity.js';

/** Tenant-table entities of contacts, their channels and their company links. */
export type ChannelType = 'email' | 'phone';

/** A contact; gsi1 lists every contact, oldest first. */
export const ContactEntity = defineEntity({
  entity: 'CONTACT',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CONTACT#${contactId}', sk: 'CONTACT' },
    all: { index: 'gsi1', pk: 'CONTACTS', sk: '${contactId}' },
  },
});

/** One channel (email address or phone number) of a contact; gsi1 finds every owner of a value. */
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

/** Uniqueness marker: the first contact of the tenant that holds this address or number (attribute_not_exists). */
export const ChannelMarker = defineEntity({
  entity: 'CHANNEL_MARKER',
  version: 1,
  table: 'tenant',
  freeText: ['value'],
  keys: { primary: { pk: 'CHANNEL#${type}#${value}', sk: 'CHANNEL' } },
});

/**
 * The company → contact link, next to the company item: a company's contacts are one Query. It carries
 * the contact's names and email, which the companies `contacts` filter reads.
 */
export const CompanyContact = defineEntity({
  entity: 'COMPANY_CONTACT',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'COMPANY#${companyId}', sk: 'CONTACT#${contactId}' } },
});

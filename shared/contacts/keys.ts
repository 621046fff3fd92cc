/**
 * Tenant-table keys of contacts, their channels and their company links, declared once.
 *
 * - contact:        CONTACT#<id> / CONTACT            (gsi1: CONTACTS / <id>: every contact, oldest first)
 * - channel:        CONTACT#<id> / CHANNEL#<type>#<v> (gsi1: CHANNEL#<type>#<v> / CONTACT#<id>: every owner of a value)
 * - channel marker: CHANNEL#<type>#<v> / CHANNEL      (the first owner; written with attribute_not_exists)
 * - company link:   COMPANY#<companyId> / CONTACT#<id> (a company's contacts, next to the company item)
 */
export type ChannelType = 'email' | 'phone';

export const ContactKeys = {
  contact: (contactId: string) => ({ pk: `CONTACT#${contactId}`, sk: 'CONTACT' }),
  contactIndex: (contactId: string) => ({ gsi1pk: 'CONTACTS', gsi1sk: contactId }),
  channel: (contactId: string, type: ChannelType, value: string) => ({ pk: `CONTACT#${contactId}`, sk: `CHANNEL#${type}#${value}` }),
  channelIndex: (contactId: string, type: ChannelType, value: string) => ({ gsi1pk: `CHANNEL#${type}#${value}`, gsi1sk: `CONTACT#${contactId}` }),
  /** Uniqueness marker: the first contact of the tenant that holds this address or number. */
  channelMarker: (type: ChannelType, value: string) => ({ pk: `CHANNEL#${type}#${value}`, sk: 'CHANNEL' }),
  companyLink: (companyId: string, contactId: string) => ({ pk: `COMPANY#${companyId}`, sk: `CONTACT#${contactId}` }),
};

export const CONTACT_CHANNEL_PREFIX = 'CHANNEL#';
export const COMPANY_CONTACT_PREFIX = 'CONTACT#';

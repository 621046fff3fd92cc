/**
 * Tenant-table keys of contact lists (STATIC only: contact SMART lists are unsupported).
 * - list:   CTLIST#<id> / CTLIST             (gsi1: CTLISTS / <id>)   (company lists use CLIST#: distinct)
 * - member: CTLIST#<id> / MEMBER#<contactId> (gsi1: CONTACT#<contactId>#CTLISTS / <listId>: a contact's lists)
 */
export const ContactListKeys = {
  list: (listId: string) => ({ pk: `CTLIST#${listId}`, sk: 'CTLIST' }),
  listIndex: (listId: string) => ({ gsi1pk: CONTACT_LISTS, gsi1sk: listId }),
  member: (listId: string, contactId: string) => ({ pk: `CTLIST#${listId}`, sk: `MEMBER#${contactId}` }),
  memberIndex: (listId: string, contactId: string) => ({ gsi1pk: `CONTACT#${contactId}#CTLISTS`, gsi1sk: listId }),
  contactListsPk: (contactId: string) => `CONTACT#${contactId}#CTLISTS`,
};
export const MEMBER_PREFIX = 'MEMBER#';
export const CONTACT_LISTS = 'CTLISTS';

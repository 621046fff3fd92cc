/**
 * Tenant-table keys of contact lists (STATIC only: contact SMART lists are unsupported).
 * - list:   CLIST#<id> / CLIST               (gsi1: CLISTS / <id>)
 * - member: CLIST#<id> / MEMBER#<contactId>  (gsi1: CONTACT#<contactId>#CLISTS / <listId>: a contact's lists)
 */
export const ContactListKeys = {
  list: (listId: string) => ({ pk: `CLIST#${listId}`, sk: 'CLIST' }),
  listIndex: (listId: string) => ({ gsi1pk: 'CLISTS', gsi1sk: listId }),
  member: (listId: string, contactId: string) => ({ pk: `CLIST#${listId}`, sk: `MEMBER#${contactId}` }),
  memberIndex: (listId: string, contactId: string) => ({ gsi1pk: `CONTACT#${contactId}#CLISTS`, gsi1sk: listId }),
  contactListsPk: (contactId: string) => `CONTACT#${contactId}#CLISTS`,
};
export const MEMBER_PREFIX = 'MEMBER#';

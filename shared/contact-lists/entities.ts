import { defineEntity } from '../data/entity.js';

/** A contact list (STATIC only: contact SMART lists are unsupported); gsi1 lists every list. */
export const ContactListEntity = defineEntity({
  entity: 'CONTACT_LIST',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CTLIST#${listId}', sk: 'CTLIST' },
    all: { index: 'gsi1', pk: 'CTLISTS', sk: '${listId}' },
  },
});

/** A member of a contact list; gsi1 lists a contact's lists (contact delete, DSAR erasure). */
export const ContactListMember = defineEntity({
  entity: 'CONTACT_LIST_MEMBER',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CTLIST#${listId}', sk: 'MEMBER#${contactId}' },
    byContact: { index: 'gsi1', pk: 'CONTACT#${contactId}#CTLISTS', sk: '${listId}' },
  },
});

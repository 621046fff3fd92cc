import * as z from 'zod';
import { defineEntity } from '../../platform/data/entity.js';

/** A contact list (STATIC only: contact SMART lists are unsupported); gsi1 lists every list. */
export const ContactListEntity = defineEntity({
  entity: 'contact_list',
  formerly: 'CONTACT_LIST',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CTLIST#${listId}', sk: 'CTLIST' },
    all: { index: 'gsi1', pk: 'CTLISTS', sk: '${listId}' },
  },
  attributes: {
    id: z.string().describe('Contact list id'),
    name: z.string(),
    type: z.enum(['STATIC']).describe('STATIC (SMART lists are not supported for contacts)'),
    createdAt: z.string().describe('Created (ISO 8601)'),
    updatedAt: z.string().describe('Last changed (ISO 8601)'),
    /** Stored from the start; answered by a single list's read (contact_lists_get) and a contact's lists, not by create or list. */
    memberCount: z.number().optional().describe('Number of members'),
  },
  defaults: { memberCount: 0 },
});

/** A member of a contact list; gsi1 lists a contact's lists (contact delete, DSAR erasure). */
export const ContactListMember = defineEntity({
  entity: 'contact_list_member',
  formerly: 'CONTACT_LIST_MEMBER',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CTLIST#${listId}', sk: 'MEMBER#${contactId}' },
    byContact: { index: 'gsi1', pk: 'CONTACT#${contactId}#CTLISTS', sk: '${listId}' },
  },
});

import * as z from 'zod';
import { ContactListEntity } from '../../shared/crm/contact-lists/entities.js';
import { ContactEntity, contactChannel } from '../../shared/crm/contacts/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { importDone, importPreviewOutput, mappedColumn } from '../companies/outputs.js';

/** Success answers of the contacts operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */

const nextCursor = z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page');

export const Contact = ContactEntity.output;

const ContactList = ContactListEntity.output;

export const contacts_createOutput = Contact;
export const contacts_getOutput = Contact;
export const contacts_updateOutput = Contact;
export const contacts_deleteOutput = checkedOutput(z.looseObject({ id: z.string().describe('Contact id'), deleted: z.boolean() }));

export const contacts_listOutput = checkedOutput(z.looseObject({ data: z.array(Contact), pageSize: z.number().describe('Page size applied'), nextCursor }));

/** The channel (added, or the one the contact already had: then with its verification, when any). */
export const ContactsController_addChannelOutput = checkedOutput(z.looseObject({ contactId: z.string().describe('Contact id'), ...contactChannel.shape }));

export const ContactsController_bulkOutput = checkedOutput(
  z.looseObject({
    action: z.enum(['update', 'delete']).describe('The bulk action that ran'),
    total: z.number().describe('Distinct ids processed'),
    succeeded: z.number(),
    failed: z.number(),
    results: z
      .array(
        z.looseObject({
          id: z.string().describe('Contact id'),
          ok: z.boolean(),
          error: z
            .looseObject({
              status: z.number().describe('HTTP status the single operation would have answered'),
              code: z.string().optional().describe('Error code, when the error has one'),
              message: z.union([z.string(), z.array(z.string())]),
            })
            .optional()
            .describe('Why this item failed (absent when ok)'),
        }),
      )
      .describe('One result per distinct id, in request order'),
  }),
);

export const ContactsController_importStartOutput = checkedOutput(
  importDone.extend({
    importId: z.string().describe('Recorded as source.importId on the contacts created'),
    listId: z.string().optional().describe('The contact list the contacts were added to (options.listId or newListName)'),
  }),
);

export const ContactsController_importPreviewOutput = checkedOutput(
  importPreviewOutput(
    {
      contact: z.array(mappedColumn).describe('Columns mapped to contact fields'),
      customFields: z.array(mappedColumn).describe('Columns mapped to contact custom fields (target cf:<slug>)'),
    },
    {
      duplicateOf: z.string().optional().describe('The existing contact with the same email'),
      sameContactAsRow: z.number().optional().describe('An earlier row of this request with the same email'),
    },
  ),
);

export const ContactListsController_createOutput = ContactList;
export const ContactListsController_addContactsOutput = z.looseObject({
  listId: z.string().describe('Contact list id'),
  added: z.number().describe('Contacts newly added'),
  alreadyMembers: z.number().describe('Contacts that were members already (adding is idempotent)'),
  notFound: z.array(z.string()).describe('Ids that are not contacts of this workspace'),
});
export const contact_lists_getOutput = ContactList;
export const contact_lists_listOutput = checkedOutput(z.looseObject({ data: z.array(ContactList), nextCursor }));
export const contact_lists_contactsOutput = checkedOutput(z.looseObject({ data: z.array(Contact), pageSize: z.number(), nextCursor }));
export const contact_lists_updateOutput = ContactList;
export const contact_lists_deleteOutput = z.looseObject({
  id: z.string().describe('Contact list id'),
  deleted: z.boolean(),
  membersRemoved: z.number().describe('Memberships removed with the list (the contacts stay)'),
});
export const contact_lists_remove_contactsOutput = z.looseObject({
  listId: z.string().describe('Contact list id'),
  removed: z.number().describe('Memberships ended'),
  notMembers: z.array(z.string()).describe('Ids that were not members of the list (unknown ids included)'),
});
const { id: listId, name: listName, type: listType } = ContactList.shape;
export const contacts_listsOutput = checkedOutput(
  z.looseObject({
    data: z.array(z.looseObject({ id: listId, name: listName, type: listType, memberCount: z.number().describe('Number of members') })),
    nextCursor,
  }),
);

import * as z from 'zod';
import { importResult } from '../companies/outputs.js';

/** Success answers of the contacts operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */

const at = (what: string) => z.string().describe(`${what} (ISO 8601)`);
const nextCursor = z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page');

const Channel = z.looseObject({
  type: z.string().describe('email | phone | personalEmail | linkedin | …'),
  value: z.string().describe('Normalised value (email lower-case, phone +digits)'),
  addedAt: at('Added'),
  duplicateOf: z.string().optional().describe('Another contact of this workspace already holds this value (its id)'),
  verification: z
    .looseObject({ result: z.string().describe('valid | invalid | risky | unknown'), reasons: z.array(z.string()), mx: z.string(), checkedAt: z.string() })
    .optional()
    .describe('Last email verification of this channel'),
});

export const Contact = z.looseObject({
  id: z.string().describe('Contact id'),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  position: z.string().optional().describe('Job title'),
  email: z.string().optional().describe('Primary email (also among channels)'),
  phone: z.string().optional(),
  companyId: z.string().optional().describe('The company the contact works for'),
  generic: z.boolean().optional().describe('A role address (info@, sales@) rather than a person'),
  channels: z.array(Channel).describe('Every way to reach the contact'),
  customFields: z.record(z.string(), z.unknown()).describe('Custom field values by slug (contacts_custom_fields_list names them)'),
  source: z
    .looseObject({
      kind: z.string().describe('manual | import | connector | …'),
      collectedAt: at('Collected'),
      sourceUrl: z.string().optional(),
      importId: z.string().optional(),
    })
    .describe('Where the contact came from (GDPR source disclosure)'),
  createdAt: at('Created'),
  updatedAt: at('Last changed'),
});

const ContactList = z.looseObject({
  id: z.string().describe('Contact list id'),
  name: z.string(),
  type: z.string().describe('STATIC (SMART lists are not supported for contacts)'),
  memberCount: z.number().optional().describe('Number of members'),
  createdAt: at('Created'),
  updatedAt: at('Last changed'),
});

export const contacts_createOutput = Contact;
export const contacts_getOutput = Contact;
export const contacts_updateOutput = Contact;
export const contacts_deleteOutput = z.looseObject({ id: z.string().describe('Contact id'), deleted: z.boolean() });

export const contacts_listOutput = z.looseObject({ data: z.array(Contact), pageSize: z.number().describe('Page size applied'), nextCursor });

export const ContactsController_addChannelOutput = z.looseObject({
  contactId: z.string().describe('Contact id'),
  type: z.string(),
  value: z.string().describe('Normalised value'),
  addedAt: at('Added'),
  duplicateOf: z.string().optional().describe('Another contact already holds this value (its id)'),
});

export const ContactsController_bulkOutput = z.looseObject({
  action: z.string().describe('The bulk action that ran'),
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  results: z
    .array(
      z.looseObject({
        id: z.string().describe('Contact id'),
        ok: z.boolean(),
        error: z
          .looseObject({ status: z.number(), message: z.union([z.string(), z.array(z.string())]) })
          .optional()
          .describe('Why this item failed (HTTP status and message)'),
      }),
    )
    .describe('One result per id, in request order'),
});

const importDone = { importId: z.string().describe('Recorded as source.importId on the contacts created'), ...importResult };

export const ContactsController_importStartOutput = z.looseObject({
  ...importDone,
  listId: z.string().optional().describe('The contact list the contacts were added to (options.listId or newListName)'),
});

export const ContactsController_importPreviewOutput = z.looseObject({
  preview: z.boolean().describe('Always true: nothing was written'),
  mapping: z.record(z.string(), z.unknown()).describe('The validated mapping {column: target}'),
  ...importResult,
  createdIds: z.array(z.unknown()).describe('Always empty in a preview'),
  rows: z
    .array(
      z.looseObject({
        index: z.number(),
        outcome: z.string().describe('create | update | skip | error'),
        sameContactAsRow: z.number().optional().describe('An earlier row of this request with the same email'),
      }),
    )
    .describe('The plan for each row'),
});

export const ContactListsController_createOutput = ContactList;
export const ContactListsController_addContactsOutput = z.looseObject({
  listId: z.string().describe('Contact list id'),
  added: z.number().describe('Contacts newly added'),
  alreadyMembers: z.number().describe('Contacts that were members already (adding is idempotent)'),
  notFound: z.array(z.string()).describe('Ids that are not contacts of this workspace'),
});
export const contact_lists_getOutput = ContactList;
export const contact_lists_listOutput = z.looseObject({ data: z.array(ContactList), nextCursor });
export const contact_lists_contactsOutput = z.looseObject({ data: z.array(Contact), pageSize: z.number(), nextCursor });
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
export const contacts_listsOutput = z.looseObject({
  data: z.array(
    z.looseObject({ id: z.string().describe('Contact list id'), name: z.string(), type: z.string(), memberCount: z.number().describe('Number of members') }),
  ),
  nextCursor,
});

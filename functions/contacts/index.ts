import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as contactsCreate } from './contacts_create.js';
import { operation as contactsList } from './contacts_list.js';
import { operation as contactsGet } from './contacts_get.js';
import { operation as contactsUpdate } from './contacts_update.js';
import { operation as contactsDelete } from './contacts_delete.js';
import { operation as addChannel } from './ContactsController_addChannel.js';
import { operation as bulk } from './ContactsController_bulk.js';
import { operation as importPreview } from './ContactsController_importPreview.js';
import { operation as importStart } from './ContactsController_importStart.js';
import { operation as importJob } from './ContactsController_importJob.js';
import { operation as listsCreate } from './ContactListsController_create.js';
import { operation as listsAdd } from './ContactListsController_addContacts.js';
import { operation as listsGet } from './contact_lists_get.js';
import { operation as listsList } from './contact_lists_list.js';
import { operation as listsMembers } from './contact_lists_contacts.js';
import { operation as listsUpdate } from './contact_lists_update.js';
import { operation as listsDelete } from './contact_lists_delete.js';
import { operation as listsRemove } from './contact_lists_remove_contacts.js';
import { operation as contactLists } from './contacts_lists.js';
import { operation as customFieldsCreate } from './contacts_custom_fields_create.js';
import { operation as customFieldsList } from './contacts_custom_fields_list.js';
import { operation as customFieldsUpdate } from './contacts_custom_fields_update.js';
import { operation as customFieldsUsage } from './contacts_custom_fields_usage.js';

/** Operations of the contacts domain: one file per operation (functions/contacts/<operationId>.ts). */
export const contactOperations: AnyOperation[] = [
  contactsCreate,
  contactsList,
  contactsGet,
  contactsUpdate,
  contactsDelete,
  addChannel,
  bulk,
  importPreview,
  importStart,
  importJob,
  listsCreate,
  listsAdd,
  listsGet,
  listsList,
  listsMembers,
  listsUpdate,
  listsDelete,
  listsRemove,
  contactLists,
  customFieldsCreate,
  customFieldsList,
  customFieldsUpdate,
  customFieldsUsage,
];

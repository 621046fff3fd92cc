import * as z from 'zod';

/** Success answers of the contacts operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const ContactListsController_addContactsOutput = z.looseObject({
  listId: z.string().describe("List id"),
  added: z.number(),
  alreadyMembers: z.number(),
  notFound: z.array(z.string()),
});

export const ContactListsController_createOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  type: z.string(),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
});

export const ContactsController_addChannelOutput = z.looseObject({
  contactId: z.string().describe("Contact id"),
  type: z.string(),
  value: z.string(),
  addedAt: z.string(),
  duplicateOf: z.string().optional(),
});

export const ContactsController_bulkOutput = z.looseObject({
  action: z.string(),
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  results: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    ok: z.boolean(),
    error: z.looseObject({
      status: z.number(),
      message: z.union([z.string(), z.array(z.string())]),
    }).optional(),
  })),
});

export const ContactsController_importPreviewOutput = z.looseObject({
  preview: z.boolean(),
  mapping: z.record(z.string(), z.unknown()),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.looseObject({
    index: z.number(),
    reason: z.string(),
  })),
  contactsCreated: z.number(),
  cfValuesSet: z.number(),
  createdIds: z.array(z.unknown()),
  rows: z.array(z.looseObject({
    index: z.number(),
    outcome: z.string(),
    sameContactAsRow: z.number().optional(),
  })),
});

export const ContactsController_importStartOutput = z.looseObject({
  importId: z.string(),
  created: z.number(),
  updated: z.number(),
  skipped: z.number(),
  errors: z.array(z.looseObject({
    index: z.number(),
    reason: z.string(),
  })),
  contactsCreated: z.number(),
  cfValuesSet: z.number(),
  createdIds: z.array(z.string()),
  listId: z.string().optional().describe("List id"),
});

export const contact_lists_contactsOutput = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    channels: z.array(z.looseObject({
      type: z.string(),
      value: z.string(),
      addedAt: z.string(),
    })),
    customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
    createdAt: z.string().describe("ISO 8601 time of creation"),
    firstName: z.string().optional(),
    source: z.looseObject({
      kind: z.string(),
      collectedAt: z.string(),
      sourceUrl: z.string().optional(),
      importId: z.string().optional(),
    }),
    updatedAt: z.string().describe("ISO 8601 time of the last change"),
    companyId: z.string().optional().describe("Company id (null when none)"),
    phone: z.string().optional(),
    email: z.string().optional().describe("Email address"),
  })).describe("The items of this page"),
  pageSize: z.number().describe("Page size applied"),
  nextCursor: z.string().nullable().describe("Cursor of the next page (pass it as `cursor`); null on the last page"),
});

export const contact_lists_getOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  type: z.string(),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
  memberCount: z.number(),
});

export const contact_lists_listOutput = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    name: z.string(),
    type: z.string(),
    createdAt: z.string().describe("ISO 8601 time of creation"),
    updatedAt: z.string().describe("ISO 8601 time of the last change"),
  })).describe("The items of this page"),
  nextCursor: z.string().nullable().describe("Cursor of the next page (pass it as `cursor`); null on the last page"),
});

export const contacts_createOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  channels: z.array(z.looseObject({
    type: z.string(),
    value: z.string(),
    addedAt: z.string(),
    duplicateOf: z.string().optional(),
  })),
  customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
  source: z.looseObject({
    kind: z.string(),
    collectedAt: z.string(),
    sourceUrl: z.string().optional(),
    importId: z.string().optional(),
  }),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  companyId: z.string().optional().describe("Company id (null when none)"),
  email: z.string().optional().describe("Email address"),
  phone: z.string().optional(),
});

export const contacts_deleteOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  deleted: z.boolean(),
});

export const contacts_getOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  channels: z.array(z.looseObject({
    type: z.string(),
    value: z.string(),
    addedAt: z.string(),
    duplicateOf: z.string().optional(),
    verification: z.looseObject({
      result: z.string(),
      reasons: z.array(z.string()),
      mx: z.string(),
      checkedAt: z.string(),
    }).optional(),
  })),
  customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
  source: z.looseObject({
    kind: z.string(),
    collectedAt: z.string(),
    sourceUrl: z.string().optional(),
    importId: z.string().optional(),
  }),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  firstName: z.string().optional(),
  position: z.string().optional(),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
  email: z.string().optional().describe("Email address"),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  companyId: z.string().optional().describe("Company id (null when none)"),
});

export const contacts_listOutput = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    channels: z.array(z.looseObject({
      type: z.string(),
      value: z.string(),
      addedAt: z.string(),
      duplicateOf: z.string().optional(),
    })),
    customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
    source: z.looseObject({
      kind: z.string(),
      collectedAt: z.string(),
      importId: z.string().optional(),
      sourceUrl: z.string().optional(),
    }),
    createdAt: z.string().describe("ISO 8601 time of creation"),
    firstName: z.string(),
    companyId: z.string().optional().describe("Company id (null when none)"),
    email: z.string().optional().describe("Email address"),
    updatedAt: z.string().describe("ISO 8601 time of the last change"),
    generic: z.boolean().optional(),
    position: z.string().optional(),
    lastName: z.string().optional(),
    phone: z.string().optional(),
  })).describe("The items of this page"),
  pageSize: z.number().describe("Page size applied"),
  nextCursor: z.string().nullable().describe("Cursor of the next page (pass it as `cursor`); null on the last page"),
});

export const contacts_updateOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  channels: z.array(z.looseObject({
    type: z.string(),
    value: z.string(),
    addedAt: z.string(),
  })),
  customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
  source: z.looseObject({
    kind: z.string(),
    collectedAt: z.string(),
  }),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  firstName: z.string(),
  companyId: z.string().describe("Company id (null when none)"),
  position: z.string(),
  email: z.string().describe("Email address"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
});

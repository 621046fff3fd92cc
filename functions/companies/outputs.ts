import * as z from 'zod';

/** Success answers of the companies operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
export const CompanyListsController_addCompaniesOutput = z.looseObject({
  listId: z.string().describe("List id"),
  added: z.number(),
  alreadyMembers: z.number(),
});

export const CompanyListsController_createOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  type: z.string(),
  filters: z.union([z.array(z.union([z.looseObject({
    field: z.string(),
    operator: z.string(),
    value: z.union([z.string(), z.number()]),
  }), z.number()])), z.string()]).nullable(),
  memberCount: z.number().nullable(),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
  evaluation: z.looseObject({
    status: z.string(),
    reason: z.string().optional(),
    message: z.string().optional(),
  }).optional(),
});

export const companies_createOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  domain: z.string().nullable(),
  inn: z.string().nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  size: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  source: z.string().nullable(),
  address: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
});

export const companies_custom_fields_createOutput = z.looseObject({
  entity: z.string(),
  slug: z.string(),
  label: z.string(),
  fieldType: z.string(),
  createdAt: z.string().describe("ISO 8601 time of creation"),
});

export const companies_custom_fields_listOutput = z.looseObject({
  data: z.array(z.looseObject({
    entity: z.string(),
    slug: z.string(),
    label: z.string(),
    fieldType: z.string(),
    createdAt: z.string().describe("ISO 8601 time of creation"),
  })).describe("The items of this page"),
});

export const companies_custom_fields_valuesOutput = z.looseObject({
  companyId: z.string().describe("Company id (null when none)"),
  data: z.array(z.looseObject({
    slug: z.string(),
    label: z.string(),
    fieldType: z.string(),
    value: z.union([z.string(), z.number()]).nullable(),
  })).describe("The items of this page"),
});

export const companies_deleteOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  deleted: z.boolean(),
});

export const companies_getOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  domain: z.string().nullable(),
  inn: z.string().nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  size: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.unknown(),
  description: z.string().nullable(),
  source: z.unknown(),
  address: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
});

export const companies_import_combinedOutput = z.looseObject({
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
});

export const companies_import_previewOutput = z.looseObject({
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
    matchedBy: z.string().optional(),
    duplicateOfRow: z.number().optional(),
  })),
});

export const companies_import_startOutput = z.looseObject({
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
  ignoredTargets: z.array(z.string()).optional(),
  listId: z.string().optional().describe("List id"),
});

export const companies_listOutput = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    name: z.string(),
    domain: z.string().nullable(),
    inn: z.string().nullable(),
    industry: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    size: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    source: z.string().nullable(),
    address: z.string().nullable(),
    customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
    createdAt: z.string().describe("ISO 8601 time of creation"),
    updatedAt: z.string().describe("ISO 8601 time of the last change"),
  })).describe("The items of this page"),
  nextCursor: z.string().nullable().describe("Cursor of the next page (pass it as `cursor`); null on the last page"),
  pageSize: z.number().describe("Page size applied"),
  examined: z.number(),
});

export const companies_updateOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  domain: z.string().nullable(),
  inn: z.string().nullable(),
  industry: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  size: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.unknown(),
  description: z.string().nullable(),
  source: z.unknown(),
  address: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
});

export const company_lists_getOutput = z.looseObject({
  id: z.string().describe("Identifier"),
  name: z.string(),
  type: z.string(),
  filters: z.unknown(),
  memberCount: z.number(),
  createdAt: z.string().describe("ISO 8601 time of creation"),
  updatedAt: z.string().describe("ISO 8601 time of the last change"),
});

export const company_lists_listOutput = z.looseObject({
  data: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    name: z.string(),
    type: z.string(),
    filters: z.unknown(),
    memberCount: z.number(),
    createdAt: z.string().describe("ISO 8601 time of creation"),
    updatedAt: z.string().describe("ISO 8601 time of the last change"),
  })).describe("The items of this page"),
  nextCursor: z.string().nullable().describe("Cursor of the next page (pass it as `cursor`); null on the last page"),
});

export const company_lists_membersOutput = z.looseObject({
  status: z.string(),
  listId: z.string().describe("List id"),
  type: z.string(),
  data: z.array(z.looseObject({
    id: z.string().describe("Identifier"),
    name: z.string(),
    domain: z.string().nullable(),
    inn: z.string().nullable(),
    industry: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
    size: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.unknown(),
    description: z.string().nullable(),
    source: z.unknown(),
    address: z.string().nullable(),
    customFields: z.record(z.string(), z.unknown()).describe("Custom field values by field slug"),
    createdAt: z.string().describe("ISO 8601 time of creation"),
    updatedAt: z.string().describe("ISO 8601 time of the last change"),
  })).nullable().describe("The items of this page"),
  nextCursor: z.string().nullable().describe("Cursor of the next page (pass it as `cursor`); null on the last page"),
  pageSize: z.number().optional().describe("Page size applied"),
  reason: z.string().optional(),
  message: z.string().optional(),
});

export const contacts_custom_fields_createOutput = z.looseObject({
  entity: z.string(),
  slug: z.string(),
  label: z.string(),
  fieldType: z.string(),
  createdAt: z.string().describe("ISO 8601 time of creation"),
});

export const contacts_custom_fields_listOutput = z.looseObject({
  data: z.array(z.looseObject({
    entity: z.string(),
    slug: z.string(),
    label: z.string(),
    fieldType: z.string(),
    createdAt: z.string().describe("ISO 8601 time of creation"),
  })).describe("The items of this page"),
});

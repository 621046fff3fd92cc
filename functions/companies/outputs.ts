import * as z from 'zod';
import { CompanyEntity } from '../../shared/crm/companies/entities.js';
import { CompanyListEntity, LIST_TYPES } from '../../shared/crm/company-lists/entities.js';
import { importResultSchema } from '../../shared/crm/imports/entities.js';
import { LeadEntity } from '../../shared/crm/leads/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/** Success answers of the companies operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */

const at = (what: string) => z.string().describe(`${what} (ISO 8601)`);
const nextCursor = z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page');

export const Company = CompanyEntity.output;

const CompanyList = CompanyListEntity.output;

const CustomField = z.looseObject({
  entity: z.string().describe('company or contact'),
  slug: z.string().describe('Key in customFields and in cf_<slug> filters/sorts'),
  label: z.string(),
  fieldType: z.string().describe('text | number | date'),
  createdAt: at('Created'),
});

const { created, updated, skipped, errors, contactsCreated, cfValuesSet, createdIds } = importResultSchema.shape;
/** What an import answers (preview: what it would do). */
export const importResult = { created, updated, skipped, errors, contactsCreated, cfValuesSet, createdIds };
/** What a synchronous import answers (a 202 answers its job instead: poll its status operation). */
export const importDone = z.looseObject({ ...importResultSchema.shape, importId: z.string().describe('Recorded as source.importId on what was created') });
/** A mapped column and its target, as the mapping was validated. */
export const mappedColumn = z.looseObject({ column: z.string().describe('Column of the rows'), target: z.string().describe('Its target') });

export const CompanyListsController_addCompaniesOutput = z.looseObject({
  listId: z.string().describe('Company list id'),
  added: z.number().describe('Companies newly added'),
  alreadyMembers: z.number().describe('Companies that were members already (adding is idempotent)'),
});

export const CompanyListsController_createOutput = checkedOutput(
  CompanyList.extend({
    evaluation: z
      .looseObject({
        status: z.string().describe('OK or UNSUPPORTED (SMART lists are stored, not evaluated)'),
        reason: z.string().optional(),
        message: z.string().optional(),
      })
      .optional(),
  }),
);

export const companies_createOutput = Company;
export const companies_getOutput = Company;
export const companies_updateOutput = Company;
export const companies_deleteOutput = checkedOutput(z.looseObject({ id: z.string().describe('Company id'), deleted: z.boolean() }));

export const companies_custom_fields_createOutput = CustomField;
export const companies_custom_fields_listOutput = z.looseObject({ data: z.array(CustomField).describe('Every company custom field') });
export const contacts_custom_fields_createOutput = CustomField;
export const contacts_custom_fields_listOutput = z.looseObject({ data: z.array(CustomField).describe('Every contact custom field') });

export const companies_custom_fields_updateOutput = CustomField;
export const contacts_custom_fields_updateOutput = CustomField;

const CustomFieldUsage = z.looseObject({
  entity: z.string().describe('company or contact'),
  slug: z.string(),
  label: z.string(),
  fieldType: z.string(),
  holders: z
    .looseObject({
      count: z.number().describe('Records holding a value of the field'),
      complete: z.boolean().describe('false: reading stopped at its bound and count is a lower bound'),
    })
    .describe('Companies (or contacts) with a value'),
  smartLists: z
    .looseObject({
      data: z.array(z.looseObject({ id: z.string().describe('Company list id'), name: z.string() })),
      complete: z.boolean().describe('false: not every list was checked'),
    })
    .describe('SMART company lists whose filter rules name cf_<slug>'),
});
export const companies_custom_fields_usageOutput = CustomFieldUsage;
export const contacts_custom_fields_usageOutput = CustomFieldUsage;

export const companies_custom_fields_valuesOutput = z.looseObject({
  companyId: z.string().describe('Company id'),
  data: z
    .array(
      z.looseObject({
        slug: z.string(),
        label: z.string(),
        fieldType: z.string(),
        value: z.union([z.string(), z.number()]).nullable().describe('null when unset'),
      }),
    )
    .describe('Every company custom field with this company’s value'),
});

export const companies_import_combinedOutput = checkedOutput(importDone);
export const companies_import_startOutput = checkedOutput(
  importDone.extend({
    ignoredTargets: z.array(z.string()).optional().describe('c: and cf: targets this operation does not import (use import/combined)'),
    listId: z.string().optional().describe('The company list the companies were added to (options.listId or newListName)'),
  }),
);
/**
 * What an import preview answers (companies and contacts alike): its mapping, the counts the import
 * would give, and the plan for each row (`row`: what a kind's plan adds to the index and outcome).
 */
export const importPreviewOutput = <M extends z.ZodRawShape, R extends z.ZodRawShape>(mapping: M, row: R) =>
  z.looseObject({
    preview: z.boolean().describe('Always true: nothing was written'),
    mapping: z.looseObject(mapping).describe('The validated mapping'),
    ...importResult,
    createdIds: z.array(z.string()).describe('Always empty in a preview'),
    rows: z
      .array(
        z.looseObject({
          index: z.number().describe('0-based row'),
          outcome: z.enum(['create', 'update', 'skip']).describe('What the import would do with the row (rows with errors are in errors[])'),
          ...row,
        }),
      )
      .describe('The plan for each row'),
  });

export const companies_import_previewOutput = checkedOutput(
  importPreviewOutput(
    {
      company: z.array(mappedColumn).describe('Columns mapped to company fields'),
      contact: z.array(mappedColumn).describe('Columns mapped to contact fields (target c:<field>)'),
      customFields: z.array(mappedColumn).describe('Columns mapped to company custom fields (target cf:<slug>)'),
      ignored: z.array(z.string()).describe('Targets this operation would not import'),
    },
    {
      matchedBy: z.string().optional().describe('domain or inn: the key that matched an existing company'),
      companyId: z.string().optional().describe('The existing company the row would update'),
      sameCompanyAsRow: z.number().optional().describe('An earlier row of this request whose company this row would merge into'),
      duplicateOf: z.string().optional().describe('The existing company this row duplicates'),
      duplicateOfRow: z.number().optional().describe('An earlier row of this request with the same key'),
    },
  ),
);

export const companies_listOutput = checkedOutput(
  z.looseObject({
    data: z.array(Company).describe('This page; may be short or empty while nextCursor is not null (work per call is bounded)'),
    nextCursor,
    pageSize: z.number().describe('Page size applied (max 200)'),
    examined: z.number().describe('Index entries examined for this page'),
  }),
);

const { id: listId, name: listName } = CompanyList.shape;
export const companies_listsOutput = checkedOutput(
  z.looseObject({
    data: z.array(
      z.looseObject({
        id: listId,
        name: listName,
        type: z.enum(LIST_TYPES).describe('STATIC or SMART'),
        memberCount: z.number().nullable().describe('STATIC lists: number of members; null for SMART'),
      }),
    ),
    nextCursor,
  }),
);
export const companies_leadsOutput = checkedOutput(
  z.looseObject({
    companyId: z.string().describe('Company id'),
    data: z.array(LeadEntity.output).describe('Leads of the company’s contacts, newest first'),
    complete: z.boolean().describe('false: the company has more contacts, or a contact more leads, than were read'),
  }),
);
export const company_lists_getOutput = CompanyList;
export const company_lists_listOutput = checkedOutput(z.looseObject({ data: z.array(CompanyList), nextCursor }));

export const company_lists_membersOutput = z.looseObject({
  status: z.string().describe('OK, or UNSUPPORTED for SMART lists (then data is null, with reason and message)'),
  listId: z.string().describe('Company list id'),
  type: z.string().describe('STATIC or SMART'),
  data: z.array(Company).nullable().describe('Member companies of this page; null when UNSUPPORTED'),
  nextCursor,
  pageSize: z.number().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listDefinitions } from '../../shared/crm/custom-fields/definitions.js';
import { COMPANY_FILTER_FIELDS, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, compileCompanyFilters, parseSort, queryCompanies } from '../../shared/crm/companies/list.js';
import { problemError } from '../../shared/crm/filters/filters.js';
import { lambdaHandler } from '../lambda.js';
import { companies_listOutput } from './outputs.js';

export const operation = defineOperation({
  operationId: 'companies_list',
  method: 'GET',
  path: '/api/companies',
  tag: 'companies',
  summary: 'List companies (filters, sort, cursor pages)',
  description:
    'Companies of the workspace, newest first unless sorted; filters are JSON rules ANDed together (see the filters parameter). ' +
    'Unknown field → 400 unknown_filter_field (with the available ones); bad operator or value → 400 malformed_filter. Keep paging while nextCursor is not null.',
  output: companies_listOutput,
  access: 'tenant',
  scope: 'crm:read',
  input: {
    query: z.strictObject({
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().describe(`1-${MAX_PAGE_SIZE}, default ${DEFAULT_PAGE_SIZE}`),
      cursor: z.string().max(2000).optional().describe("The previous page's nextCursor (opaque)"),
      sort: z.string().max(80).optional().describe('createdAt | -createdAt (default) | name | -name | cf_<number slug> | -cf_<number slug>'),
      filters: z
        .string()
        .max(10_000)
        .optional()
        .describe(
          'JSON array of {field, operator, value}. Text fields ' +
            Object.keys(COMPANY_FILTER_FIELDS)
              .filter((f) => COMPANY_FILTER_FIELDS[f] === 'text')
              .join(', ') +
            ': contains, equals, isEmpty (case-insensitive; isEmpty value true|false). createdAt, updatedAt: before, after (ISO 8601). ' +
            'contacts: contains, equals on the names and emails of the company contacts. cf_<slug>: number gt, gte, lt, lte, equals; text contains, equals, isEmpty; date before, after. ' +
            'Without sort, a number cf rule orders the list by that field. Work per call is bounded (~1000 index entries): a selective filter can give a short or empty page with a nextCursor.',
        ),
    }),
  },
  hints: { readOnly: true, idempotent: true },
  handler: async ({ query }, ctx) => {
    const table = requireTenant(ctx).table;
    const defs = await listDefinitions(table, 'company');
    const parsed = await compileCompanyFilters(table, query.filters, defs);
    if (!parsed.ok) throw problemError(parsed.problem);
    const sort = parseSort(query.sort, defs);
    return queryCompanies(table, { pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE, cursor: query.cursor, sort, rules: parsed.rules });
  },
  guidance: (page) =>
    page.nextCursor
      ? { next: 'companies_list', why: `${page.data.length} companies on this page; pass nextCursor for more.` }
      : { next: 'CompanyListsController_create', why: 'End of the list; save this audience as a STATIC or SMART company list.' },
});
export const handler = lambdaHandler(operation);

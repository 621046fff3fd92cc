import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as companies_create } from './companies_create.js';
import { operation as companies_get } from './companies_get.js';
import { operation as companies_update } from './companies_update.js';
import { operation as companies_delete } from './companies_delete.js';
import { operation as companies_list } from './companies_list.js';
import { operation as companies_custom_fields_create } from './companies_custom_fields_create.js';
import { operation as companies_custom_fields_list } from './companies_custom_fields_list.js';
import { operation as companies_custom_fields_values } from './companies_custom_fields_values.js';
import { operation as companies_custom_fields_update } from './companies_custom_fields_update.js';
import { operation as companies_custom_fields_usage } from './companies_custom_fields_usage.js';
import { operation as companies_lists } from './companies_lists.js';
import { operation as companies_leads } from './companies_leads.js';
import { operation as company_lists_list } from './company_lists_list.js';
import { operation as company_lists_get } from './company_lists_get.js';
import { operation as company_lists_members } from './company_lists_members.js';
import { operation as CompanyListsController_create } from './CompanyListsController_create.js';
import { operation as CompanyListsController_addCompanies } from './CompanyListsController_addCompanies.js';
import { operation as companies_import_preview } from './companies_import_preview.js';
import { operation as companies_import_start } from './companies_import_start.js';
import { operation as companies_import_combined } from './companies_import_combined.js';
import { operation as companies_import_job_get } from './companies_import_job_get.js';
import { operation as companies_import_jobs_list } from './companies_import_jobs_list.js';

/** Operations of the companies domain: one file per operation (functions/companies/<operationId>.ts). */
export const companyOperations: AnyOperation[] = [
  // companies, their custom fields, company lists
  companies_create,
  companies_get,
  companies_update,
  companies_delete,
  companies_list,
  companies_custom_fields_create,
  companies_custom_fields_list,
  companies_custom_fields_values,
  companies_custom_fields_update,
  companies_custom_fields_usage,
  companies_lists,
  companies_leads,
  company_lists_list,
  company_lists_get,
  company_lists_members,
  CompanyListsController_create,
  CompanyListsController_addCompanies,
  // imports (companies_import_*)
  companies_import_preview,
  companies_import_start,
  companies_import_combined,
  companies_import_job_get,
  companies_import_jobs_list,
];

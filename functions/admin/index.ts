import type { AnyOperation } from '../../shared/platform/registry/operation.js';
import { operation as registrationsList } from './admin_registrations_list.js';
import { operation as registrationsApprove } from './admin_registrations_approve.js';
import { operation as registrationsReject } from './admin_registrations_reject.js';
import { operation as tenantsList } from './admin_tenants_list.js';
import { operation as tenantsCredit } from './admin_tenants_credit.js';
import { operation as tenantsQuestionnaire } from './admin_tenants_questionnaire.js';
import { operation as questionnairesList } from './admin_questionnaires_list.js';
import { operation as campaignsModerate } from './admin_campaigns_moderate.js';

/** Operations of the admin domain: one file per operation (functions/admin/<operationId>.ts). */
export const adminOperations: AnyOperation[] = [
  registrationsList,
  registrationsApprove,
  registrationsReject,
  tenantsList,
  tenantsCredit,
  tenantsQuestionnaire,
  questionnairesList,
  campaignsModerate,
];

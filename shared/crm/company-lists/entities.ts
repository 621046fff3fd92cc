import * as z from 'zod';
import { defineEntity } from '../../platform/data/entity.js';

export const LIST_TYPES = ['STATIC', 'SMART'] as const;

/**
 * A company list; gsi1 lists every list in creation order. A STATIC list stores its memberCount, a
 * SMART list its filters: a read answers null for the one a list lacks.
 */
export const CompanyListEntity = defineEntity({
  entity: 'company_list',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CLIST#${listId}', sk: 'CLIST' },
    all: { index: 'gsi1', pk: 'CLISTS', sk: '${listId}' },
  },
  attributes: {
    id: z.string().describe('Company list id'),
    name: z.string(),
    type: z.enum(LIST_TYPES).describe('STATIC (explicit members) or SMART (filters; not evaluated: members answer UNSUPPORTED)'),
    filters: z.unknown().describe('SMART lists: the filter rules; null for STATIC'),
    memberCount: z.number().nullable().describe('STATIC lists: number of members'),
    createdAt: z.string().describe('Created (ISO 8601)'),
    updatedAt: z.string().describe('Last changed (ISO 8601)'),
  },
});

/** A member of a STATIC list (SMART lists are evaluated on read). */
export const CompanyListMember = defineEntity({
  entity: 'company_list_member',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CLIST#${listId}', sk: 'MEMBER#${companyId}' } },
});

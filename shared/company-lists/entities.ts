import { defineEntity } from '../data/entity.js';

/** A company list; gsi1 lists every list in creation order. */
export const CompanyListEntity = defineEntity({
  entity: 'company_list',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'CLIST#${listId}', sk: 'CLIST' },
    all: { index: 'gsi1', pk: 'CLISTS', sk: '${listId}' },
  },
});

/** A member of a STATIC list (SMART lists are evaluated on read). */
export const CompanyListMember = defineEntity({
  entity: 'company_list_member',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'CLIST#${listId}', sk: 'MEMBER#${companyId}' } },
});

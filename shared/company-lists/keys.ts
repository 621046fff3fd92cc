/**
 * Tenant-table keys of company lists.
 * - list:   CLIST#<id> / CLIST                 gsi1: CLISTS / <id>  (every list, creation order)
 * - member: CLIST#<id> / MEMBER#<companyId>    (STATIC lists only; SMART lists are evaluated on read)
 */
export const CompanyListKeys = {
  list: (listId: string) => ({ pk: `CLIST#${listId}`, sk: 'CLIST' }),
  listIndex: (listId: string) => ({ gsi1pk: COMPANY_LISTS, gsi1sk: listId }),
  member: (listId: string, companyId: string) => ({ pk: `CLIST#${listId}`, sk: `${MEMBER_PREFIX}${companyId}` }),
};
export const COMPANY_LISTS = 'CLISTS';
export const MEMBER_PREFIX = 'MEMBER#';

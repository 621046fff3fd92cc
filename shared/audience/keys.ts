/**
 * Tenant-table keys of audience hygiene, declared once.
 *
 * - suppression: SUPPRESSION#<hash> / SUPPRESSION   (gsi1: SUPPRESSIONS / <createdAt>#<hash>)
 *     hash = SHA-256 hex of the normalised address, or of `@<domain>` for a domain entry, so every
 *     look-up is by hash and an erased address is stored as its hash alone.
 * - stop-list:   STOPLIST#<id> / STOPLIST          (gsi1: STOPLIST / <createdAt>#<id>)
 *     id = `domain:<domain>` or `company:<companyId>`.
 * - DSAR:        DSAR#<id> / DSAR                  (gsi1: DSARS / <createdAt>#<id>)
 */
export const AudienceKeys = {
  suppression: (hash: string) => ({ pk: `SUPPRESSION#${hash}`, sk: 'SUPPRESSION' }),
  suppressionIndex: (createdAt: string, hash: string) => ({ gsi1pk: SUPPRESSIONS_INDEX, gsi1sk: `${createdAt}#${hash}` }),
  stopList: (id: string) => ({ pk: `STOPLIST#${id}`, sk: 'STOPLIST' }),
  stopListIndex: (createdAt: string, id: string) => ({ gsi1pk: STOPLIST_INDEX, gsi1sk: `${createdAt}#${id}` }),
  dsar: (id: string) => ({ pk: `DSAR#${id}`, sk: 'DSAR' }),
  dsarIndex: (createdAt: string, id: string) => ({ gsi1pk: DSARS_INDEX, gsi1sk: `${createdAt}#${id}` }),
};

export const SUPPRESSIONS_INDEX = 'SUPPRESSIONS';
export const STOPLIST_INDEX = 'STOPLIST';
export const DSARS_INDEX = 'DSARS';

import { operation as create } from './keys_create.js';
import { operation as list } from './keys_list.js';
import { operation as revoke } from './keys_revoke.js';

/** API keys of an account: more keys with narrower scopes for its agents, last use, revocation. */
export const keysOperations = [create, list, revoke];

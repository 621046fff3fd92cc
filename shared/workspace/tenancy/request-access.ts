import { authenticate } from '../identity/authenticate.js';
import type { RequestAccess } from '../../platform/runtime/deps.js';
import { resolveTenant } from './resolve-tenant.js';

/** What the composition roots wire as `deps.access`: the request pipeline's authentication and tenant resolution. */
export const requestAccess: RequestAccess = { authenticate, resolveTenant };

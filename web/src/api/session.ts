import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/** GET /v1/me: who the session belongs to, and where a registration stands. */
export interface Me {
  flow: 'sandbox' | 'full' | 'register' | string;
  email: string;
  scope: 'sandbox' | 'pending' | 'approved' | string;
  status?: 'PENDING' | 'ACTIVE' | 'SUSPENDED' | string;
  state?: string;
  tenant_id?: string;
}

/** GET /api/tenants (tenants_list): the caller's workspaces and role in each. */
export interface Workspace {
  tenantId: string;
  name: string;
  role: 'SUPER' | 'ADMIN' | 'MEMBER';
  status: string;
  isDefault: boolean;
  joinedAt: string;
}

export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => api.get<Me>('/v1/me', { signal, noTenant: true }),
  staleTime: 60_000,
  meta: { signInRedirect: false },
});

export const workspacesQuery = queryOptions({
  queryKey: queryKeys.workspaces,
  queryFn: ({ signal }) => api.get<{ data: Workspace[] }>('/api/tenants', { signal, noTenant: true }).then((r) => r.data),
  staleTime: 60_000,
});

/** POST /api/auth/login: the answer's profile is not kept; /v1/me and /api/tenants are read after it. */
export const login = (body: { email: string; password: string }) => api.post<{ expiresAt: string }>('/api/auth/login', body, { noTenant: true });
export const logout = () => api.post<void>('/api/auth/logout', {}, { noTenant: true });

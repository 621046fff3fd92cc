import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import type { CustomFieldDefinition } from './filters';

/** Shapes and shared queries of the CRM pages (the spec's companies, contacts and lists answers). */
export interface Company {
  id: string;
  name: string;
  domain: string | null;
  inn: string | null;
  industry: string | null;
  city: string | null;
  country: string | null;
  size: string | null;
  phone: string | null;
  website: string | null;
  description: string | null;
  source: string | null;
  address: string | null;
  customFields: Record<string, string | number>;
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface Channel {
  type: string;
  value: string;
  duplicateOf?: string;
}

export interface Contact {
  id: string;
  firstName?: string;
  lastName?: string;
  position?: string;
  email?: string;
  phone?: string;
  personalEmail?: string;
  linkedin?: string;
  companyId?: string;
  channels: Channel[];
  customFields: Record<string, unknown>;
  source?: { kind: string; sourceUrl?: string; collectedAt?: string; importId?: string };
  createdAt: string;
}

export interface ContactList {
  id: string;
  name: string;
  type: string;
  memberCount?: number;
  createdAt: string;
}

export interface CompanyList {
  id: string;
  name: string;
  type: 'STATIC' | 'SMART' | string;
  filters: unknown;
  memberCount: number | null;
  createdAt: string;
}

export type Entity = 'company' | 'contact';

const CUSTOM_FIELDS_PATH: Record<Entity, string> = { company: '/api/companies/custom-fields', contact: '/api/contacts/custom-fields' };

export const customFieldsQuery = (tenantId: string, entity: Entity) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'crm', 'custom-fields', entity),
    queryFn: ({ signal }) => api.get<{ data: CustomFieldDefinition[] }>(CUSTOM_FIELDS_PATH[entity], { signal }),
    staleTime: 60_000,
  });

export const customFieldsPath = (entity: Entity) => CUSTOM_FIELDS_PATH[entity];

export const contactName = (c: Contact) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || c.id;

export const formatDate = (iso: string) => (iso ? iso.slice(0, 10) : '');

/** Contact lists for a choice (add to a list): the first 100, oldest first. */
export const contactListsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'crm', 'contact-lists', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<Page<ContactList>>('/api/contact-lists', { signal, query: { pageSize: 100 } }),
  });

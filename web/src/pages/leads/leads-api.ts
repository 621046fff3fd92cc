import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import type { ActionType, Interest, StageKind } from './leads-values';

/** Shapes and shared queries of the leads pages (pipelines_list, pipelines_get, LeadsController_* answers). */
export interface Stage {
  id: string;
  name: string;
  kind: StageKind | string;
  position: number;
  leadCount: number;
}

export interface Pipeline {
  id: string;
  name: string;
  isDefault: boolean;
  leadCount: number;
  stages: Stage[];
  createdAt: string;
}

export interface AutomationAction {
  type: ActionType | string;
  title?: string;
  dueInDays?: number;
  text?: string;
  message?: string;
  name?: string;
}

export interface Automation {
  id: string;
  stageId: string;
  name?: string;
  trigger: string;
  actions: AutomationAction[];
  createdAt: string;
}

export interface Lead {
  id: string;
  title: string | null;
  interest: Interest | string;
  status: string;
  contact?: { id: string; firstName?: string | null; lastName?: string | null; email?: string | null } | null;
}

/** Everything the leads area caches: one invalidation after a write refreshes the board, the dossier and the pipelines. */
export const leadsKey = (tenantId: string) => workspaceKey(tenantId, 'leads');

export const pipelinesQuery = (tenantId: string) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'leads', 'pipelines'),
    queryFn: ({ signal }) => api.get<{ data: Pipeline[]; nextCursor: string | null }>('/api/pipelines', { signal, query: { pageSize: 100 } }),
  });

export const pipelineQuery = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: workspaceKey(tenantId, 'leads', 'pipeline', id),
    queryFn: ({ signal }) => api.get<Pipeline & { automations: Automation[] }>(`/api/pipelines/${encodeURIComponent(id)}`, { signal }),
  });

export const pipelinePath = (id: string) => `/leads/pipelines/${encodeURIComponent(id)}`;
export const boardPath = (pipelineId: string) => `/leads?pipeline=${encodeURIComponent(pipelineId)}`;

export const leadName = (lead: Lead) =>
  lead.title || [lead.contact?.firstName, lead.contact?.lastName].filter(Boolean).join(' ') || lead.contact?.email || 'Untitled lead';

/** LeadsController_setInterest; the whole leads area is refreshed after it (the card, the dossier, its timeline). */
export function useSetInterest(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leadId, ...body }: { leadId: string; interest: string; note?: string }) =>
      api.post<Lead>(`/api/leads/${encodeURIComponent(leadId)}/interest`, body),
    meta: { action: 'change leads' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsKey(tenantId) }),
  });
}

/** A write of the pipelines operations: on success the leads area is refreshed, so the board shows it at once. */
export function usePipelineWrite<TBody, TOut>(tenantId: string, write: (body: TBody) => Promise<TOut>, action: string, onDone?: (out: TOut) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    meta: { action },
    onSuccess: async (out) => {
      await queryClient.invalidateQueries({ queryKey: leadsKey(tenantId) });
      onDone?.(out);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { outcomeInWords, runBounded } from '../../components/bounded';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import type { CompanyList, Page } from './crm-api';

/** What to do with the selected companies: add them to a STATIC list, or delete them. */
export function BulkCompanyActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const uid = useId();
  const [listId, setListId] = useState('');
  const [outcome, setOutcome] = useState('');
  const lists = useQuery({
    queryKey: workspaceKey(t, 'crm', 'company-lists', { pageSize: 100 }),
    queryFn: ({ signal }) => api.get<Page<CompanyList>>('/api/company-lists', { signal, query: { pageSize: 100 } }),
    enabled: ids.length > 0,
  });
  const staticLists = (lists.data?.data ?? []).filter((l) => l.type === 'STATIC');
  const addToList = useMutation({
    mutationFn: (id: string) =>
      api.post<{ added: number; alreadyMembers: number }>(`/api/company-lists/${encodeURIComponent(id)}/companies`, { companyIds: ids }),
    meta: { action: 'change company lists' },
    onSuccess: (r) => {
      setOutcome(`Added ${r.added}; ${r.alreadyMembers} already in the list.`);
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'company-lists') });
      onDone();
    },
  });
  // The API has no bulk delete for companies: one DELETE per row, four at a time, every outcome counted.
  const remove = useMutation({
    mutationFn: () => runBounded(ids, 4, (id) => api.delete(`/api/companies/${encodeURIComponent(id)}`), 'delete companies'),
    meta: { action: 'delete companies' },
    onSuccess: (result) => {
      setOutcome(outcomeInWords('Deleted', result, 'company', 'companies'));
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'companies') });
      onDone();
    },
  });
  const error = addToList.error ?? remove.error;
  return (
    <div className="toolbar" aria-label="Bulk actions" role="group">
      <span>{ids.length} selected</span>
      {ids.length > 0 && (
        <>
          <label htmlFor={`${uid}-list`}>List</label>
          <select id={`${uid}-list`} value={listId} onChange={(e) => setListId(e.target.value)}>
            <option value="">Choose a static list</option>
            {staticLists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" disabled={!listId || addToList.isPending} onClick={() => addToList.mutate(listId)}>
            Add to list
          </button>
          <button
            type="button"
            className="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(`Delete ${ids.length} selected ${ids.length === 1 ? 'company' : 'companies'}?`)) remove.mutate();
            }}
          >
            Delete selected
          </button>
        </>
      )}
      <span role="status">{error ? describeError(error, addToList.error ? 'change company lists' : 'delete companies') : outcome}</span>
    </div>
  );
}

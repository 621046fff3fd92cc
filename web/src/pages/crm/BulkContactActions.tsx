import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { outcomeInWords } from '../../components/bounded';
import { ConfirmAction } from '../../components/ConfirmAction';
import { contactListsQuery } from './crm-api';

interface BulkResult {
  succeeded: number;
  failed: number;
  results: { id: string; ok: boolean; error?: { status: number; message: string | string[] } }[];
}

/**
 * What to do with the selected contacts: add them to a contact list (ContactListsController_addContacts,
 * one call) or delete them (ContactsController_bulk, one call; each id reports its own outcome).
 */
export function BulkContactActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const uid = useId();
  const [listId, setListId] = useState('');
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState('');
  const lists = useQuery({ ...contactListsQuery(t), enabled: ids.length > 0 });
  const addToList = useMutation({
    mutationFn: (id: string) =>
      api.post<{ added: number; alreadyMembers: number; notFound: string[] }>(`/api/contact-lists/${encodeURIComponent(id)}/contacts`, { contactIds: ids }),
    meta: { action: 'change contact lists' },
    onSuccess: (r) => {
      const missing = r.notFound.length ? `; ${r.notFound.length} no longer exist` : '';
      setOutcome(`Added ${r.added}; ${r.alreadyMembers} already in the list${missing}.`);
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contact-lists') });
      onDone();
    },
  });
  const remove = useMutation({
    mutationFn: () => api.post<BulkResult>('/api/contacts/bulk', { action: 'delete', ids }),
    meta: { action: 'delete contacts' },
    onSuccess: (r) => {
      const failed = r.results.filter((x) => !x.ok).map((x) => ({ id: x.id, reason: [x.error?.message ?? 'failed'].flat().join(' ') }));
      setOutcome(outcomeInWords('Deleted', { succeeded: r.succeeded, failed }, 'contact', 'contacts'));
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contacts') });
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'crm', 'contact-lists') });
      onDone();
    },
  });
  const error = addToList.error ?? remove.error;
  const count = `${ids.length} selected ${ids.length === 1 ? 'contact' : 'contacts'}`;
  return (
    <div className="toolbar" aria-label="Bulk actions" role="group">
      <span>{ids.length} selected</span>
      {ids.length > 0 && (
        <>
          <label htmlFor={`${uid}-list`}>Contact list</label>
          <select id={`${uid}-list`} value={listId} onChange={(e) => setListId(e.target.value)}>
            <option value="">Choose a list</option>
            {(lists.data?.data ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" disabled={!listId || addToList.isPending} onClick={() => addToList.mutate(listId)}>
            Add to list
          </button>
          <ConfirmAction
            asking={asking}
            onAsk={() => setAsking(true)}
            onCancel={() => setAsking(false)}
            onConfirm={() => remove.mutate()}
            pending={remove.isPending}
            action="Delete selected"
            question={`Delete ${count} with their channels and list memberships?`}
          />
        </>
      )}
      <span role="status">{error ? describeError(error, addToList.error ? 'change contact lists' : 'delete contacts') : outcome}</span>
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { inboxKey, type DialogThread } from './inbox-api';

/** The dialog's lead: a link when there is one, else "Create a lead" (DialogsController_createLead, on the default pipeline). */
export function LeadFromDialog({ dialog }: { dialog: DialogThread }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => api.post<{ id: string }>(`/api/dialogs/${encodeURIComponent(dialog.id)}/lead`, {}),
    meta: { action: 'create leads' },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: inboxKey(t) }), queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'leads') })]),
  });
  const leadId = create.data?.id ?? dialog.leadId;
  if (leadId)
    return (
      <p role="status">
        Lead: <Link to={`/leads/${encodeURIComponent(leadId)}`}>open the lead</Link>
      </p>
    );
  if (!dialog.contactId) return <p className="muted">No contact matches this address, so no lead can be made from it yet.</p>;
  const noPipeline = create.error && describeError(create.error).includes('no default pipeline');
  return (
    <div className="actions">
      <button type="button" className="secondary" disabled={create.isPending} onClick={() => create.mutate()}>
        Create a lead from this dialog
      </button>
      {create.error && (
        <p className="error-text" role="alert">
          {noPipeline ? (
            <>
              There is no default pipeline to put the lead on. <Link to="/leads/pipelines">Create a pipeline</Link> first.
            </>
          ) : (
            describeError(create.error, 'create leads')
          )}
        </p>
      )}
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { leaveDeleted } from '../../api/leave-deleted';
import { workspaceKey } from '../../api/query-keys';
import { useWorkspace } from '../../app/workspace';
import { ConfirmAction } from '../../components/ConfirmAction';
import { ActionError } from './ActionError';
import type { CampaignPatch } from './campaign-edit';
import { campaignKey, campaignPath, type Campaign } from './campaigns-api';
import { EditForm } from './EditForm';

/**
 * Edit (CampaignsController_update: name, creatives, send window, sender) and delete
 * (CampaignsController_delete, asked first; refused while ACTIVE). A change of the window or the sender
 * fetches a single-use capability receipt first, as the API requires of every caller.
 */
export function EditPanel({ campaign: c }: { campaign: Campaign }) {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const update = useMutation({
    mutationFn: async ({ body, needsReceipt }: CampaignPatch) => {
      const receipt = needsReceipt ? await api.get<{ receipt: string; header: string }>('/api/v1/agent-guide/campaign-sender-capability') : null;
      return api.patch<Campaign>(campaignPath(c.id), body, receipt ? { headers: { [receipt.header]: receipt.receipt } } : undefined);
    },
    meta: { action: 'change campaigns' },
    onSuccess: (after) => {
      queryClient.setQueryData(campaignKey(t, c.id, 'campaign'), after);
      void queryClient.invalidateQueries({ queryKey: workspaceKey(t, 'campaigns') });
      setEditing(false);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(campaignPath(c.id)),
    meta: { action: 'delete campaigns' },
    onSuccess: () => leaveDeleted(queryClient, { id: c.id, area: workspaceKey(t, 'campaigns'), leave: () => navigate('/campaigns') }),
  });
  return (
    <section className="page-section" aria-labelledby="edit-heading">
      <h2 id="edit-heading">Change or delete</h2>
      <div className="actions">
        <button
          type="button"
          className="secondary"
          aria-expanded={editing}
          onClick={() => {
            setEditing((e) => !e);
            setUnchanged(false);
            update.reset();
          }}
        >
          Edit campaign
        </button>
        {c.status === 'ACTIVE' ? (
          <span className="muted">An active campaign cannot be deleted: pause it first.</span>
        ) : (
          <ConfirmAction
            asking={asking}
            onAsk={() => setAsking(true)}
            onCancel={() => setAsking(false)}
            onConfirm={() => remove.mutate()}
            pending={remove.isPending}
            action="Delete campaign"
            question={`Delete ${c.name} with its recipients and log? Unsent emails are cancelled; sent mail keeps its history.`}
          />
        )}
      </div>
      <ActionError error={remove.error} action="delete campaigns" />
      {update.isSuccess && !editing && <p role="status">Campaign saved.</p>}
      {editing && (
        <EditForm
          campaign={c}
          error={update.error}
          pending={update.isPending}
          unchanged={unchanged}
          onSubmit={(patch) => {
            setUnchanged(Object.keys(patch.body).length === 0);
            if (Object.keys(patch.body).length) update.mutate(patch);
          }}
        />
      )}
    </section>
  );
}

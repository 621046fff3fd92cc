import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { leaveDeleted } from '../../api/leave-deleted';
import { canAdminister, useWorkspace } from '../../app/workspace';
import { ConfirmAction } from '../../components/ConfirmAction';
import { QueryState } from '../../components/QueryState';
import { ContentCheckPanel } from './ContentCheckPanel';
import { CreativeEditor } from './CreativeEditor';
import { CHANNEL_TYPES, contactLabel, creativePath, creativeQuery, creativesKey, previewContactsQuery, sendersQuery, type Creative } from './creatives-api';
import { PdfPanel } from './PdfPanel';
import { PlacementPanel } from './PlacementPanel';
import { PreviewPanel } from './PreviewPanel';
import { TestSendPanel } from './TestSendPanel';

/**
 * One creative: its editor, then everything that reads the saved version for a chosen recipient
 * (preview, content check, test send, PDF, inbox placement), channel moderation, delete.
 */
export default function CreativePage() {
  const { id = '' } = useParams();
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const creative = useQuery(creativeQuery(t, id));
  const contacts = useQuery(previewContactsQuery(t));
  const senders = useQuery(sendersQuery(t));
  const [contactId, setContactId] = useState('');
  const [dirty, setDirty] = useState(false);
  return (
    <div className="page page-wide">
      <QueryState query={creative} label="the creative">
        {(c) => (
          <>
            <h1>{c.name}</h1>
            <p className="muted">
              {c.type} creative · content version {c.contentVersion}
              {c.moderationStatus ? ` · moderation: ${c.moderationStatus.toLowerCase()}` : ''}
              {c.briefId ? (
                <>
                  {' · '}
                  <Link to={`/briefs/${encodeURIComponent(c.briefId)}`}>Its brief</Link>
                </>
              ) : null}
            </p>
            <CreativeEditor key={c.id} tenantId={t} creative={c} onDirty={setDirty} />
            <div className="field recipient-choice">
              <label htmlFor="recipient">Recipient for the preview, check, test send and PDF</label>
              <select id="recipient" value={contactId} onChange={(e) => setContactId(e.target.value)}>
                <option value="">No contact (variables without fallback stay unresolved)</option>
                {(contacts.data?.data ?? []).map((x) => (
                  <option key={x.id} value={x.id}>
                    {contactLabel(x)}
                  </option>
                ))}
              </select>
            </div>
            <PreviewPanel tenantId={t} creative={c} contactId={contactId} dirty={dirty} />
            <ContentCheckPanel creative={c} contactId={contactId} />
            <TestSendPanel tenantId={t} creative={c} contactId={contactId} senders={senders.data?.data ?? []} />
            <PdfPanel tenantId={t} creative={c} contactId={contactId} />
            <PlacementPanel tenantId={t} creative={c} contactId={contactId} senders={senders.data?.data ?? []} />
            {CHANNEL_TYPES.includes(c.type) && canAdminister(workspace) && <Moderation tenantId={t} creative={c} />}
            <DeleteCreative tenantId={t} creative={c} />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** A channel creative is used only once an ADMIN approved it; a content change puts it back to pending. */
function Moderation({ tenantId, creative }: { tenantId: string; creative: Creative }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const moderate = useMutation({
    mutationFn: (action: 'approve' | 'reject') => api.post<Creative>(`${creativePath(creative.id)}/moderate`, { action, ...(reason.trim() ? { reason } : {}) }),
    meta: { action: 'moderate creatives' },
    onSuccess: (c) => {
      queryClient.setQueryData(creativesKey(tenantId, 'one', creative.id), c);
      void queryClient.invalidateQueries({ queryKey: creativesKey(tenantId, 'list') });
    },
  });
  return (
    <section aria-labelledby="moderation-heading" className="page-section">
      <h2 id="moderation-heading">Moderation</h2>
      <p>
        Status: <strong>{creative.moderationStatus?.toLowerCase() ?? 'none'}</strong>
      </p>
      <div className="field">
        <label htmlFor="moderation-reason">Reason (optional)</label>
        <input id="moderation-reason" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="actions">
        <button type="button" onClick={() => moderate.mutate('approve')} disabled={moderate.isPending || creative.moderationStatus === 'APPROVED'}>
          Approve creative
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => moderate.mutate('reject')}
          disabled={moderate.isPending || creative.moderationStatus === 'REJECTED'}
        >
          Reject creative
        </button>
      </div>
      {moderate.error ? (
        <p className="error-text" role="alert">
          {describeError(moderate.error, 'moderate creatives')}
        </p>
      ) : null}
    </section>
  );
}

function DeleteCreative({ tenantId, creative }: { tenantId: string; creative: Creative }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.delete(creativePath(creative.id)),
    meta: { action: 'delete creatives' },
    onSuccess: () => leaveDeleted(queryClient, { id: creative.id, area: creativesKey(tenantId), leave: () => navigate('/creatives') }),
  });
  return (
    <section aria-labelledby="delete-heading" className="page-section">
      <h2 id="delete-heading">Delete</h2>
      <ConfirmAction
        asking={asking}
        onAsk={() => setAsking(true)}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        action="Delete creative"
        question={`Delete ${creative.name}?`}
      />
      {remove.error ? (
        <p className="error-text" role="alert">
          {describeError(remove.error, 'delete creatives')}
        </p>
      ) : null}
    </section>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { FormErrors, TextAreaField, useFormErrors } from '../../components/form';
import { actorInWords, readDecision, type Approvals } from './approvals-api';

type Action = 'approve' | 'reject';

/** A channel creative awaiting moderation; an ADMIN approves or rejects it with a reason (CreativesController_moderateChannelCreative). */
export function CreativeReview({
  creative,
  tenantId,
  canModerate,
  onDecided,
}: {
  creative: Approvals['creatives'][number];
  tenantId: string;
  canModerate: boolean;
  onDecided: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [action, setAction] = useState<Action>('approve');
  const moderate = useMutation({
    mutationFn: (v: { action: Action; reason?: string }) => api.post(`/api/creatives/${creative.id}/moderate`, v),
    meta: { action: 'moderate creatives' },
    onSuccess: async (_r, v) => {
      onDecided(`${v.action === 'approve' ? 'Approved' : 'Rejected'} the creative “${creative.name}”.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKey(tenantId, 'approvals') }),
        queryClient.invalidateQueries({ queryKey: workspaceKey(tenantId, 'creatives') }),
      ]);
    },
  });
  const errors = useFormErrors(moderate.error, ['reason'], `${action} creatives`);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { choice, text } = readDecision(event, 'reason');
    setAction(choice);
    moderate.mutate({ action: choice, ...(text ? { reason: text } : {}) });
  };
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Link to={`/creatives/${creative.id}`}>{creative.name}</Link>
      </h3>
      <dl className="approval-meta">
        <dt>Channel</dt>
        <dd>{creative.type}</dd>
        <dt>Prepared by</dt>
        <dd>{actorInWords(creative.createdBy)}</dd>
        <dt>Last edited</dt>
        <dd>{new Date(creative.updatedAt).toLocaleString()}</dd>
      </dl>
      {canModerate ? (
        <form onSubmit={submit} noValidate>
          <FormErrors errors={errors.form} />
          <TextAreaField name="reason" label={`Reason for “${creative.name}”`} rows={2} errors={errors.byField.reason} />
          <div className="actions">
            <button type="submit" value="approve" disabled={moderate.isPending}>
              Approve creative
            </button>
            <button type="submit" value="reject" className="secondary" disabled={moderate.isPending}>
              Reject creative
            </button>
          </div>
        </form>
      ) : (
        <p className="muted">An admin of this workspace moderates channel creatives.</p>
      )}
    </article>
  );
}

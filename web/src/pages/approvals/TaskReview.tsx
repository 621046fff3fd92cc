import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { workspaceKey } from '../../api/query-keys';
import { FormErrors, TextAreaField, useFormErrors } from '../../components/form';
import { actorInWords, readDecision, type PendingTask } from './approvals-api';
import { ContentDiff } from './ContentDiff';

type Decision = 'approve' | 'reject';
const ACTION: Record<Decision, string> = { approve: 'approve mailing tasks', reject: 'reject mailing tasks' };
const when = (iso: string) => new Date(iso).toLocaleString();

/** One mailing task awaiting approval: who prepared it, what changed since an earlier approval, and approve / reject with a note. */
export function TaskReview({ task, tenantId, onDecided }: { task: PendingTask; tenantId: string; onDecided: (message: string) => void }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [decision, setDecision] = useState<Decision>('approve');
  const decide = useMutation({
    mutationFn: (v: { decision: Decision; note: string }) => api.post(`/api/mailing/${task.id}/${v.decision}`, { note: v.note }),
    meta: { action: ACTION[decision] },
    onSuccess: async (_r, v) => {
      onDecided(
        v.decision === 'approve'
          ? `Approved “${task.description}”: start it from its page.`
          : `Rejected “${task.description}”: it was cancelled and will not send.`,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKey(tenantId, 'approvals') }),
        queryClient.invalidateQueries({ queryKey: workspaceKey(tenantId, 'tasks') }),
      ]);
    },
  });
  const errors = useFormErrors(decide.error, ['note'], ACTION[decision]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const { choice, text } = readDecision(event, 'note');
    setDecision(choice);
    decide.mutate({ decision: choice, note: text });
  };
  const reset = task.approvalResetReason === 'creative_changed';
  return (
    <article className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Link to={`/tasks/${task.id}`}>{task.description}</Link>
      </h3>
      <dl className="approval-meta">
        <dt>Prepared by</dt>
        <dd>{actorInWords(task.createdBy)}</dd>
        <dt>Created</dt>
        <dd>{when(task.createdAt)}</dd>
        <dt>Creative</dt>
        <dd>{task.creativeId ? <Link to={`/creatives/${task.creativeId}`}>{task.creativeName ?? task.creativeId}</Link> : 'none'}</dd>
        <dt>Task status</dt>
        <dd>{task.status}</dd>
      </dl>
      {reset && (
        <div className="notice">
          <p>
            Approval reset: the creative was edited after{' '}
            {task.lastApproval ? `${actorInWords(task.lastApproval.by)} approved it on ${when(task.lastApproval.at)}` : 'it was approved'}
            {task.drift?.approvedVersion != null && task.drift.currentVersion != null
              ? ` (version ${task.drift.approvedVersion} approved, version ${task.drift.currentVersion} now)`
              : ''}
            . Nothing of the new text is sent until someone approves it.
          </p>
          <ContentDiff approved={task.drift?.approved ?? null} current={task.drift?.current ?? null} />
        </div>
      )}
      <form onSubmit={submit} noValidate>
        <FormErrors errors={errors.form} />
        <TextAreaField
          name="note"
          label={`Note on “${task.description}”`}
          rows={2}
          errors={errors.byField.note}
          hint="Required to reject; kept with the decision."
        />
        <div className="actions">
          <button type="submit" name="decision" value="approve" disabled={decide.isPending}>
            Approve
          </button>
          <button type="submit" name="decision" value="reject" className="secondary" disabled={decide.isPending}>
            Reject
          </button>
        </div>
      </form>
    </article>
  );
}

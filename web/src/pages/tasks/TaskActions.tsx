import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { ConfirmAction } from '../../components/ConfirmAction';
import { onSubmitValues, SubmitButton, TextAreaField } from '../../components/form';
import { taskErrorInWords, tasksKey, type MailingTask } from './tasks-api';

type Action = 'approve' | 'start' | 'pause' | 'resume' | 'cancel';
const ACTION_WORDS: Record<Action, string> = {
  approve: 'approve mailing tasks',
  start: 'start mailing tasks',
  pause: 'pause mailing tasks',
  resume: 'resume mailing tasks',
  cancel: 'cancel mailing tasks',
};

/** Approve with a note, then start / pause / resume / cancel; a refusal is said in words next to the buttons. */
export function TaskActions({ task }: { task: MailingTask }) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const act = useMutation({
    mutationFn: ({ action, note }: { action: Action; note?: string }) =>
      action === 'approve'
        ? api.post<MailingTask>(`/api/mailing/${encodeURIComponent(task.id)}/approve`, { note: note ?? '' })
        : api.post<MailingTask>(`/api/tasks/${encodeURIComponent(task.id)}/${action}`),
    onSuccess: (after) => {
      setAsking(false);
      queryClient.setQueryData(tasksKey(workspace.tenantId, 'task', task.id), after);
      void queryClient.invalidateQueries({ queryKey: tasksKey(workspace.tenantId) });
    },
    // A refused action may have changed the task (approval_stale resets the approval): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: tasksKey(workspace.tenantId, 'task', task.id) }),
  });
  const run = (action: Action) => () => act.mutate({ action });
  const s = task.status;
  const approvable = task.approvalStatus !== 'APPROVED' && (s === 'DRAFT' || s === 'PAUSED');
  const finished = s === 'COMPLETED' || s === 'CANCELLED' || s === 'FAILED';
  // A finished task takes no action: no empty "Actions" heading (a refusal that just happened still shows).
  if (finished && !act.isError) return null;
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      {approvable && (
        <form noValidate onSubmit={onSubmitValues((v) => act.mutate({ action: 'approve', note: String(v.note ?? '') }))}>
          <TextAreaField name="note" label="Approval note" hint="Why this mailing may go out; kept with the approval." rows={2} maxLength={2000} />
          <SubmitButton pending={act.isPending && act.variables?.action === 'approve'}>Approve</SubmitButton>
        </form>
      )}
      <p className="actions">
        {/* Start stays offered on an unapproved draft: the refusal then says what is missing. */}
        {s === 'DRAFT' && (
          <button type="button" onClick={run('start')} disabled={act.isPending}>
            Start sending
          </button>
        )}
        {s === 'ACTIVE' && (
          <button type="button" onClick={run('pause')} disabled={act.isPending}>
            Pause
          </button>
        )}
        {s === 'PAUSED' && (
          <button type="button" onClick={run('resume')} disabled={act.isPending}>
            Resume
          </button>
        )}
        {!finished && (
          <ConfirmAction
            asking={asking}
            onAsk={() => setAsking(true)}
            onCancel={() => setAsking(false)}
            onConfirm={run('cancel')}
            pending={act.isPending}
            action="Cancel the task"
            question="Nothing more will be sent. Cancel it?"
          />
        )}
      </p>
      {act.isError && (
        <p className="error-text" role="alert">
          {taskErrorInWords(act.error, ACTION_WORDS[act.variables.action])}
        </p>
      )}
    </section>
  );
}

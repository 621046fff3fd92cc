import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useWorkspace } from '../../app/workspace';
import { FormErrors, onSubmitValues, SubmitButton, TextField } from '../../components/form';
import { ActionError, useCampaignFormErrors } from './ActionError';
import { reasonInWords } from './campaign-words';
import { campaignKey, type Campaign, type OperationalStatus } from './campaigns-api';

/** The API's bound on one skip preview (dialogs_outbox_skip_preview: taskIds ≤ 10). */
const SKIP_MAX = 10;

interface Preview {
  snapshot: string;
  count: number;
  wouldSkip: { id: string; email: string | null }[];
  notSkippable: { id: string; status: string }[];
}

/** Operational status (send task progress, AI health) and the queued sends: pick some, preview the skip, then skip with a reason. */
export function OutboxPanel({ campaign: c, ops }: { campaign: Campaign; ops: OperationalStatus | undefined }) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<string[]>([]);
  const preview = useMutation({
    mutationFn: (taskIds: string[]) => api.post<Preview>('/api/dialogs/outbox/skip-preview', { taskIds }),
    meta: { action: 'skip sends' },
  });
  const skip = useMutation({
    mutationFn: (body: { snapshot: string; reason: string }) =>
      api.post<{ skipped: number; results: { id: string; outcome: string }[] }>('/api/dialogs/outbox/skip', body),
    meta: { action: 'skip sends' },
    onSuccess: () => {
      setPicked([]);
      preview.reset();
      return queryClient.invalidateQueries({ queryKey: campaignKey(workspace.tenantId, c.id) });
    },
  });
  const skipErrors = useCampaignFormErrors(skip.error, ['reason'], 'skip sends');
  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id].slice(0, SKIP_MAX) : p.filter((x) => x !== id)));
  const counters = ops?.sendTask?.counters;
  return (
    <section className="page-section" aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Outbox</h2>
      {!ops ? (
        <p className="muted">Loading the operational status…</p>
      ) : (
        <>
          <dl className="details">
            <dt>Sending</dt>
            <dd>
              {ops.sendTask
                ? `${ops.sendTask.status.toLowerCase()}: ${['queued', 'sent', 'bounced', 'failed', 'skipped'].map((k) => `${counters?.[k] ?? 0} ${k}`).join(', ')}`
                : 'not started'}
            </dd>
            <dt>Operational state</dt>
            <dd>
              {ops.operationalState === 'DEGRADED' ? `degraded: ${reasonInWords(ops.primaryBlocker ?? 'AI_STAGES_HALTED')}` : 'normal'}
              {ops.pipeline.retryAt ? `; AI stages retried at ${new Date(ops.pipeline.retryAt).toLocaleString()}` : ''}
            </dd>
          </dl>
          {ops.tasks.length === 0 ? (
            <p className="muted">No send is waiting.</p>
          ) : (
            <fieldset className="rows">
              <legend>Waiting sends (pick up to {SKIP_MAX} to skip)</legend>
              <ul className="plain">
                {ops.tasks.map((task) => (
                  <li key={task.id}>
                    <label>
                      <input type="checkbox" checked={picked.includes(task.id)} onChange={(e) => toggle(task.id, e.target.checked)} />{' '}
                      {task.id.split('~')[1] ?? task.id}: attempt {task.attemptNumber} of {task.attemptLimit}, queued {new Date(task.issuedAt).toLocaleString()}
                      {task.reasonCode ? `, ${reasonInWords(task.reasonCode)}` : ''}
                    </label>
                  </li>
                ))}
              </ul>
              <button type="button" className="secondary" disabled={!picked.length || preview.isPending} onClick={() => preview.mutate(picked)}>
                Preview skipping {picked.length || ''} {picked.length === 1 ? 'send' : 'sends'}
              </button>
            </fieldset>
          )}
          <ActionError error={preview.error} action="skip sends" />
          {preview.data && (
            <div>
              <p role="status">
                {preview.data.count} would be skipped
                {preview.data.notSkippable.length
                  ? `; ${preview.data.notSkippable.length} cannot be (${preview.data.notSkippable.map((n) => n.status.toLowerCase()).join(', ')})`
                  : ''}
                .
              </p>
              {preview.data.count > 0 && (
                <form noValidate onSubmit={onSubmitValues((v) => skip.mutate({ snapshot: preview.data!.snapshot, reason: String(v.reason ?? '') }))}>
                  <FormErrors errors={skipErrors.form} />
                  <TextField name="reason" label="Why skip them" errors={skipErrors.byField.reason} />
                  <SubmitButton pending={skip.isPending}>Skip {preview.data.count} sends</SubmitButton>
                </form>
              )}
            </div>
          )}
          {skip.data && <p role="status">Skipped {skip.data.skipped}.</p>}
        </>
      )}
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { canAdminister, useWorkspace } from '../../app/workspace';
import { CheckboxField, FormErrors, onSubmitValues, SubmitButton, TextField, useFormErrors } from '../../components/form';
import { QueryState } from '../../components/QueryState';
import { moved, settingsKey, type Transport } from './settings-api';

/** The minimum interval between two sends of one mailbox (ADMIN or SUPER changes it). */
export function MinIntervalSection() {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const key = settingsKey(workspace.tenantId, 'min-send-interval');
  const current = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ seconds: number }>('/api/settings/min-send-interval', { signal }),
    meta: { action: 'see the send interval' },
  });
  const save = useMutation({
    mutationFn: (seconds: number) => api.put<{ seconds: number }>('/api/settings/min-send-interval', { seconds }),
    meta: { action: 'change the send interval' },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const errors = useFormErrors(save.error, ['seconds'], 'change the send interval');
  const editable = canAdminister(workspace);
  return (
    <section aria-labelledby="interval-heading" className="page-section">
      <h2 id="interval-heading">Minimum interval between sends</h2>
      <QueryState query={current} label="the send interval">
        {(r) => (
          <form key={r.seconds} onSubmit={onSubmitValues((v) => save.mutate(Number(v.seconds ?? Number.NaN)))} noValidate aria-labelledby="interval-heading">
            <FormErrors errors={errors.form} />
            <TextField
              name="seconds"
              label="Seconds between two messages of one mailbox"
              type="number"
              min={0}
              max={86400}
              defaultValue={r.seconds}
              disabled={!editable}
              errors={errors.byField.seconds}
            />
            {editable && (
              <div>
                <SubmitButton pending={save.isPending}>Save the interval</SubmitButton>
              </div>
            )}
            {save.isSuccess && <p className="notice notice-success">Interval saved: {r.seconds} s.</p>}
          </form>
        )}
      </QueryState>
    </section>
  );
}

/** Auto-approve: the whole workspace sends without a manual approval. Only a SUPER sees the switch. */
export function AutoApproveSection() {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const key = settingsKey(workspace.tenantId, 'auto-approve');
  const current = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ enabled: boolean }>('/api/settings/auto-approve', { signal }),
    meta: { action: 'see auto-approve' },
  });
  const save = useMutation({
    mutationFn: (enabled: boolean) => api.put<{ enabled: boolean }>('/api/settings/auto-approve', { enabled }),
    meta: { action: 'change auto-approve' },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  return (
    <section aria-labelledby="approve-heading" className="page-section">
      <h2 id="approve-heading">Auto-approve</h2>
      <QueryState query={current} label="auto-approve">
        {(r) => (
          <>
            <p>
              {r.enabled
                ? 'On: mailing tasks of this workspace start without a manual approval.'
                : 'Off: every mailing task needs a person’s approval before it sends.'}
            </p>
            {workspace.role === 'SUPER' ? (
              <button type="button" className={r.enabled ? 'danger' : undefined} onClick={() => save.mutate(!r.enabled)} disabled={save.isPending}>
                {r.enabled ? 'Turn auto-approve off' : 'Turn auto-approve on'}
              </button>
            ) : (
              <p className="muted">Only a SUPER of the workspace can change auto-approve.</p>
            )}
            {save.error ? (
              <p className="error-text" role="alert">
                {describeError(save.error, 'change auto-approve')}
              </p>
            ) : null}
          </>
        )}
      </QueryState>
    </section>
  );
}

const KIND_NAMES: Record<Transport['kind'], string> = {
  oauth: 'OAuth mailboxes (Google, Microsoft)',
  smtp: 'Application-password mailboxes (SMTP)',
};

/** Which transports the workspace sends through, in order of preference (ADMIN or SUPER changes them). */
export function TransportsSection() {
  const { workspace } = useWorkspace();
  const key = settingsKey(workspace.tenantId, 'transports');
  const current = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<{ transports: Transport[] }>('/api/settings/transports', { signal }),
    meta: { action: 'see transports' },
  });
  return (
    <section aria-labelledby="transports-heading" className="page-section">
      <h2 id="transports-heading">Transports</h2>
      <QueryState query={current} label="the transports">
        {(r) => <TransportsForm key={JSON.stringify(r.transports)} initial={r.transports} />}
      </QueryState>
    </section>
  );
}

function TransportsForm({ initial }: { initial: Transport[] }) {
  const { workspace } = useWorkspace();
  const queryClient = useQueryClient();
  const [list, setList] = useState(initial);
  const save = useMutation({
    mutationFn: (transports: Transport[]) => api.put<{ transports: Transport[] }>('/api/settings/transports', { transports }),
    meta: { action: 'change transports' },
    onSuccess: (answer) => queryClient.setQueryData(settingsKey(workspace.tenantId, 'transports'), answer),
  });
  const errors = useFormErrors(save.error, ['transports'], 'change transports');
  const editable = canAdminister(workspace);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(list);
      }}
      noValidate
      aria-labelledby="transports-heading"
    >
      <FormErrors errors={[...errors.form, ...(errors.byField.transports ?? [])]} />
      <ol>
        {list.map((tr, i) => (
          <li key={tr.kind}>
            <CheckboxField
              name={`transport-${tr.kind}`}
              label={`${KIND_NAMES[tr.kind] ?? tr.kind}: enabled`}
              checked={tr.enabled}
              disabled={!editable}
              onChange={(e) => setList((l) => l.map((x) => (x.kind === tr.kind ? { ...x, enabled: e.target.checked } : x)))}
            />
            {editable && (
              <div className="actions">
                <button type="button" className="secondary" disabled={i === 0} onClick={() => setList((l) => moved(l, i, -1))}>
                  Move {tr.kind} up
                </button>
                <button type="button" className="secondary" disabled={i === list.length - 1} onClick={() => setList((l) => moved(l, i, 1))}>
                  Move {tr.kind} down
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {editable && (
        <div>
          <SubmitButton pending={save.isPending}>Save the transports</SubmitButton>
        </div>
      )}
      {save.isSuccess && <p className="notice notice-success">Transports saved.</p>}
    </form>
  );
}

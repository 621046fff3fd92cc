import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { TextField } from '../../components/form';
import { settingsKey, WIPE_PHRASE } from './settings-api';

interface WipeJob {
  jobId: string;
  status: 'queued' | 'running' | 'completed' | 'failed';
  error: string | null;
  kept: string[];
}

const finished = (j?: WipeJob) => j?.status === 'completed' || j?.status === 'failed';

/** Wiping every piece of workspace data, behind the typed phrase; SUPER only. Its progress is polled until done. */
export function DeleteAllDataSection() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const start = useMutation({
    mutationFn: () => api.post<WipeJob>('/api/settings/delete-all-data', { confirmation: typed }),
    meta: { action: 'delete all workspace data' },
  });
  const jobId = start.data?.jobId;
  const job = useQuery({
    queryKey: settingsKey(t, 'wipe', jobId ?? ''),
    queryFn: async ({ signal }) => {
      const j = await api.get<WipeJob>(`/api/settings/delete-all-data/${encodeURIComponent(jobId ?? '')}`, { signal });
      // Everything the workspace had is gone on the server (its settings too): read it all again, but this job.
      if (j.status === 'completed')
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'workspace' && q.queryKey[1] === t && q.queryKey[3] !== 'wipe' });
      return j;
    },
    enabled: Boolean(jobId),
    refetchInterval: (q) => (finished(q.state.data) ? false : 2_000),
    meta: { action: 'see the wipe' },
  });
  const state = job.data ?? start.data;
  if (workspace.role !== 'SUPER') return null;
  const matches = typed === WIPE_PHRASE;
  return (
    <section aria-labelledby="wipe-heading" className="page-section danger-zone">
      <h2 id="wipe-heading">Delete all data</h2>
      <p>
        Irreversibly deletes every company, contact, list, lead, mailbox, creative, task, campaign and setting of this workspace. The account, its members, API
        keys, balance and ledger stay.
      </p>
      {!state ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (matches) start.mutate();
          }}
          noValidate
          aria-labelledby="wipe-heading"
        >
          <TextField
            name="confirmation"
            label={`Type ${WIPE_PHRASE} to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            errors={start.error ? [describeError(start.error, 'delete all workspace data')] : undefined}
          />
          <div>
            <button type="submit" className="danger" disabled={!matches || start.isPending} aria-busy={start.isPending || undefined}>
              Delete all data of this workspace
            </button>
          </div>
        </form>
      ) : (
        <p role="status" aria-live="polite">
          {state.status === 'completed'
            ? `All data deleted. Kept: ${state.kept.join(', ')}.`
            : state.status === 'failed'
              ? `The wipe failed${state.error ? `: ${state.error}` : ''}. Try again later.`
              : `Deleting… (${state.status})`}
        </p>
      )}
      {job.error ? (
        <p className="error-text" role="alert">
          {describeError(job.error, 'see the wipe')}
        </p>
      ) : null}
    </section>
  );
}

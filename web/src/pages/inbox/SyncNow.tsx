import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, timing } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { inboxKey, mailboxesQuery } from './inbox-api';

interface SyncJob {
  jobId: string;
  status: 'queued' | 'running' | 'completed';
  data: { accountId: string; fetched: number; outcomes: Record<string, number>; reset: boolean; skipped?: string; error?: string }[];
}

/** The job is polled this often, for at most this many polls (the worker reads at most 200 messages per mailbox). */
const POLL_MS = 1000;
const MAX_POLLS = 300;

/** dialogs_sync queues the reading; its job (dialogs_sync_status) lists each mailbox once read. */
async function syncAndWait(): Promise<SyncJob> {
  let job = await api.post<SyncJob>('/api/dialogs/sync', {});
  for (let i = 0; i < MAX_POLLS && job.status !== 'completed'; i++) {
    await timing.sleep(POLL_MS);
    job = await api.get<SyncJob>(`/api/dialogs/sync/${encodeURIComponent(job.jobId)}`);
  }
  return job;
}

const OUTCOME_WORDS: Record<string, string> = {
  stored: 'new',
  duplicate: 'already read',
  dsn: 'bounce reports',
  own: 'our own',
  unparsable: 'unreadable',
};

/** "Sync now" (dialogs_sync): reads every active mailbox now (the schedule also does), waits for the job, then refreshes the inbox. */
export function SyncNow() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const mailboxes = useQuery(mailboxesQuery(t));
  const sync = useMutation({
    mutationFn: syncAndWait,
    meta: { action: 'sync the mailboxes' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey(t) }),
  });
  const emailOf = (id: string) => mailboxes.data?.data.find((m) => m.id === id)?.email ?? id;
  return (
    <div className="sync-now">
      <button type="button" onClick={() => sync.mutate()} disabled={sync.isPending} aria-busy={sync.isPending || undefined}>
        {sync.isPending ? 'Reading the mailboxes…' : 'Sync now'}
      </button>
      <div role="status">
        {sync.data &&
          (sync.data.status === 'completed' && sync.data.data.length === 0 ? (
            <p>No active mailbox to read. Connect one under Senders.</p>
          ) : (
            <ul className="plain">
              {sync.data.data.map((s) => (
                <li key={s.accountId}>
                  {emailOf(s.accountId)}:{' '}
                  {s.error
                    ? `could not be read (${s.error})`
                    : s.skipped
                      ? `skipped (${s.skipped.replace(/_/g, ' ')})`
                      : `${s.fetched} read` +
                        Object.entries(s.outcomes)
                          .filter(([, n]) => n > 0)
                          .map(([k, n]) => `, ${n} ${OUTCOME_WORDS[k] ?? k}`)
                          .join('') +
                        (s.reset ? ' (the mailbox was renumbered and re-read without duplicates)' : '')}
                </li>
              ))}
            </ul>
          ))}
        {sync.data && sync.data.status !== 'completed' && <p>The other mailboxes are still being read; the inbox shows their mail once read.</p>}
      </div>
      {sync.error && (
        <p className="error-text" role="alert">
          The mailboxes could not be read: {describeError(sync.error, 'sync the mailboxes')}
        </p>
      )}
    </div>
  );
}

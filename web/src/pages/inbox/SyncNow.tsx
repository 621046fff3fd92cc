import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useWorkspace } from '../../app/workspace';
import { inboxKey, mailboxesQuery } from './inbox-api';

interface SyncResult {
  data: { accountId: string; fetched: number; outcomes: Record<string, number>; reset: boolean; skipped?: string; error?: string }[];
}

const OUTCOME_WORDS: Record<string, string> = {
  stored: 'new',
  duplicate: 'already read',
  dsn: 'bounce reports',
  own: 'our own',
  unparsable: 'unreadable',
};

/** "Sync now" (dialogs_sync): reads every active mailbox at once (the schedule also does), then refreshes the inbox. */
export function SyncNow() {
  const { workspace } = useWorkspace();
  const t = workspace.tenantId;
  const queryClient = useQueryClient();
  const mailboxes = useQuery(mailboxesQuery(t));
  const sync = useMutation({
    mutationFn: () => api.post<SyncResult>('/api/dialogs/sync', {}),
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
          (sync.data.data.length === 0 ? (
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
      </div>
      {sync.error && (
        <p className="error-text" role="alert">
          The mailboxes could not be read: {describeError(sync.error, 'sync the mailboxes')}
        </p>
      )}
    </div>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { TableRegion } from '../../components/TableRegion';
import { describeError } from '../../api/errors';
import { creativePath, creativesKey, type Creative, type PlacementTest, type SenderAccount } from './creatives-api';
import { SenderSelect } from './TestSendPanel';

const POLL_MS = 3000;
const PLACEMENT_WORDS = { pending: 'waiting', inbox: 'inbox', spam: 'spam', missing: 'missing', send_failed: 'send failed' } as const;

/** One copy to each seed mailbox; where each landed (inbox, spam, missing), polled until the test is done. */
export function PlacementPanel({
  tenantId,
  creative,
  contactId,
  senders,
}: {
  tenantId: string;
  creative: Creative;
  contactId: string;
  senders: SenderAccount[];
}) {
  const [accountId, setAccountId] = useState(senders[0]?.id ?? '');
  const start = useMutation({
    mutationFn: () => api.post<PlacementTest>(`${creativePath(creative.id)}/inbox-placement-tests`, { accountId, ...(contactId ? { contactId } : {}) }),
    meta: { action: 'run placement tests' },
  });
  const testId = start.data?.id;
  const test = useQuery({
    queryKey: creativesKey(tenantId, 'placement', testId),
    queryFn: ({ signal }) => api.get<PlacementTest>(`/api/creatives/inbox-placement-tests/${encodeURIComponent(testId ?? '')}`, { signal }),
    enabled: !!testId,
    initialData: start.data,
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? POLL_MS : false),
    throwOnError: false,
  });
  const t = test.data;
  return (
    <section aria-labelledby="placement-heading" className="page-section">
      <h2 id="placement-heading">Inbox placement</h2>
      {senders.length === 0 ? (
        <p>A placement test sends through a sender mailbox: connect one first.</p>
      ) : (
        <div className="form-row">
          <SenderSelect id="placement-sender" senders={senders} value={accountId} onChange={setAccountId} />
          <button type="button" className="secondary" onClick={() => start.mutate()} disabled={start.isPending || !accountId}>
            Test inbox placement on the seed mailboxes
          </button>
        </div>
      )}
      {start.error ? (
        <p className="error-text" role="alert">
          {describeError(start.error, 'run placement tests')}
        </p>
      ) : null}
      {t && (
        <div aria-live="polite">
          <p>
            {t.status === 'RUNNING'
              ? `Watching the seed mailboxes (up to ${t.timeoutSeconds} s)…`
              : t.status === 'FAILED'
                ? 'The placement test failed.'
                : `Done: ${t.summary?.inbox ?? 0} in the inbox, ${t.summary?.spam ?? 0} in spam, ${t.summary?.missing ?? 0} missing.`}
          </p>
          <TableRegion label="Placement per seed mailbox">
            <table className="data">
              <caption className="visually-hidden">Placement per seed mailbox</caption>
              <thead>
                <tr>
                  <th scope="col">Seed mailbox</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Placement</th>
                  <th scope="col">Folder</th>
                </tr>
              </thead>
              <tbody>
                {t.seeds.map((s) => (
                  <tr key={s.email}>
                    <td>{s.email}</td>
                    <td>{s.provider}</td>
                    <td>{PLACEMENT_WORDS[s.placement]}</td>
                    <td>{s.folder ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </div>
      )}
    </section>
  );
}
